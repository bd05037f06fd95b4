//! Motion: the screen catching up with what the rules already resolved.
//!
//! The rules play a turn at once and say what happened in messages
//! ([`Moved`](crate::vocab::messages::Moved), `Struck`, `Died`, `HeroDug`,
//! `SpellCast`, `Grazed`, `Sprouted`). These systems play those messages as short animations and
//! never touch the rules' state. A key pressed while they play finishes
//! them at once ([`FinishAnimations`]) before the key's own turn is drawn;
//! turns that come faster than a step (a held key, a walk, a replay)
//! shorten them to fit; with Reduce motion on, nothing plays.
//!
//! The timings are data: `assets/data/animation.ron` ([`timings`]).

pub(crate) mod actors;
mod ecology;
pub mod effects;
mod missiles;
pub mod state;
pub mod timings;
pub mod tween;

use bevy::prelude::*;

use crate::vocab::messages::TurnTaken;
use crate::vocab::states::{Screen, TurnPhase};
use state::{Animation, Motion};

/// Ends every animation at once: sent by a key that acts, so that what it
/// does is drawn from where the last turn ended.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct FinishAnimations;

/// The order of the motion systems in a frame, after the rules and the map.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum MotionSet {
    /// A key asked for the end: what plays jumps to it.
    Finish,
    /// This turn's messages start their animations.
    Start,
    /// Clocks move on.
    Advance,
    /// What animates is drawn.
    Draw,
    /// What ended is removed.
    End,
}

/// The motion systems. They need a [`SpriteBook`](crate::view::assets::SpriteBook),
/// a [`Level`](crate::vocab::resources::Level) and the map's
/// [`tile_sync_plugin`](crate::view::tilemap::tile_sync_plugin), but no
/// renderer, so headless tests can run them beside the rules.
pub fn plugin(app: &mut App) {
    app.init_resource::<Motion>();
    app.add_message::<FinishAnimations>();
    app.add_observer(actors::give_animation);
    app.configure_sets(
        Update,
        (
            MotionSet::Finish,
            MotionSet::Start,
            MotionSet::Advance,
            MotionSet::Draw,
            MotionSet::End,
        )
            .chain()
            .after(TurnPhase::UpdateHud)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        (
            finish_on_request.in_set(MotionSet::Finish),
            (
                keep_pace,
                actors::start_glides,
                actors::start_lunges,
                effects::play_deaths,
                effects::crumble_walls,
                effects::play_spells,
                missiles::play_missiles,
                effects::mark_the_paralysed,
                ecology::play_grazing,
                ecology::play_sprouting,
            )
                .chain()
                .in_set(MotionSet::Start),
            (actors::advance, effects::tick_effects).in_set(MotionSet::Advance),
            (
                actors::draw_animated,
                effects::draw_falls,
                effects::draw_debris,
                effects::draw_spells,
                missiles::draw_lost_missiles,
                effects::bob_signs,
                ecology::draw_meals,
                ecology::draw_growth,
            )
                .in_set(MotionSet::Draw),
            effects::end_effects.in_set(MotionSet::End),
        ),
    );
    // A new level, or a game loaded, starts with nothing in motion.
    app.add_systems(OnEnter(Screen::Playing), finish_everything);
}

/// Jumps every animation and effect to its end when asked.
fn finish_on_request(
    mut requests: MessageReader<FinishAnimations>,
    animations: Query<&mut Animation>,
    effects: Query<&mut effects::Fx>,
) {
    if requests.read().count() > 0 {
        finish(animations, effects);
    }
}

fn finish_everything(animations: Query<&mut Animation>, effects: Query<&mut effects::Fx>) {
    finish(animations, effects);
}

fn finish(mut animations: Query<&mut Animation>, mut fx: Query<&mut effects::Fx>) {
    for mut animation in &mut animations {
        if animation.busy() {
            animation.finish();
        }
    }
    effects::finish_effects(&mut fx);
}

/// How much of a step's time the last turn left: turns that come faster
/// than a step shorten the animations they start, so each has ended by
/// the next turn.
fn keep_pace(
    mut turns: MessageReader<TurnTaken>,
    time: Res<Time<Real>>,
    mut motion: ResMut<Motion>,
    mut last: Local<Option<f32>>,
) {
    if turns.read().count() == 0 {
        return;
    }
    let now = time.elapsed_secs();
    let since = last.replace(now).map_or(f32::INFINITY, |then| now - then);
    let pace = pace_for(since, &motion.timings);
    if motion.pace != pace {
        motion.pace = pace;
    }
}

/// The pace for turns `since` seconds apart: 1 for turns a step or more
/// apart, less for faster ones, never under the data's `shortest`.
pub(crate) fn pace_for(since: f32, timings: &timings::AnimationData) -> f32 {
    /// The share of the time between two turns an animation may take.
    const FIT: f32 = 0.85;
    if timings.step <= 0.0 {
        return 1.0;
    }
    (since * FIT / timings.step).clamp(timings.shortest, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_faster_than_a_step_shorten_the_animations_to_fit() {
        let timings = timings::AnimationData::default();
        assert_eq!(pace_for(f32::INFINITY, &timings), 1.0);
        assert_eq!(pace_for(1.0, &timings), 1.0);
        let held = pace_for(0.04, &timings);
        assert!(
            held * timings.step <= 0.04,
            "a step ends before the next repeat"
        );
        assert!(held >= timings.shortest);
        assert_eq!(pace_for(0.0, &timings), timings.shortest);
    }
}
