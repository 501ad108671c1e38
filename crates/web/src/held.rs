//! Content below the fold that waits while a slider moves: a value a view shows off screen is
//! not even made on every step of a drag, only once the slider pauses, is released or the
//! content comes on screen (`dom::Address::drawing_waits`, the rule the results table and the charts
//! below the fold follow).

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;

use crate::dom::{Address, Node};

/// `made`'s value as the content of `node` shows it (`address`: the app's, which knows
/// whether a slider moves): a signal that follows `made`, except
/// while a slider moves and `node` is off screen, when it keeps its value and `made` is not
/// run; it takes `made`'s value once the slider pauses, is released or `node` comes on screen.
/// An equal value leaves the signal, and so the nodes that read it, alone.
pub fn follow_on_screen<T>(
    address: Address,
    node: Node,
    made: impl Fn() -> T + 'static,
) -> ReadSignal<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    let shown = RwSignal::new(untrack(&made));
    let waited = RwSignal::new(false);
    // `update` does nothing to a signal already disposed (the view closed while it waited).
    let redraw = Closure::<dyn Fn()>::new(move || waited.update(|w| *w = !*w));
    // While it waits, the effect reads nothing else: the end of the wait runs it.
    Effect::new(move |_| {
        waited.track();
        if node
            .get()
            .is_some_and(|el| address.drawing_waits(&el, &redraw))
        {
            return;
        }
        let now = made();
        if shown.with_untracked(|s| *s != now) {
            shown.set(now);
        }
    });
    shown.read_only()
}
