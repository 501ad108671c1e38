//! The app's views: their `view=` values, tab ids and titles. A leaf below everything that
//! names a view (the address, the edits, the tabs' markup, the worker), so that none of them
//! has to import the address's parser (`page`) for the name alone.

/// The views of the app, in the order of its tabs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    #[default]
    Calculator,
    Compare,
    Validate,
    Regimes,
    Collectives,
    Traffic,
    Import,
}

impl View {
    pub const ALL: [View; 7] = [
        View::Calculator,
        View::Compare,
        View::Validate,
        View::Regimes,
        View::Collectives,
        View::Traffic,
        View::Import,
    ];

    /// The value of `view=` (empty for the calculator, which needs no key).
    pub fn id(self) -> &'static str {
        match self {
            View::Calculator => "",
            View::Compare => "compare",
            View::Validate => "validate",
            View::Regimes => "regimes",
            View::Collectives => "collectives",
            View::Traffic => "traffic",
            View::Import => "import",
        }
    }

    /// The id of the view's tab: `tab-` and its `view=` value (`calculator` for the
    /// calculator's none).
    pub fn tab_id(self) -> String {
        let id = if self.id().is_empty() {
            "calculator"
        } else {
            self.id()
        };
        format!("tab-{id}")
    }

    /// Whether the view draws the scenario's curve, whose size range the `from` and `to`
    /// controls set: the calculator and Compare do; the other views draw over sizes of their
    /// own (a data set's, a map's, a simulation's), where those controls would do nothing.
    pub fn draws_curve(self) -> bool {
        matches!(self, View::Calculator | View::Compare)
    }

    /// The tab's name.
    pub fn title(self) -> &'static str {
        match self {
            View::Calculator => "Calculator",
            View::Compare => "Compare",
            View::Validate => "Validate",
            View::Regimes => "Where each algorithm wins",
            View::Collectives => "Collectives",
            View::Traffic => "Traffic",
            View::Import => "Import measurements",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each tab (`nav.tabs > button#tab-…`) has an id of its own and a title of its own; the
    /// calculator's, whose `view=` value is empty, is `tab-calculator`.
    #[test]
    fn every_view_has_its_own_tab() {
        for (i, v) in View::ALL.into_iter().enumerate() {
            assert!(v.tab_id().starts_with("tab-") && v.tab_id().len() > 4);
            for w in &View::ALL[..i] {
                assert_ne!(v.tab_id(), w.tab_id());
                assert_ne!(v.title(), w.title());
            }
        }
        assert_eq!(View::Calculator.tab_id(), "tab-calculator");
        assert_eq!(View::Import.tab_id(), "tab-import");
    }
}
