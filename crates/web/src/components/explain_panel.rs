//! "What am I looking at?": the idea, formula, assumptions and source of the scenario's
//! pattern and model, so that a page opened from a link explains itself.

use leptos::html::Summary;
use leptos::prelude::*;

use crate::asked::Asked;
use crate::derived::panel_formulas;
use crate::dom::Node;
use crate::explain::{panel, Section};
use crate::held::follow_on_screen;
use crate::math::view::formula;
use crate::state::State;

/// `details#explain`, closed at first: one section for the pattern (`#explain-pattern`) with
/// its formulas under the scenario's model, and one for the model (`#explain-model`). It
/// follows the scenario's report: each section stays while its pattern or model does, and a
/// slider changes only the formulas whose numbers change; while a slider moves, closed or off
/// screen, it waits ([`follow_on_screen`]).
#[component]
pub fn ExplainPanel(
    /// The app state: its choice of pattern and model.
    state: State,
) -> impl IntoView {
    let body = Node::new();
    let sections = follow_on_screen(state.address, body, move || {
        let c = state.choice.get();
        let formulas = state
            .report
            .with(|r| r.as_ref().map(panel_formulas).unwrap_or_default());
        panel(c.pattern, c.model, formulas)
    });
    // Opened, its summary focused, when the person opened it in the calculator's module.
    let asked = state
        .page
        .with_untracked(|p| p.asked == Some(Asked::Explain));
    let summary = NodeRef::<Summary>::new();
    Effect::new(move || {
        if let Some(summary) = summary.get() {
            if state.take_asked(|a| a == Asked::Explain).is_some() {
                let _ = summary.focus();
            }
        }
    });
    view! {
        <details class="explain panel" id="explain" open=asked>
            <summary node_ref=summary>"What am I looking at?"</summary>
            <div class="explain-body" node_ref=body>
                <For each=move || sections.get() key=|s| (s.kind, s.key) let:s>
                    {section(sections, s)}
                </For>
            </div>
        </details>
    }
}

/// `section#explain-pattern[data-pattern]` (or the model's), `s` as it came: title, idea,
/// formulas, assumptions and source, the source's papers in its tooltip. All but the formulas
/// are the pattern's or model's, which the section's key names; the formulas follow
/// `sections`.
fn section(sections: ReadSignal<Vec<Section>>, s: Section) -> impl IntoView {
    let (kind, key) = (s.kind, s.key);
    let shown = Memo::new(move |_| {
        sections.with(|all| {
            all.iter()
                .find(|s| (s.kind, s.key) == (kind, key))
                .map(|s| s.formulas.clone())
        })
    });
    let formulas = move || shown.with(|f| f.iter().flatten().map(formula).collect_view());
    let name = s.kind.name();
    let assumptions = s
        .about
        .assumptions
        .iter()
        .map(|a| view! { <li>{*a}</li> })
        .collect_view();
    view! {
        <section
            class="explain-item"
            id=format!("explain-{name}")
            aria-labelledby=format!("explain-{name}-title")
        >
            <h3 id=format!("explain-{name}-title")>
                <small>{s.kind.heading()}</small>
                " "
                {s.about.title}
            </h3>
            <p class="idea">{s.about.idea}</p>
            <div class="formula">{formulas}</div>
            <ul class="assumptions" aria-label="Assumptions">{assumptions}</ul>
            <p class="cite">
                "Source: "
                <span title=s.cited>{s.about.source}</span>
            </p>
        </section>
    }
    .attr(s.kind.data_attribute(), s.key)
}
