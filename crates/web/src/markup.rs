//! Panels written as HTML text, their events taken by delegation.
//!
//! Every `view!` element, attribute closure and event handler is a type of its own, and the
//! renderer's code that builds and updates it is compiled once per type: a panel of small
//! components (the controls, the share dialog, the tabs) costs the shipped module far more as
//! views than as the text of its markup. Such a panel is one
//! element of a `view!`: its content is HTML that follows the signals it reads, changed in
//! place (`dom::html_follows`), and the events its elements send bubble up to it, where one
//! handler per kind of event finds which element was used ([`Used`]).

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, Event};

use crate::dom::Node;

/// Passes the `events` that reach `node` from its content to `on`, once the node is on the
/// page. They are taken as they go down to the element used (the capture phase), so that the
/// events that do not bubble (`focus`, a dialog's `close`) reach the panel as the others do.
/// One copy of the code for every panel: the listener lives as long as the view that made it.
pub fn listen(node: Node, events: &'static [&'static str], on: impl Fn(&Used) + 'static) {
    attach(node, events, Box::new(on));
}

/// A panel's listener, called from JavaScript.
type Listener = Closure<dyn Fn(Event)>;

/// [`listen`] with its handler boxed: one copy of the code for every caller.
fn attach(node: Node, events: &'static [&'static str], on: Box<dyn Fn(&Used)>) {
    let on = std::rc::Rc::new(on);
    // The effect's value is the listener, kept until the view is disposed; none until the node
    // is on the page.
    Effect::new(move |listener: Option<Option<Listener>>| {
        if let Some(Some(listener)) = listener {
            return Some(listener);
        }
        let el = node.get()?;
        let on = on.clone();
        let listener = Listener::new(move |ev: Event| {
            if let Some(used) = Used::new(&ev) {
                on(&used);
            }
        });
        for event in events {
            let _ = el.add_event_listener_with_callback_and_bool(
                event,
                listener.as_ref().unchecked_ref(),
                true,
            );
        }
        Some(listener)
    });
}

/// The element of a panel that an event came from.
pub struct Used {
    kind: String,
    target: Element,
}

impl Used {
    /// What `ev` came from; `None` for an event that no element sent.
    pub fn new(ev: &Event) -> Option<Used> {
        let target = ev.target()?.dyn_into::<Element>().ok()?;
        Some(Used {
            kind: ev.type_(),
            target,
        })
    }

    /// The kind of event: "click", "input", "change", …
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The value of `attr` on the nearest element that has it, from the element used outwards:
    /// which item of the panel it belongs to (`data-control`, `data-key`, …).
    pub fn within(&self, attr: &str) -> Option<String> {
        self.target
            .closest(&format!("[{attr}]"))
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute(attr))
    }

    /// Whether the element used, or one around it, matches the CSS `selector` (a click on a
    /// button's text counts as a click on the button).
    pub fn is(&self, selector: &str) -> bool {
        self.target.closest(selector).ok().flatten().is_some()
    }

    /// The value of the field or select used; empty for another element.
    pub fn value(&self) -> String {
        self.property("value").as_string().unwrap_or_default()
    }

    /// The element used.
    pub fn element(&self) -> &Element {
        &self.target
    }

    fn property(&self, name: &str) -> JsValue {
        js_sys::Reflect::get(&self.target, &name.into()).unwrap_or(JsValue::UNDEFINED)
    }
}
