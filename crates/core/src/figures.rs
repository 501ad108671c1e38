//! The papers' figures and tables that the page and the CLI draw again, and the findings the
//! views quote: each with the place its paper has it, so that a caption, a heading or an
//! export asks here for its citation and never writes one of its own. The formulas' and
//! explanations' citations are beside them (`explain`, the patterns' sources); the papers
//! themselves are in [`crate::papers`].

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
    use crate::models::nbl;
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
}
