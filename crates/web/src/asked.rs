//! What a person asked a module without every view (the calculator's, or a view's own) for that only the full module carries: another view, the
//! explanations, the share dialog or an export. That module writes it into the address
//! (`asked=`) and loads the full module, which mounts on that address, does what was asked once
//! it has drawn, and drops the key: the address is all that passes from one module to the
//! other (`lazy`).

/// One export of the export bar: what it exports (`data-export` and `asked=`), its label and
/// its title.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Export {
    pub id: &'static str,
    pub label: &'static str,
    pub title: &'static str,
}

/// The export bar's exports, in the order of its buttons.
pub const EXPORTS: [Export; 8] = [
    Export {
        id: "latency-png",
        label: "Latency PNG",
        title: "The latency chart as a PNG image, as on the screen",
    },
    Export {
        id: "latency-slide",
        label: "1600×900",
        title: "The latency chart as a 1600×900 PNG for a slide, with its title and axes",
    },
    Export {
        id: "latency-svg",
        label: "SVG",
        title: "The latency chart as SVG, with its title and axes",
    },
    Export {
        id: "bandwidth-png",
        label: "Bandwidth PNG",
        title: "The bandwidth chart as a PNG image, as on the screen",
    },
    Export {
        id: "bandwidth-slide",
        label: "1600×900",
        title: "The bandwidth chart as a 1600×900 PNG for a slide, with its title and axes",
    },
    Export {
        id: "bandwidth-svg",
        label: "SVG",
        title: "The bandwidth chart as SVG, with its title and axes",
    },
    Export {
        id: "csv",
        label: "CSV",
        title: "The curve data as CSV",
    },
    Export {
        id: "json",
        label: "JSON",
        title: "The report as JSON, as commcalc --json prints it",
    },
];

/// What was asked, as the address says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// The view the address names, from its tab: the tab keeps the focus.
    View,
    /// The explain panel, opened.
    Explain,
    /// The share dialog, opened.
    Share,
    /// An export of the export bar, made.
    Export(&'static str),
}

impl Asked {
    /// Its value in the address.
    pub fn id(self) -> &'static str {
        match self {
            Asked::View => "view",
            Asked::Explain => "explain",
            Asked::Share => "share",
            Asked::Export(id) => id,
        }
    }

    /// Reads an `asked=` value, or says which values are accepted.
    pub fn parse(value: &str) -> Result<Asked, String> {
        let fixed = [Asked::View, Asked::Explain, Asked::Share];
        fixed
            .into_iter()
            .chain(EXPORTS.iter().map(|e| Asked::Export(e.id)))
            .find(|a| a.id() == value)
            .ok_or_else(|| {
                let accepted: Vec<&str> = fixed
                    .iter()
                    .map(|a| a.id())
                    .chain(EXPORTS.iter().map(|e| e.id))
                    .collect();
                format!(
                    "asked: \"{value}\" is not accepted; accepted: {}",
                    accepted.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asked_value_reads_back() {
        for a in [Asked::View, Asked::Explain, Asked::Share]
            .into_iter()
            .chain(EXPORTS.iter().map(|e| Asked::Export(e.id)))
        {
            assert_eq!(Asked::parse(a.id()), Ok(a));
        }
    }

    #[test]
    fn an_unknown_value_names_the_accepted_ones() {
        let why = Asked::parse("print").unwrap_err();
        assert!(why.contains("\"print\" is not accepted"), "{why}");
        assert!(
            why.contains("explain, share") && why.contains("csv, json"),
            "{why}"
        );
    }
}
