//! A problem to show beside a control or above the page. A leaf: the address's parser
//! (`page`), the edits (`edit`), the controls' markup and the hand-over between the page's
//! modules all report problems, and none of them has to import another for the type.

use commcalc_core::Error;

/// A problem to show: the query key it is about (empty for keyless ones) and the core's
/// message.
#[derive(Clone, Debug, PartialEq)]
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

/// The problems of a URL parsed leniently, one per error, each with its own key.
pub fn url_problems(errors: &[Error]) -> Vec<Problem> {
    errors
        .iter()
        .map(|e| Problem::from_error(None, e))
        .collect()
}
