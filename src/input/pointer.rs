//! The mouse in play: a left click on a tile the hero knows walks there,
//! along the route drawn under the pointer (`view::route`). It stops as
//! every walk does; a tile with no known way does nothing (the look line
//! says so).

use bevy::prelude::*;

use crate::view::route::PointerRoute;
use crate::vocab::messages::{Goal, StartWalk};

/// A left click on the pointed tile starts the walk the route showed.
pub(crate) fn click_to_travel(
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    route: Option<Res<PointerRoute>>,
    mut start: MessageWriter<StartWalk>,
) {
    let clicked = buttons.is_some_and(|b| b.just_pressed(MouseButton::Left));
    let Some(route) = route.filter(|_| clicked) else {
        return;
    };
    if let Some(to) = route.to.filter(|_| !route.steps.is_empty()) {
        start.write(StartWalk(Goal::Tile(to)));
    }
}
