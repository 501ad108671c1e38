//! A problem to show beside a control or above the page. A leaf: the address's parser
//! (`page`), the edits (`edit`), the controls and the hand-over between the page's
//! modules all report problems, and none of them has to import another for the type.

use commcalc_core::{Error, Report};

/// A problem to show: the query key it is about (empty for keyless ones) and the core's
/// message.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Problem {
    pub key: String,
    pub message: String,
}

impl Problem {
    /// The core's error as a problem about `key`, or else about the key the error names.
    pub fn from_error(key: Option<&str>, e: &Error) -> Problem {
        Problem {
            key: key.or(e.key()).unwrap_or("").to_string(),
            message: e.to_string(),
        }
    }
}

/// The problems list above the page (`ul#errors`): the address's and the edits' problems,
/// then why the scenario does not evaluate. Not the hand-over to the full module
/// (`Error::Elsewhere`), which is no problem: the module that costs it is being loaded.
pub fn listed(problems: &[Problem], report: Result<&Report, &Error>) -> Vec<Problem> {
    let mut list = problems.to_vec();
    match report {
        Err(Error::Elsewhere { .. }) | Ok(_) => {}
        Err(e) => list.push(Problem::from_error(None, e)),
    }
    list
}

/// The problems of a URL parsed leniently, one per error, each with its own key.
pub fn url_problems(errors: &[Error]) -> Vec<Problem> {
    errors
        .iter()
        .map(|e| Problem::from_error(None, e))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::Scenario;

    /// The list holds the address's and the edits' problems, then the core's reason the
    /// scenario does not evaluate, with the key it names.
    #[test]
    fn the_list_ends_with_why_the_scenario_does_not_evaluate() {
        let typed = Problem {
            key: "size".into(),
            message: "size: not a number".into(),
        };
        let s = Scenario::from_query("machine=custom&pattern=allreduce&p=4&ppn=8").unwrap();
        let refused = commcalc_core::evaluate(&s);
        let list = listed(std::slice::from_ref(&typed), refused.as_ref());
        assert_eq!(list.len(), 2);
        assert_eq!(list[0], typed);
        assert_eq!(list[1].key, "ppn");
        let fine = Scenario::from_query("machine=custom&pattern=allreduce").unwrap();
        let report = commcalc_core::evaluate(&fine);
        assert_eq!(listed(&[], report.as_ref()), []);
        // The hand-over to the full module is no problem.
        let elsewhere = Error::Elsewhere {
            key: "pattern".into(),
            value: "traffic".into(),
            needs: "the simulator",
        };
        assert_eq!(listed(&[], Err(&elsewhere)), []);
    }
}
