//! The papers' figures and tables that the page and the CLI draw again, and the findings the
//! views quote: each with the place its paper has it, so that a caption, a heading or an
//! export asks here for its citation and never writes one of its own. The formulas' and
//! explanations' citations are beside them (`explain`, the patterns' sources); the papers
//! themselves are in [`crate::papers`].

use crate::catalog;
use crate::models::nbl::FSet;
use crate::papers::Cited;

/// 003 Fig. 7: completion time against spatial locality (the traffic sweeps' first figure).
pub const FIG7: &str = "003 Fig. 7";
/// 003 Fig. 8: completion time against temporal locality.
pub const FIG8: &str = "003 Fig. 8";

/// The fastest global combining algorithm over vector length and mesh size.
pub const REGIME_MAPS: Cited = Cited {
    text: "Regime maps",
    source: "004 Fig. 5",
};

/// The two sets of model assumptions 004 Figs. 4 and 5 compare (§4.1): the standard model,
/// f(L) = 1, and the nominal NBL model, f(L) = L. The regime maps and the block-size sweep
/// open on them, the standard model's on the left (solid), as 004 lists them.
pub const REGIME_MAP_SETS: [FSet; 2] = [FSet::Standard, FSet::Nominal];

/// Time against block size for the three algorithms at one vector length and mesh.
pub const BLOCK_SWEEP: Cited = Cited {
    text: "Time T against block size S (elements)",
    source: "004 Fig. 4",
};

/// What the regime maps show and what 004 finds in them.
pub const NBL_REGIMES: Cited = Cited {
    text: "the fastest global combining algorithm (Tree, Snake or Fence, each at its optimal block) over vector length and mesh size, under two sets of model assumptions; of the NBL constraint, \"The effect is to enlarge the regimes in which Tree and Snake are fastest\"",
    source: "004 §4.1",
};

/// The BSP h-relation against the BPRAM's block permutation on the Paragon.
pub const BULK_TRANSFER: Cited = Cited {
    text: "Bulk transfer on the Paragon",
    source: "001 §5",
};

/// The two costs of bulk transfer, drawn against the bytes each processor sends.
pub const BULK_COSTS: Cited = Cited {
    text: "Time against the bytes each processor sends",
    source: "001 Table 1, Table 2",
};

/// What 001 §5's comparison draws ([`BULK_TRANSFER`], [`BULK_COSTS`]): on which machine, which
/// two patterns, at which machine sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BulkFigure {
    /// The machine's catalog id: the Paragon, on which 001 measured both libraries.
    pub machine: &'static str,
    /// The BSP h-relation (g·h + L, Table 1) and the BPRAM block permutation (σ·m + ℓ,
    /// Table 2), by pattern id, in the figure's order.
    pub patterns: [&'static str; 2],
    /// The machine sizes P drawn: those both tables give (Table 2 also has 100, which Table 1
    /// lacks), the first the figure's default.
    pub sizes: [u32; 5],
    /// The tables the sizes are read from.
    pub sizes_source: &'static str,
}

/// 001 §5's bulk transfer on the Paragon.
pub const BULK: BulkFigure = BulkFigure {
    machine: "intel-paragon",
    patterns: ["h-relation", "permutation"],
    sizes: [8, 16, 32, 36, 64],
    sizes_source: BULK_COSTS.source,
};

impl BulkFigure {
    /// The two scenarios' queries on `p` processors, canonical (`Scenario::to_query`).
    pub fn queries(&self, p: u32) -> [String; 2] {
        self.patterns
            .map(|pattern| format!("machine={}&pattern={pattern}&p={p}", self.machine))
    }

    /// The machine's name in the catalog ("Intel Paragon").
    pub fn machine_name(&self) -> &'static str {
        catalog::machine(self.machine).map_or(self.machine, |m| m.name)
    }
}

/// 001's conclusion from the comparison.
pub const STARTUP_COST: Cited = Cited {
    text: "\"any reasonable model for the Paragon must incorporate the startup cost of a message transmission\"",
    source: "001 §5",
};

/// The optimal block of the pipelined algorithms, exact and closed form.
pub const OPTIMAL_BLOCK: Cited = Cited {
    text: "The optimal block of 004's pipelined Snake and Fence",
    source: "004 §3, Appendix 7.1",
};

/// The run-length histogram of the traffic benchmark.
pub const RUN_LENGTHS: Cited = Cited {
    text: "Runs of consecutive messages to one destination, by length",
    source: "003 Fig. 9",
};

/// Figs. 7 and 8 together: the Traffic view's section and its export.
pub const LOCALITY: Cited = Cited {
    text: "Locality against completion time",
    source: "003 Fig. 7, Fig. 8",
};

/// Fig. 7's first panel: the sphere of locality.
pub const SPHERE_RADIUS: Cited = Cited {
    text: "Completion time against the sphere's radius L, uniform dashed",
    source: FIG7,
};

/// Fig. 7's second panel: the decreasing model.
pub const DECAY: Cited = Cited {
    text: "Completion time against the decay d, uniform dashed",
    source: FIG7,
};

/// Fig. 8: a depth-1 stack's hit probability.
pub const HIT_PROBABILITY: Cited = Cited {
    text: "Completion time against the stack hit probability p, three spatial models",
    source: FIG8,
};

