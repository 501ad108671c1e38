//! Panels written as HTML text, their events taken by delegation.
//!
//! Every `view!` element, attribute closure and event handler is a type of its own, and the
//! renderer's code that builds and updates it is compiled once per type: a panel of small
//! components (the controls, the share dialog, the tabs) costs the shipped module far more as
//! views than as the text of its markup (docs/web-bytes.md, "Stop 20"). Such a panel is one
//! element of a `view!`: its content is HTML that follows the signals it reads, changed in
//! place (`dom::html_follows`), and the events its elements send bubble up to it, where one
//! handler per kind of event finds which element was used ([`Used`]).

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, Event};

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

    fn property(&self, name: &str) -> JsValue {
        js_sys::Reflect::get(&self.target, &name.into()).unwrap_or(JsValue::UNDEFINED)
    }
}
