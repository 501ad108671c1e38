//! "What am I looking at?": the panel that shows, for the scenario's pattern and model, the
//! idea, the formulas, the assumptions and the source. Every fact in it is the core's: the
//! explanations and citations ([`commcalc_core::explain`], [`commcalc_core::papers`]), the
//! pattern's formulas (the derivations its report was computed by) and the model's (the trees
//! its module computes with, [`Model::equations`]), as MathML trees by [`crate::derived`].
//! This module knows no model; the panel's component draws its sections.

use commcalc_core::explain::{self, About};
use commcalc_core::papers;
use commcalc_core::patterns::PatternDef;
use commcalc_core::Model;

use crate::derived::formula;
use crate::math::Math;

/// What a section explains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Pattern,
    Model,
}

impl Kind {
    /// The section's name in its ids (`explain-pattern`) and data attribute.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pattern => "pattern",
            Kind::Model => "model",
        }
    }

    /// The data attribute that holds the pattern's or model's id (`data-pattern`).
    pub fn data_attribute(self) -> &'static str {
        match self {
            Kind::Pattern => "data-pattern",
            Kind::Model => "data-model",
        }
    }

    /// The heading's label.
    pub fn heading(self) -> &'static str {
        match self {
            Kind::Pattern => "Pattern",
            Kind::Model => "Model",
        }
    }
}

/// One explanation: a section of the panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub kind: Kind,
    /// The pattern's or model's id.
    pub key: &'static str,
    pub about: About,
    /// One formula per equation.
    pub formulas: Vec<Math>,
    /// The papers `about.source` cites, by number, authors and title: the source's tooltip.
    pub cited: String,
}

impl Section {
    fn new(kind: Kind, key: &'static str, about: About, formulas: Vec<Math>) -> Section {
        Section {
            kind,
            key,
            cited: papers::cited(about.source),
            about,
            formulas,
        }
    }
}

/// The panel's sections for a scenario's pattern and model: the pattern's explanation with
/// `derivation` (its formulas under the model, from the scenario's report: see
/// [`crate::derived::panel_formulas`]), then the model's with its equations in symbols.
pub fn panel(def: &PatternDef, m: Model, derivation: Vec<Math>) -> Vec<Section> {
    let pattern = explain::pattern(def).map(|e| Section::new(Kind::Pattern, def.id, e, derivation));
    let equations = m.equations().iter().map(formula).collect();
    let model = Section::new(Kind::Model, m.id(), explain::model(m), equations);
    pattern.into_iter().chain([model]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::{sym, M};
    use commcalc_core::patterns::PATTERNS;

    /// The model's section, the panel's last, shows the core's equations for the model, each
    /// rendered from the tree the model computes with, and nothing else: a formula written
    /// here again would make the section differ from them. Whatever the pattern, it is there.
    #[test]
    fn the_model_section_shows_the_cores_equations() {
        for def in PATTERNS {
            for m in Model::ALL {
                let sections = panel(def, m, Vec::new());
                let model = sections.last().unwrap();
                assert_eq!(model.kind, Kind::Model);
                assert_eq!(model.key, m.id());
                let expected: Vec<Math> = m.equations().iter().map(formula).collect();
                assert!(!expected.is_empty(), "{m:?}");
                assert_eq!(model.formulas, expected, "{m:?}");
                assert_eq!(model.about.source, explain::model(m).source, "{m:?}");
                assert_eq!(model.cited, papers::cited(model.about.source), "{m:?}");
            }
        }
    }

    /// The panel shows the scenario's formulas for the pattern, whatever the model: the
    /// Paragon's NX ping-pong is Hockney's, never the hyperbolic block.
    #[test]
    fn the_panel_names_pattern_and_model() {
        let s =
            commcalc_core::Scenario::from_query("machine=intel-paragon&pattern=pingpong").unwrap();
        let report = commcalc_core::evaluate(&s).unwrap();
        let sections = panel(s.pattern, s.model, crate::derived::panel_formulas(&report));
        let [pattern, model] = &sections[..] else {
            panic!("two sections: {sections:?}")
        };
        assert_eq!((pattern.kind, pattern.key), (Kind::Pattern, "pingpong"));
        assert_eq!((model.kind, model.key), (Kind::Model, "hockney"));
        assert_eq!(pattern.about.title, "Ping-pong");
        assert!(pattern.cited.starts_with("000 · Stoica, Sultan, Keyes"));
        assert!(model.cited.contains("001 · Juurlink"), "{}", model.cited);
        let shown = |part: &M| pattern.formulas.iter().any(|f| f.body().contains(part));
        assert!(shown(&sym("α")), "{:?}", pattern.formulas);
        assert!(
            !shown(&sym("a")) && !shown(&sym("a_w")),
            "{:?}",
            pattern.formulas
        );
    }
}
