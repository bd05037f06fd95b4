//! Sight and fog of war: which tiles the hero sees now, and which it
//! remembers. Each turn only the tiles whose state changed are reported, so
//! the tilemap never rewrites a whole 600×600 level.

use bevy::prelude::*;
use gloomdelve_core::fov::{Fov, within_radius};
use gloomdelve_core::{Grid, Pos};

use crate::rules::creatures::Creature;
use crate::rules::map::{GridPos, Hero, Level};
use crate::rules::turn::{TurnPhase, TurnTaken};
use crate::view::tilemap::FogRule;
use crate::vocab::game::NewGame;
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::states::{EnterPlaying, Screen};

/// What the hero knows of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Seen {
    #[default]
    Unseen,
    /// Seen before, not now: drawn dimmed.
    Remembered,
    /// In view this turn.
    Visible,
}

/// The hero's sight on the current level.
#[derive(Resource, Debug)]
pub struct Sight {
    state: Grid<Seen>,
    /// The update each tile was last seen in, to spot changes cheaply.
    stamp: Grid<u32>,
    epoch: u32,
    visible: Vec<Pos>,
    fov: Fov,
}

/// Tiles whose [`Seen`] state changed in this update.
#[derive(Message, Clone, Debug)]
pub struct SightChanged(pub Vec<Pos>);

impl Sight {
    /// Nothing seen yet, or everything when `reveal` is set.
    pub fn new(width: i32, height: i32, reveal: bool) -> Self {
        let all = if reveal { Seen::Visible } else { Seen::Unseen };
        Self {
            state: Grid::new(width, height, all),
            stamp: Grid::new(width, height, 0),
            epoch: 1,
            visible: Vec::new(),
            fov: Fov::new(),
        }
    }

    /// Sight on a level seen before: `memory` marks the tiles remembered.
    pub fn remembering(memory: Grid<bool>, reveal: bool) -> Self {
        let mut sight = Self::new(memory.width(), memory.height(), reveal);
        if !reveal {
            for (p, &known) in memory.iter() {
                if known {
                    sight.state[p] = Seen::Remembered;
                }
            }
        }
        sight
    }

    /// Which tiles the hero has ever seen on this level.
    pub fn memory(&self) -> Grid<bool> {
        Grid::from_fn(self.state.width(), self.state.height(), |p| {
            self.state[p] != Seen::Unseen
        })
    }

    pub fn seen(&self, pos: Pos) -> Seen {
        self.state.get(pos).copied().unwrap_or_default()
    }

    /// The tiles in view this turn.
    pub fn visible(&self) -> &[Pos] {
        &self.visible
    }

    /// Recomputes sight from `origin` and returns the tiles whose state changed.
    pub fn update(&mut self, level: &Level, origin: Pos, radius: i32) -> Vec<Pos> {
        self.epoch += 1;
        let (epoch, mut changed) = (self.epoch, Vec::new());
        let previous = std::mem::take(&mut self.visible);
        let Self {
            state,
            stamp,
            fov,
            visible,
            ..
        } = self;
        fov.compute(
            origin,
            radius,
            |p| level.terrain.tile(p).blocks_sight(),
            |p| {
                let Some(last) = stamp.get_mut(p) else { return };
                if *last == epoch {
                    return;
                }
                if *last != epoch - 1 || state[p] != Seen::Visible {
                    changed.push(p);
                }
                *last = epoch;
                state[p] = Seen::Visible;
                visible.push(p);
            },
        );
        for p in previous {
            if self.stamp[p] != epoch && self.state[p] == Seen::Visible {
                self.state[p] = Seen::Remembered;
                changed.push(p);
            }
        }
        changed
    }

    /// Whether a creature at `at` with sight `vision` sees the hero: by
    /// symmetry, exactly when the hero sees that tile and it is in range.
    pub fn sees_hero(&self, hero: Pos, at: Pos, vision: i32) -> bool {
        self.seen(at) == Seen::Visible && within_radius(at.x - hero.x, at.y - hero.y, vision)
    }
}

