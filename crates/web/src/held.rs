//! Content below the fold that waits while a slider moves: a value a view shows off screen is
//! not even made on every step of a drag, only once the slider pauses, is released or the
//! content comes on screen (`dom::Address::waits`, the rule the results table and the charts
//! below the fold follow).

use leptos::prelude::*;

use crate::dom::{on_screen, Address, Node};

/// `made`'s value as the content of `node` shows it (`address`: the app's, which knows
/// whether a slider moves): a signal that follows `made`, except while a slider moves and
/// `node` is off screen, when it keeps its value and `made` is not run; it takes `made`'s
/// value once the slider pauses, is released or `node` comes on screen. An equal value leaves
/// the signal, and so the nodes that read it, alone.
pub fn follow_on_screen<T>(
    address: Address,
    node: Node,
    made: impl Fn() -> T + 'static,
) -> ReadSignal<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    let shown = RwSignal::new(untrack(&made));
    let on_screen = on_screen(node);
    // While it waits, it reads nothing but the wait: the wait's end runs it again.
    Effect::new(move |_| {
        if address.waits(on_screen) {
            return;
        }
        let now = made();
        if shown.with_untracked(|s| *s != now) {
            shown.set(now);
        }
    });
    shown.read_only()
}