/// Every entry, for the tests that check them against the papers.
pub const ALL: [Cited; 12] = [
    REGIME_MAPS,
    BLOCK_SWEEP,
    NBL_REGIMES,
    BULK_TRANSFER,
    BULK_COSTS,
    STARTUP_COST,
    OPTIMAL_BLOCK,
    RUN_LENGTHS,
    LOCALITY,
    SPHERE_RADIUS,
    DECAY,
    HIT_PROBABILITY,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::citations::{check_source, paper};
    use crate::models::nbl::{self, MAX_LINKS};
    use crate::patterns::{H_RELATION_COST, LINK_COST, PERMUTATION_COST};

    /// The text between each pair of straight double quotes.
    fn quotations(text: &str) -> Vec<&str> {
        text.split('"').skip(1).step_by(2).collect()
    }

    /// A paper's text as words, without the emphasis marks of its Markdown.
    fn words(text: &str) -> String {
        text.replace('*', "")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Every place cited is in its paper, and every quotation is the paper's words; the costs
    /// and the parameters the views name with their sources too.
    #[test]
    fn every_citation_and_quotation_is_in_its_paper() {
        for c in ALL {
            check_source(c.source);
            let text = words(&paper(&c.source[..3]));
            for q in quotations(c.text) {
                assert!(
                    text.contains(&words(q)),
                    "{}: {q:?} is not in the paper",
                    c.source
                );
            }
        }
        for c in [
            H_RELATION_COST,
            PERMUTATION_COST,
            LINK_COST,
            nbl::PARAMETERS,
        ] {
            check_source(c.source);
        }
        assert_eq!(quotations(NBL_REGIMES.text).len(), 1);
        assert_eq!(quotations(STARTUP_COST.text).len(), 1);
    }

    #[test]
    fn a_caption_names_its_source() {
        assert_eq!(REGIME_MAPS.to_string(), "Regime maps (004 Fig. 5)");
        assert_eq!(
            BULK_COSTS.to_string(),
            "Time against the bytes each processor sends (001 Table 1, Table 2)"
        );
    }

    /// The values of a column (by its header) of the Markdown table above a paper's caption
    /// (`"Table 1."`), as its text has it.
    fn column<'a>(text: &'a str, caption: &str, header: &str) -> Vec<&'a str> {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim().starts_with(caption))
            .unwrap_or_else(|| panic!("no {caption:?}"));
        let rows: Vec<Vec<&str>> = lines[..at]
            .iter()
            .rev()
            .skip_while(|l| l.trim().is_empty())
            .take_while(|l| l.trim_start().starts_with('|'))
            .map(|l| {
                l.trim()
                    .trim_matches('|')
                    .split('|')
                    .map(str::trim)
                    .collect()
            })
            .collect();
        // Read upwards: the header is the last row read, the rule below it the one before.
        let (head, body) = rows
            .split_last()
            .unwrap_or_else(|| panic!("{caption}: no table"));
        let k = head.iter().position(|h| *h == header).unwrap();
        body.iter().rev().skip(1).map(|r| r[k]).collect()
    }

    /// The sizes the bulk-transfer figure draws are those both of 001's tables give, on the
    /// machine 001 measured, and both patterns parse there with the sizes' own rows.
    #[test]
    fn the_bulk_figure_draws_the_sizes_both_tables_give() {
        check_source(BULK.sizes_source);
        let text = paper("001");
        let tables: Vec<Vec<u32>> = ["Table 1.", "Table 2."]
            .map(|t| {
                column(&text, t, "p")
                    .iter()
                    .map(|p| p.parse().unwrap())
                    .collect()
            })
            .to_vec();
        assert!(BULK.sizes_source.contains("Table 1") && BULK.sizes_source.contains("Table 2"));
        let both: Vec<u32> = tables[0]
            .iter()
            .copied()
            .filter(|p| tables[1].contains(p))
            .collect();
        assert_eq!(BULK.sizes.to_vec(), both);
        assert_eq!(BULK.machine_name(), "Intel Paragon");
        let machine = catalog::machine(BULK.machine).unwrap();
        assert_eq!(machine.paper, "001");
        for p in BULK.sizes {
            let [a, b] = BULK.queries(p);
            for q in [a, b] {
                let s = crate::Scenario::from_query(&q).unwrap();
                assert_eq!(s.to_query(), q, "canonical");
                let rows = machine.set(s.model).unwrap().by_size;
                assert!(rows.iter().any(|r| r.p == p), "{q}: no row of its own");
            }
        }
        assert_eq!(
            BULK.queries(16)[1],
            "machine=intel-paragon&pattern=permutation&p=16"
        );
    }

    /// The maps' sets are the two 004 §4.1 compares in Figs. 4 and 5, in its order.
    #[test]
    fn the_maps_open_on_the_sets_004_compares() {
        let text = words(&paper("004"));
        assert!(text.contains(
            "Figures 4 and 5, which compare the following two sets of model assumptions"
        ));
        assert!(text
            .contains(r"\text{Standard Model} & f(L) = 1 \\ \text{Nominal NBL Model} & f(L) = L"));
        let [standard, nominal] = REGIME_MAP_SETS.map(|f| f.overlap(1.0));
        for l in 1..=MAX_LINKS {
            assert_eq!(standard.f(l).unwrap(), 1.0);
            assert_eq!(nominal.f(l).unwrap(), f64::from(l));
        }
    }
}
