//! Gloomdelve's integration tests, in one binary so Bevy links once:
//! headless rules, the key mapping, the command line, and a real window.

mod bestiary;
mod cli;
mod creatures;
mod doors;
mod ecology;
mod explore;
mod foresight;
mod gear;
mod hardening;
mod hunger;
mod items;
mod keys;
mod kinds;
mod layout;
mod levels;
mod lore;
mod missiles;
mod motion;
mod readme;
mod routes;
mod rules;
mod save_checks;
mod saving;
mod sim;
mod sleep;
mod support;
mod title;
mod vaults;
mod window;
