//! What the pattern and parameter-set pickers list: one small struct per `<option>`, from the
//! choices a machine offers (`controls`), so that the pickers' views only lay them out.

use commcalc_core::catalog::Machine;
use commcalc_core::patterns::PatternDef;

use crate::controls::{model_choices, pattern_choices};

/// One pattern of the pattern picker.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PatternOption {
    /// The pattern's id, the option's value.
    pub id: &'static str,
    pub title: &'static str,
    /// What the option says: the title, and that the machine does not offer it.
    pub label: String,
    /// Why the machine does not offer it (the option's title, and disabled); `None` if it does.
    pub why: Option<String>,
    /// The pattern's description: the option's title where it can be chosen.
    pub description: &'static str,
}

impl PatternOption {
    /// The option's tooltip: why it cannot be chosen, else what the pattern is.
    pub fn tooltip(&self) -> String {
        self.why
            .clone()
            .unwrap_or_else(|| self.description.to_string())
    }
}

/// Every pattern, in the catalog's order, as the picker lists it on `machine`.
pub fn pattern_options(machine: &Machine) -> Vec<PatternOption> {
    pattern_choices(machine)
        .into_iter()
        .map(|(p, why): (&PatternDef, _)| PatternOption {
            id: p.id,
            title: p.title,
            label: match why {
                Some(_) => format!("{} (not on this machine)", p.title),
                None => p.title.to_string(),
            },
            why,
            description: p.description,
        })
        .collect()
}

/// The patterns `machine` does not offer, each title with the reason: the list the picker shows
/// below it, since a disabled option's title is not shown by every browser.
pub fn unavailable(options: &[PatternOption]) -> Vec<(&'static str, String)> {
    options
        .iter()
        .filter_map(|o| Some((o.title, o.why.clone()?)))
        .collect()
}

/// One parameter set of the parameter-set picker: the model's id and the label the papers give
/// the set ("NX (hockney)").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ModelOption {
    pub id: &'static str,
    pub label: String,
}

/// The parameter sets `pattern` may use on `machine`.
pub fn model_options(machine: &Machine, pattern: &PatternDef) -> Vec<ModelOption> {
    model_choices(machine, pattern)
        .into_iter()
        .map(|(m, label)| ModelOption { id: m.id(), label })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::catalog::machine;
    use commcalc_core::patterns::{pattern, PATTERNS};

    /// Every pattern is listed; those the Delta does not offer say so in their label, are
    /// disabled with the reason as their title and are in the list of reasons; the others are
    /// titled with their description.
    #[test]
    fn patterns_a_machine_does_not_offer_say_why() {
        let delta = machine("intel-delta").unwrap();
        let options = pattern_options(delta);
        assert_eq!(options.len(), PATTERNS.len());
        let reasons = unavailable(&options);
        assert!(!reasons.is_empty());
        for o in &options {
            let p = pattern(o.id).unwrap();
            match &o.why {
                Some(why) => {
                    assert_eq!(o.label, format!("{} (not on this machine)", p.title));
                    assert_eq!(&o.tooltip(), why);
                    assert!(reasons.contains(&(p.title, why.clone())), "{}", o.id);
                }
                None => {
                    assert_eq!(o.label, p.title);
                    assert_eq!(o.tooltip(), p.description);
                }
            }
        }
        assert_eq!(
            reasons.len(),
            options.iter().filter(|o| o.why.is_some()).count()
        );
    }

    #[test]
    fn the_paragon_offers_two_parameter_sets_for_pingpong() {
        let m = machine("intel-paragon").unwrap();
        let p = pattern("pingpong").unwrap();
        let options = model_options(m, p);
        let shown: Vec<_> = options.iter().map(|o| (o.id, o.label.as_str())).collect();
        assert_eq!(
            shown,
            [
                ("hockney", "NX (hockney)"),
                ("hyperbolic", "MPI (hyperbolic)")
            ]
        );
    }
}
