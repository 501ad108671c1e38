//! Guided tours: a handful of the papers' stories, each told at one page address, with the
//! places in the papers that tell it. The addresses are the page's (docs/web-app.md, the page's
//! address: a view and its scenario or compared scenarios), written canonically, so that a tour
//! opens exactly as a shared link does; the web's tests open each one and check each claim its
//! story (`web/tours.json`, the page's data) makes against an evaluation.

/// One guided tour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tour {
    /// Its id (the page's `a[data-preset]`, the story's key in `web/tours.json`).
    pub id: &'static str,
    pub title: &'static str,
    /// The page's canonical address query, without `?` (docs/web-app.md: a view, a scenario or
    /// the compared scenarios).
    pub query: &'static str,
    /// Paper and places, as [`crate::explain`] cites them.
    pub source: &'static str,
}

/// The tours, in the order they are listed: from one message to collective algorithms.
pub static TOURS: &[Tour] = &[
    Tour {
        id: "paragon-n-half",
        title: "Latency or bandwidth? n½ on the Paragon",
        query: "machine=intel-paragon&pattern=pingpong&size=12700",
        source: "001 §2, eq. 1",
    },
    Tour {
        id: "paragon-bulk",
        title: "Why bulk transfers win on the Paragon",
        query: "view=compare&c=machine=intel-paragon;pattern=h-relation;p=64&c=machine=intel-paragon;pattern=permutation;p=64",
        source: "001 §3, §5, Table 1, Table 2",
    },
    Tour {
        id: "delta-snake-fence",
        title: "How the node-bandwidth limit flips Snake and Fence",
        query: "machine=intel-delta&pattern=global-combine&n=100000&view=regimes&fa=standard&fb=nominal&bp=8",
        source: "004 §4.1, §4.2, Fig. 4, Fig. 5",
    },
    Tour {
        id: "atm-chunk",
        title: "What the optimal ATM chunk size trades off",
        query: "machine=atm-sparc20&pattern=pipelined-send&size=2000",
        source: "002 §3.6, eq. 5, eq. 8–9",
    },
    Tour {
        id: "hypercube-crossover",
        title: "Latency against bandwidth: iPSC and Ametek S/14",
        query: "view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong",
        source: "003 eq. 1, Table 5",
    },
    Tour {
        id: "ethernet-contention",
        title: "Contention on a shared Ethernet",
        query: "machine=ethernet-now&pattern=all-to-all&p=8",
        source: "000 §3.1, eq. 4, eq. 6",
    },
    Tour {
        id: "paragon-broadcast-mpich",
        title: "Where MPICH's broadcast rule is wrong for the Paragon",
        query: "machine=intel-paragon&pattern=broadcast&size=16000&p=16&view=collectives",
        source: "001 §2, eq. 1; 003 eq. 1",
    },
    Tour {
        id: "fitted-infiniband",
        title: "Your own cluster beside the Paragon: a fitted InfiniBand run",
        query: "view=compare&c=machine=custom;pattern=pingpong;alpha=1.11502;beta=0.000101613&c=machine=intel-paragon;pattern=pingpong&fitted=my+machine+(fitted,+OSU+latency+5.6.3)",
        source: "001 §2, eq. 1; 003 eq. 1",
    },
    Tour {
        id: "traffic-fig8",
        title: "Why temporal locality hardly matters on the iPSC",
        query: "machine=intel-ipsc&pattern=traffic&hit=0.6&reps=10&view=traffic",
        source: "003 §Temporal Locality, Fig. 8",
    },
];

/// The tour whose address this is (with or without its `?`).
pub fn find(query: &str) -> Option<&'static Tour> {
    let query = query.trim_start_matches('?');
    TOURS.iter().find(|p| p.query == query)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::citations::check_source;

    #[test]
    fn there_are_four_to_nine_tours_with_unique_ids_and_addresses() {
        assert!((4..=9).contains(&TOURS.len()));
        for (i, t) in TOURS.iter().enumerate() {
            assert!(TOURS[..i]
                .iter()
                .all(|u| u.id != t.id && u.query != t.query));
        }
    }

    #[test]
    fn sources_are_in_their_papers() {
        for t in TOURS {
            check_source(t.source);
        }
    }

    #[test]
    fn a_tour_is_found_by_its_address_with_or_without_its_question_mark() {
        for t in TOURS {
            assert_eq!(find(t.query), Some(t));
            assert_eq!(find(&format!("?{}", t.query)), Some(t));
        }
        assert_eq!(find("machine=intel-paragon&pattern=pingpong"), None);
    }
}
