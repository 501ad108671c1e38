//! The five papers the models come from, by the file prefix every citation names them with
//! (`000 eq. 2`, `003 Fig. 7`): one table, which the CLI and the page ask for a paper's label
//! and for the papers a source cites.

/// A paper: its prefix, its authors and what it is about, as the page labels it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paper {
    /// The file prefix citations use: `000` … `004`.
    pub id: &'static str,
    pub authors: &'static str,
    /// What the paper is about, in a few words.
    pub subject: &'static str,
}

/// A fact as the app writes it, with the place its paper has it: a figure's title, a finding
/// in the paper's words, a cost in its symbols. Shown as `text (source)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cited {
    pub text: &'static str,
    /// `004 Fig. 5`, `001 §5`: the form every citation takes (`explain`'s sources).
    pub source: &'static str,
}

impl std::fmt::Display for Cited {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.text, self.source)
    }
}

/// The papers, in order.
pub const PAPERS: [Paper; 5] = [
    Paper {
        id: "000",
        authors: "Stoica, Sultan, Keyes",
        subject: "the hyperbolic model",
    },
    Paper {
        id: "001",
        authors: "Juurlink",
        subject: "models on the Intel Paragon",
    },
    Paper {
        id: "002",
        authors: "Karimi, Skillicorn",
        subject: "ATM networks and BSP",
    },
    Paper {
        id: "003",
        authors: "Grunwald, Reed",
        subject: "hypercube benchmarks",
    },
    Paper {
        id: "004",
        authors: "Littlefield",
        subject: "node bandwidth limits",
    },
];

/// The paper of a prefix.
pub fn paper(id: &str) -> Option<&'static Paper> {
    PAPERS.iter().find(|p| p.id == id)
}

/// A paper's label, `000 · Stoica, Sultan, Keyes — the hyperbolic model`; the machines of no
/// paper (`""`) are "Your own".
pub fn label(id: &str) -> String {
    match paper(id) {
        Some(p) => format!("{} · {} — {}", p.id, p.authors, p.subject),
        None if id.is_empty() => "Your own".into(),
        None => format!("Paper {id}"),
    }
}

/// The labels of the papers a source cites (`000 §3.1, eq. 3; 001 eq. 1`), each once, `; `
/// between them: a citation's tooltip.
pub fn cited(source: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for part in source.split("; ") {
        let l = label(part.get(..3).unwrap_or(""));
        if !out.contains(&l) {
            out.push(l);
        }
    }
    out.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every paper in the table is a file of tests/papers, and every file is in the table.
    #[test]
    fn the_table_names_the_papers_on_file() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/papers");
        let mut on_file: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| n.ends_with(".txt"))
            .map(|n| n[..3].to_string())
            .collect();
        on_file.sort();
        let ids: Vec<&str> = PAPERS.iter().map(|p| p.id).collect();
        assert_eq!(on_file, ids);
    }

    #[test]
    fn a_source_names_each_paper_once() {
        assert_eq!(
            cited("000 §3.1, eq. 3; 001 eq. 1; 000 Rule 3"),
            "000 · Stoica, Sultan, Keyes — the hyperbolic model; 001 · Juurlink — models on the Intel Paragon"
        );
        assert_eq!(label(""), "Your own");
        assert_eq!(label("007"), "Paper 007");
    }
}
