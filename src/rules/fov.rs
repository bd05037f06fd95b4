//! Sight and fog of war: which tiles the hero sees now, and which it
//! remembers. Each turn only the tiles whose state changed are reported, so
//! the tilemap never rewrites a whole 600×600 level.

use bevy::prelude::*;

use crate::vocab::components::Creature;
use crate::vocab::components::FogRule;
use crate::vocab::components::Vision;
use crate::vocab::components::{GridPos, Hero};
use crate::vocab::data::ScrollKind;
use crate::vocab::game::NewGame;
use crate::vocab::messages::TurnTaken;
use crate::vocab::messages::{Burrowed, DoorSwung, SightChanged, SpellCast};
use crate::vocab::reset::ResetOnNewGame;
use crate::vocab::resources::Level;
use crate::vocab::resources::MonstersInView;
use crate::vocab::resources::Seen;
use crate::vocab::resources::Sight;
use crate::vocab::states::EnterLevel;
use crate::vocab::states::Screen;
use crate::vocab::states::SeenRemembered;
use crate::vocab::states::TurnPhase;
use crate::vocab::statuses::{Status, Statuses};

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
    spotted.all_gone = now.is_empty() && !spotted.in_view.is_empty();
    spotted.in_view = now;
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SightChanged>();
    app.init_resource::<MonstersInView>();
    app.remove_on_new_game::<Sight>();
    app.add_message::<Burrowed>();
    app.add_systems(
        Update,
        map_the_level
            .in_set(TurnPhase::UpdateFov)
            .before(look_around)
            .run_if(on_message::<SpellCast>),
    );
    app.add_systems(
        Update,
        remember_tiles_as_they_were
            .after(TurnPhase::WorldActs)
            .before(TurnPhase::UpdateHud)
            .run_if(on_message::<Burrowed>),
    );
    app.add_systems(
        Update,
        (remember_doors_as_they_were, look_again)
            .chain()
            .after(TurnPhase::WorldActs)
            .before(TurnPhase::ResolveDeaths)
            .run_if(on_message::<DoorSwung>),
    );
    app.add_systems(
        Update,
        spot_monsters
            .after(TurnPhase::ResolveDeaths)
            .before(TurnPhase::UpdateHud)
            .run_if(on_message::<TurnTaken>),
    );
    app.add_systems(
        OnEnter(Screen::Playing),
        open_eyes.in_set(EnterLevel::Settle),
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
            .in_set(SeenRemembered)
            .run_if(resource_exists::<Sight>),
    );
}

/// A scroll of mapping puts the level's layout in the hero's memory: every
/// tile one can stand on, and the rock around it.
fn map_the_level(
    mut casts: MessageReader<SpellCast>,
    level: Res<Level>,
    mut sight: ResMut<Sight>,
    mut changes: MessageWriter<SightChanged>,
) {
    if casts.read().any(|cast| cast.kind == ScrollKind::Mapping) {
        let mapped = sight.learn_layout(&level.terrain);
        if !mapped.is_empty() {
            changes.write(SightChanged(mapped));
        }
    }
}

/// A tile a creature dug where the hero did not see it stays remembered
/// as it was, until the hero sees it again.
fn remember_tiles_as_they_were(mut burrowed: MessageReader<Burrowed>, mut sight: ResMut<Sight>) {
    for (pos, was) in burrowed.read().flat_map(|dig| dig.before.iter()) {
        sight.recall(*pos, *was);
    }
}

/// A door that swung where the hero did not see it stays remembered as
/// it was; one that swung in view (a creature opened it) lets the hero
/// look again at once, through it or no longer through it.
fn remember_doors_as_they_were(mut swung: MessageReader<DoorSwung>, mut sight: ResMut<Sight>) {
    for door in swung.read() {
        sight.recall(door.at, door.was);
    }
}

/// [`look_around`] once more, when a door swung in the world's turn.
fn look_again(
    level: Res<Level>,
    new_game: Res<NewGame>,
    sight: ResMut<Sight>,
    hero: Single<(&GridPos, &Vision, Option<&Statuses>), With<Hero>>,
    changes: MessageWriter<SightChanged>,
) {
    look_around(level, new_game, sight, hero, changes);
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
        .filter(|s| s.width() == level.terrain.width() && s.height() == level.terrain.height())
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

/// How far the hero sees: twice its `vision` with far sight.
pub(crate) fn sight_radius(vision: i32, statuses: Option<&Statuses>) -> i32 {
    if statuses.is_some_and(|s| s.has(Status::FarSight)) {
        vision.saturating_mul(2)
    } else {
        vision
    }
}

fn look_around(
    level: Res<Level>,
    new_game: Res<NewGame>,
    mut sight: ResMut<Sight>,
    hero: Single<(&GridPos, &Vision, Option<&Statuses>), With<Hero>>,
    mut changes: MessageWriter<SightChanged>,
) {
    if new_game.reveal {
        return;
    }
    let (at, vision, statuses) = *hero;
    let radius = sight_radius(vision.0, statuses);
    let changed = sight.update(&level, at.0, radius);
    if !changed.is_empty() {
        changes.write(SightChanged(changed));
    }
}

/// Notes the items the hero sees, so they stay on the map, dimmed, once
/// out of view. A rule, not a drawing: the headless game keeps it too.
pub(crate) fn remember_seen_things(sight: Res<Sight>, mut things: Query<(&GridPos, &mut FogRule)>) {
    for (pos, mut rule) in &mut things {
        if *rule == (FogRule::Remembered { seen: false }) && sight.seen(pos.0) == Seen::Visible {
            *rule = FogRule::Remembered { seen: true };
        }
    }
}