/// How far the hero sees.
#[derive(Component, Clone, Copy, Debug)]
pub struct Vision(pub i32);

/// The creatures in view after the last turn, and whether one of them
/// was not in view the turn before: a held key stops walking then.
#[derive(Resource, Debug, Default)]
pub struct MonstersInView {
    pub in_view: Vec<Entity>,
    pub newcomer: bool,
}

/// Notes which creatures the hero sees once everyone has moved.
fn spot_monsters(
    sight: Res<Sight>,
    creatures: Query<(Entity, &GridPos), With<Creature>>,
    mut spotted: ResMut<MonstersInView>,
) {
    let now: Vec<Entity> = creatures
        .iter()
        .filter(|(_, pos)| sight.seen(pos.0) == Seen::Visible)
        .map(|(entity, _)| entity)
        .collect();
    spotted.newcomer = now.iter().any(|e| !spotted.in_view.contains(e));
    spotted.in_view = now;
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SightChanged>();
    app.init_resource::<MonstersInView>();
    app.remove_on_new_game::<Sight>();
    app.add_systems(
        Update,
        spot_monsters
            .after(TurnPhase::ResolveDeaths)
            .before(TurnPhase::UpdateHud)
            .run_if(on_message::<TurnTaken>),
    );
    app.add_systems(
        OnEnter(Screen::Playing),
        open_eyes
            .after(crate::rules::map::spawn_hero)
            .in_set(EnterPlaying::Rules),
    );
    app.add_systems(
        Update,
        look_around
            .in_set(TurnPhase::UpdateFov)
            .run_if(on_message::<TurnTaken>),
    );
    app.add_systems(
        Update,
        remember_seen_things
            .in_set(TurnPhase::UpdateHud)
            .run_if(resource_exists::<Sight>),
    );
}

/// Starts the level's sight and looks once from where the hero stands.
fn open_eyes(
    mut commands: Commands,
    level: Res<Level>,
    new_game: Res<NewGame>,
    hero: Single<(Entity, &GridPos), With<Hero>>,
    kept: Option<ResMut<Sight>>,
    mut changes: MessageWriter<SightChanged>,
) {
    let (entity, at) = *hero;
    let radius = new_game.rules.hero_vision;
    commands.entity(entity).insert(Vision(radius));
    // A level seen before keeps its memory (put back by `levels`).
    let mut sight = kept
        .map(|mut kept| std::mem::replace(&mut *kept, Sight::new(1, 1, false)))
        .filter(|s| {
            s.state.width() == level.terrain.width() && s.state.height() == level.terrain.height()
        })
        .unwrap_or_else(|| {
            Sight::new(
                level.terrain.width(),
                level.terrain.height(),
                new_game.reveal,
            )
        });
    if !new_game.reveal {
        changes.write(SightChanged(sight.update(&level, at.0, radius)));
    }
    commands.insert_resource(sight);
}

fn look_around(
    level: Res<Level>,
    new_game: Res<NewGame>,
    mut sight: ResMut<Sight>,
    hero: Single<(&GridPos, &Vision), With<Hero>>,
    mut changes: MessageWriter<SightChanged>,
) {
    if new_game.reveal {
        return;
    }
    let (at, vision) = *hero;
    let changed = sight.update(&level, at.0, vision.0);
    if !changed.is_empty() {
        changes.write(SightChanged(changed));
    }
}

/// Notes the items the hero sees, so they stay on the map, dimmed, once
/// out of view. A rule, not a drawing: the headless game keeps it too.
pub fn remember_seen_things(sight: Res<Sight>, mut things: Query<(&GridPos, &mut FogRule)>) {
    for (pos, mut rule) in &mut things {
        if *rule == (FogRule::Remembered { seen: false }) && sight.seen(pos.0) == Seen::Visible {
            *rule = FogRule::Remembered { seen: true };
        }
    }
}
