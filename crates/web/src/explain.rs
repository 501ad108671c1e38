//! "What am I looking at?": the panel that shows, for the scenario's pattern and model, the
//! idea, the formulas, the assumptions and the source. Every fact in it is the core's: the
//! explanations and citations ([`commcalc_core::explain`], [`commcalc_core::papers`]), the
//! pattern's formulas (the derivations its report was computed by) and the model's (the trees
//! its module computes with, [`Model::equations`]), rendered to MathML by [`crate::derived`].
//! This module knows no model.

use std::fmt::Write;

use commcalc_core::explain;
use commcalc_core::papers;
use commcalc_core::patterns::PatternDef;
use commcalc_core::Model;

use crate::derived::formula_mathml;
use crate::html::esc;

/// The citation checker the core's tests use too.
#[cfg(test)]
#[path = "../../../tests/support/citations.rs"]
pub(crate) mod citations;

/// The model's equations as MathML, one `<math>` each: the core's trees in symbols.
pub fn model_mathml(m: Model) -> String {
    m.equations().iter().map(formula_mathml).collect()
}

// ---- The panel's markup -----------------------------------------------------------------------

/// What a section shows.
struct Section<'a> {
    /// `pattern` or `model`.
    kind: &'a str,
    heading: &'a str,
    /// The pattern's or model's id.
    key: &'a str,
    title: &'a str,
    idea: &'a str,
    /// MathML, one `<math>` per equation.
    mathml: &'a str,
    assumptions: &'a [&'a str],
    source: &'a str,
}

/// One explanation as a section.
fn section(e: &Section) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<section class=\"explain-item\" id=\"explain-{kind}\" data-{kind}=\"{key}\" aria-labelledby=\"explain-{kind}-title\">\
         <h3 id=\"explain-{kind}-title\"><small>{heading}</small> {title}</h3>\
         <p class=\"idea\">{idea}</p><div class=\"formula\">{math}</div><ul class=\"assumptions\" aria-label=\"Assumptions\">",
        kind = e.kind,
        heading = e.heading,
        key = esc(e.key),
        title = esc(e.title),
        idea = esc(e.idea),
        math = e.mathml,
    );
    for a in e.assumptions {
        let _ = write!(out, "<li>{}</li>", esc(a));
    }
    let _ = write!(
        out,
        "</ul><p class=\"cite\">Source: <span title=\"{}\">{}</span></p></section>",
        esc(&papers::cited(e.source)),
        esc(e.source)
    );
    out
}

/// The panel's body for a scenario's pattern and model: the pattern's explanation with
/// `derivation` (its formulas under the model, MathML, from the scenario's report: see
/// [`crate::derived::panel_formulas`]), then the model's.
pub fn panel(def: &PatternDef, m: Model, derivation: &[String]) -> String {
    let mut out = String::new();
    if let Some(e) = explain::pattern(def) {
        out.push_str(&section(&Section {
            kind: "pattern",
            heading: "Pattern",
            key: def.id,
            title: e.title,
            idea: e.idea,
            mathml: &derivation.concat(),
            assumptions: e.assumptions,
            source: e.source,
        }));
    }
    let e = explain::model(m);
    out.push_str(&section(&Section {
        kind: "model",
        heading: "Model",
        key: m.id(),
        title: e.title,
        idea: e.idea,
        mathml: &model_mathml(m),
        assumptions: e.assumptions,
        source: e.source,
    }));
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use commcalc_core::patterns::PATTERNS;

    /// Tags open and close in order (`<a …>` … `</a>`), so the markup is well formed.
    pub(crate) fn assert_balanced(markup: &str) {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = markup;
        while let Some(i) = rest.find('<') {
            rest = &rest[i + 1..];
            let end = rest
                .find('>')
                .unwrap_or_else(|| panic!("unclosed < in {markup}"));
            let tag = &rest[..end];
            rest = &rest[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop();
                assert_eq!(open, Some(name), "</{name}> closes {open:?} in {markup}");
            } else if !tag.ends_with('/') {
                let name = tag.split([' ', '\n']).next().unwrap_or("");
                assert!(!name.is_empty(), "empty tag in {markup}");
                stack.push(name);
            }
        }
        assert!(stack.is_empty(), "unclosed {stack:?} in {markup}");
    }

    /// The model's section shows the core's equations for the model, each rendered from the
    /// tree the model computes with, and nothing else: a formula written here again would
    /// make the section differ from them.
    #[test]
    fn the_model_section_shows_the_cores_equations() {
        let s =
            commcalc_core::Scenario::from_query("machine=intel-paragon&pattern=pingpong").unwrap();
        for m in Model::ALL {
            let html = panel(s.pattern, m, &[]);
            let model_part = &html[html.find("id=\"explain-model\"").unwrap()..];
            let formula = model_part
                .split("<div class=\"formula\">")
                .nth(1)
                .and_then(|rest| rest.split("</div>").next())
                .unwrap();
            let expected: String = m.equations().iter().map(formula_mathml).collect();
            assert_eq!(formula, expected, "{m:?}");
            assert!(formula.starts_with("<math"), "{m:?}");
            assert_balanced(formula);
            assert!(model_part.contains(&esc(explain::model(m).source)), "{m:?}");
        }
    }

    /// The panel shows the scenario's formulas for the pattern, whatever the model: the
    /// Paragon's NX ping-pong is Hockney's, never the hyperbolic block.
    #[test]
    fn the_panel_names_pattern_and_model() {
        let s =
            commcalc_core::Scenario::from_query("machine=intel-paragon&pattern=pingpong").unwrap();
        let report = commcalc_core::evaluate(&s).unwrap();
        let html = panel(s.pattern, s.model, &crate::derived::panel_formulas(&report));
        assert_balanced(&html);
        assert!(html.contains("id=\"explain-pattern\" data-pattern=\"pingpong\""));
        assert!(html.contains("id=\"explain-model\" data-model=\"hockney\""));
        assert!(html.contains("<small>Pattern</small> Ping-pong</h3>"));
        assert!(html.contains("title=\"000 · Stoica, Sultan, Keyes"));
        assert!(html.contains("001 · Juurlink"));
        let pattern_part = &html[..html.find("id=\"explain-model\"").unwrap()];
        assert!(pattern_part.contains("<mi>α</mi>"), "{pattern_part}");
        assert!(!pattern_part.contains("a_w") && !pattern_part.contains("<mi>a</mi>"));
        for def in PATTERNS {
            for m in Model::ALL {
                assert_balanced(&panel(def, m, &[]));
            }
        }
    }
}
