//! The one error type of the core. Every variant names the offending key or input, the value
//! it was given, and what would have been accepted, because the message is shown to a person
//! (in the page, on stderr) who must be able to fix the query from it alone.

use std::fmt;

/// What is wrong with a query or a scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A key the query language does not know (for this machine, pattern and model).
    UnknownKey {
        key: String,
        value: String,
        accepted: String,
    },
    /// A value that is not accepted for a key: unknown id, not a number, negative, out of range.
    InvalidValue {
        key: String,
        value: String,
        expected: String,
    },
    /// A combination the papers give no model for, such as a pattern on the wrong machine.
    Unsupported {
        key: String,
        value: String,
        reason: String,
    },
    /// A fragment of the query that is not `key=value`.
    Syntax { fragment: String },
    /// A key given twice.
    Duplicate { key: String },
    /// A scenario this program cannot cost and a larger one can: its evaluation `needs` a part
    /// the program does not carry (`context::Engines`). The web page's calculator module hands
    /// such a scenario over to its full module.
    Elsewhere {
        key: String,
        value: String,
        needs: &'static str,
    },
    /// Pasted benchmark output that cannot be read or fitted: `line` (1-based) when one line
    /// is at fault, what is wrong, and what would have been accepted.
    Measurement {
        line: Option<usize>,
        problem: String,
        expected: String,
    },
}

impl Error {
    /// The query key this error is about, if any; the web app uses it to keep every other key.
    pub fn key(&self) -> Option<&str> {
        match self {
            Error::UnknownKey { key, .. }
            | Error::InvalidValue { key, .. }
            | Error::Unsupported { key, .. }
            | Error::Elsewhere { key, .. }
            | Error::Duplicate { key } => Some(key),
            Error::Syntax { .. } | Error::Measurement { .. } => None,
        }
    }

    /// Shorthand for the most common rejection.
    pub fn invalid(key: &str, value: impl fmt::Display, expected: impl Into<String>) -> Self {
        Error::InvalidValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownKey {
                key,
                value,
                accepted,
            } => {
                write!(
                    f,
                    "unknown key `{key}` (in `{key}={value}`); accepted keys here: {accepted}"
                )
            }
            Error::InvalidValue {
                key,
                value,
                expected,
            } => {
                write!(f, "`{key}={value}` is not accepted: expected {expected}")
            }
            // No value: the key names a result or a parameter left at its default, and
            // `key=` would show a value no one gave.
            Error::Unsupported { key, value, reason } if value.is_empty() => {
                write!(f, "`{key}`: {reason}")
            }
            Error::Unsupported { key, value, reason } => write!(f, "`{key}={value}`: {reason}"),
            Error::Elsewhere { key, value, needs } => {
                write!(
                    f,
                    "`{key}={value}` needs {needs}, which this program does not carry"
                )
            }
            Error::Syntax { fragment } => {
                write!(
                    f,
                    "`{fragment}` is not of the form key=value (e.g. machine=intel-paragon)"
                )
            }
            Error::Duplicate { key } => write!(f, "key `{key}` is given more than once"),
            Error::Measurement {
                line,
                problem,
                expected,
            } => {
                if let Some(n) = line {
                    write!(f, "line {n}: ")?;
                }
                write!(f, "{problem}; expected {expected}")
            }
        }
    }
}

impl std::error::Error for Error {}

/// Several errors found in one query: the query language reports all of them at once so a
/// person can fix a pasted URL in one go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Errors(pub Vec<Error>);

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Errors {}

impl From<Error> for Errors {
    fn from(e: Error) -> Self {
        Errors(vec![e])
    }
}
