//! The dispatcher: the hero's pending action becomes one intent message of
//! its own kind, so exactly one system plays each kind of action.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::vocab::components::{Corpse, Item};
use crate::vocab::game::NewGame;
use crate::vocab::intents::{
    Action, CloseIntent, DropIntent, EatIntent, FireIntent, PendingAction, PickUpIntent,
    ReadIntent, StairsIntent, StepIntent, ThrowIntent, UseIntent, WaitIntent,
};
use crate::vocab::resources::Way;
use crate::vocab::states::HeroTurn;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StepIntent>()
        .add_message::<WaitIntent>()
        .add_message::<PickUpIntent>()
        .add_message::<StairsIntent>()
        .add_message::<UseIntent>()
        .add_message::<DropIntent>()
        .add_message::<ReadIntent>()
        .add_message::<EatIntent>()
        .add_message::<ThrowIntent>()
        .add_message::<FireIntent>()
        .add_message::<CloseIntent>();
    app.add_systems(Update, dispatch_action.in_set(HeroTurn::Dispatch));
}

/// One writer for each kind of intent.
#[derive(SystemParam)]
struct Intents<'w> {
    step: MessageWriter<'w, StepIntent>,
    wait: MessageWriter<'w, WaitIntent>,
    pick_up: MessageWriter<'w, PickUpIntent>,
    stairs: MessageWriter<'w, StairsIntent>,
    use_item: MessageWriter<'w, UseIntent>,
    drop: MessageWriter<'w, DropIntent>,
    read: MessageWriter<'w, ReadIntent>,
    eat: MessageWriter<'w, EatIntent>,
    throw: MessageWriter<'w, ThrowIntent>,
    fire: MessageWriter<'w, FireIntent>,
    close: MessageWriter<'w, CloseIntent>,
}

/// Takes the pending action and sends it on as its intent. Using a piece
/// of food is eating it.
fn dispatch_action(
    mut pending: ResMut<PendingAction>,
    new_game: Res<NewGame>,
    items: Query<(&Item, Option<&Corpse>)>,
    mut intents: Intents,
) {
    let Some(action) = pending.0.take() else {
        return;
    };
    let is_food = |item: Entity| {
        items
            .get(item)
            .is_ok_and(|(item, corpse)| item.food_value(&new_game.items, corpse).is_some())
    };
    match action {
        Action::Move(dir) => _ = intents.step.write(StepIntent { dir, dig: false }),
        Action::Dig(dir) => _ = intents.step.write(StepIntent { dir, dig: true }),
        Action::Wait => _ = intents.wait.write(WaitIntent),
        Action::PickUp => _ = intents.pick_up.write(PickUpIntent(None)),
        Action::Take(entry) => _ = intents.pick_up.write(PickUpIntent(Some(entry))),
        Action::Descend => _ = intents.stairs.write(StairsIntent(Way::Down)),
        Action::Ascend => _ = intents.stairs.write(StairsIntent(Way::Up)),
        Action::Use(item) if is_food(item) => _ = intents.eat.write(EatIntent::Carried(item)),
        Action::Use(item) => _ = intents.use_item.write(UseIntent(item)),
        Action::Drop(item) => _ = intents.drop.write(DropIntent(item)),
        Action::Read { scroll, target } => _ = intents.read.write(ReadIntent { scroll, target }),
        Action::Throw { item, target } => _ = intents.throw.write(ThrowIntent { item, target }),
        Action::Fire { target } => _ = intents.fire.write(FireIntent { target }),
        Action::Eat => _ = intents.eat.write(EatIntent::Underfoot),
        Action::Close => _ = intents.close.write(CloseIntent),
    }
}
