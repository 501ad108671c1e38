//! Guided tours: a handful of views that each tell one story from the papers, with what to
//! look at and what to try. Each is a canonical page address (`page::print` of what
//! `page::parse` reads from it), so a tour opens exactly as a shared link does, and the page
//! knows it is on a tour when its own address is the tour's.
//!
//! The numbers in the stories are the core's; the tests below check each claim a story makes
//! against an evaluation, so that a change in the models cannot leave a story telling
//! something else than the page shows.

use std::fmt::Write;

use crate::html::esc;

/// One guided tour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    /// Its id, `a[data-preset]` on the page.
    pub id: &'static str,
    pub title: &'static str,
    /// What to look at and what to try, in a few sentences.
    pub story: &'static str,
    /// The page's canonical address query, without `?`.
    pub query: &'static str,
    /// Paper and places, as `explain` cites them.
    pub source: &'static str,
}

/// The tours, in the order they are listed: from one message to collective algorithms.
pub static PRESETS: &[Preset] = &[
    Preset {
        id: "paragon-n-half",
        title: "Latency or bandwidth? n½ on the Paragon",
        story: "The Paragon's NX ping-pong starts a message in 146 µs and then moves a byte in 11.5 ns: r∞ = 87 MB/s, and a message of n½ = α/β ≈ 12.7 kB gets half of it. The point sits at n½, where the bandwidth reads 43.5 MB/s. Drag the size slider into the shaded latency-bound region and the time hardly moves; past 100 kB it grows in step with the size. Switch the parameter set to MPI to see the same machine through the hyperbolic model.",
        query: "machine=intel-paragon&pattern=pingpong&size=12700",
        source: "001 §2, eq. 1",
    },
    Preset {
        id: "paragon-bulk",
        title: "Why bulk transfers win on the Paragon",
        story: "A is a BSP h-relation of 4-byte words on 64 nodes, g·h + L with g = 8.55 µs per word and L = 17 ms; B sends the same bytes per processor as one BPRAM block, σ·m + ℓ with σ = 37.3 ns/B and ℓ = 1.3 ms. B is faster at every size, over 50 times for large data: a packet's cost is buffering, about 5.9 µs a message, not the network. Hence 001's conclusion that any reasonable model for the Paragon must incorporate the startup cost of a message transmission. Edit A and set p = 8: g falls to 6.5 µs, the gap stays.",
        query: "view=compare&c=machine=intel-paragon;pattern=h-relation;p=64&c=machine=intel-paragon;pattern=permutation;p=64",
        source: "001 §3, §5, Table 1, Table 2",
    },
    Preset {
        id: "delta-snake-fence",
        title: "How the node-bandwidth limit flips Snake and Fence",
        story: "Left, the standard model, f(L) = 1; right, the nominal NBL model, f(L) = L. At the mark, a 16×16 DELTA summing 10⁵ elements, Fence wins under the standard model (312 ms against Snake's 504 ms), but Snake wins once a node's links share its bandwidth (1.07 s against 1.14 s). Fence keeps six links busy in mid-pipeline and Snake four, so the limit hurts Fence more; the block-size sweep shows the optimal blocks move too. Read the maps across: Tree keeps the short vectors under both, and setting the right map to fitted shows 004's fit to the DELTA.",
        query: "machine=intel-delta&pattern=global-combine&n=100000&view=regimes&fa=standard&fb=nominal&bp=8",
        source: "004 §4.1, §4.2, Fig. 4, Fig. 5",
    },
    Preset {
        id: "atm-chunk",
        title: "What the optimal ATM chunk size trades off",
        story: "A SPARCstation sends x ≈ 114,600 B, the most its ATM link takes without congestion, as ⌈x/m⌉ pipelined messages. In 2 kB chunks that is 58 messages, each paying the interface's 200 µs: 16.8 ms. Drag message m up: the time falls to 6.88 ms at the optimum m* ≈ 22.9 kB (eq. 5's √(b₂x/a₁) ≈ 73√x says 24.7 kB), then rises as fewer, larger messages overlap less, to 9.5 ms as one message. Reset m to let every x on the curve take its own optimum.",
        query: "machine=atm-sparc20&pattern=pipelined-send&size=2000",
        source: "002 §3.6, eq. 5, eq. 8–9",
    },
    Preset {
        id: "hypercube-crossover",
        title: "Latency against bandwidth: iPSC and Ametek S/14",
        story: "Two 80286 hypercubes: the Ametek S/14 starts a message in 550 µs, the Intel iPSC in 1.7 ms, but the iPSC moves a byte in 2.83 µs and the S/14 in 9.53 µs. Where t_l + N·t_c are equal, about 170 B (see Crossovers), the curves cross: below it the S/14 is faster, above it the iPSC, as 003 reports for messages of more than 150 bytes. Add a scenario and switch it to the JPL Mark-III, better on both counts.",
        query: "view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine=ametek-s14;pattern=pingpong",
        source: "003 eq. 1, Table 5",
    },
    Preset {
        id: "ethernet-contention",
        title: "Contention on a shared Ethernet",
        story: "Eight SPARCstations each send a message to every other over one 10 Mb/s Ethernet. The bus carries all p(p − 1) = 56 messages, so the reduced block is a = 35 ms and b = 53.2 µs/B: each node gets 18.8 kB/s of a medium that carries about 1 MB/s. Drag p down to 2 and b falls to 2.1 µs/B, set by the workstations; from p = 3 on the bus sets it, growing as p². Switch the machine to the FDDI network for about ten times the bandwidth.",
        query: "machine=ethernet-now&pattern=all-to-all&p=8",
        source: "000 §3.1, eq. 4, eq. 6",
    },
    Preset {
        id: "paragon-broadcast-mpich",
        title: "Where MPICH's broadcast rule is wrong for the Paragon",
        story: "On 16 Paragon nodes (NX: α = 146 µs, β = 11.5 ns/B) the binomial tree is the fastest broadcast up to 23.9 kB, scatter with a recursive-doubling allgather up to about 1.1 MB, and the pipelined chain beyond. MPICH's built-in rule gives up the binomial tree at 12,288 B: at the mark, 16 kB, it would run scatter-allgather in 1.51 ms where the binomial tree takes 1.32 ms. On the winner map the solid MPICH line runs left of the colour change at every power-of-two p, the band where the library's default disagrees with this machine. Press MPICH JSON to download the selection file that moves the threshold to the Paragon's own.",
        query: "machine=intel-paragon&pattern=broadcast&size=16000&p=16&view=collectives",
        source: "001 §2, eq. 1; 003 eq. 1",
    },
    Preset {
        id: "fitted-infiniband",
        title: "Your own cluster beside the Paragon: a fitted InfiniBand run",
        story: "A is CSD3's InfiniBand cluster, fitted by Import measurements to its own osu_latency run (OSU 5.6.3, in tests/data/measurements): least squares in relative error gives a = 1.12 µs and b = 102 ps/B, r∞ = 9.84 GB/s. B is the Paragon's NX ping-pong, 146 µs and 11.5 ns/B. Start-up and byte are each over a hundred times cheaper (131 and 113 times), so n½ hardly moved, 11 kB against 12.7 kB, and the curves never cross. Paste the file into Import measurements to see its points, the residuals and the protocol breaks at 256 B and 16.4 kB that a single line smooths over.",
        query: "view=compare&c=machine=custom;pattern=pingpong;alpha=1.11502;beta=0.000101613&c=machine=intel-paragon;pattern=pingpong&fitted=my+machine+(fitted,+OSU+latency+5.6.3)",
        source: "001 §2, eq. 1; 003 eq. 1",
    },
    Preset {
        id: "traffic-fig8",
        title: "Why temporal locality hardly matters on the iPSC (003 Fig. 8)",
        story: "Every node keeps a depth-1 LRU stack and sends its next message to its last destination with probability p = 0.6, on 003's 16-node iPSC with 3000 messages in all and 10 replications. The cube finishes in 787 ms against 726 ms with no stack (hit = 0), a rise of 8 %: the small variation 003 reports, because the nodes generate faster than the links carry and every link has a queue whatever the locality. Press Run Figs. 7 and 8: Fig. 8's three spatial models stay nearly flat up to p = 0.6 and rise only at 0.9 (977 ms for uniform), where runs of ten messages pile onto one link. The explain panel says why 3000 is read as messages in all.",
        query: "machine=intel-ipsc&pattern=traffic&hit=0.6&reps=10&view=traffic",
        source: "003 §Temporal Locality, Fig. 8",
    },
];

/// The tour whose address this is (with or without its `?`).
pub fn find(query: &str) -> Option<&'static Preset> {
    let query = query.trim_start_matches('?');
    PRESETS.iter().find(|p| p.query == query)
}

/// The list of tours: `li > a[data-preset]`, each a link to its address, the one on screen
/// marked `aria-current`.
pub fn list_html(current: Option<&str>) -> String {
    let mut out = String::new();
    for p in PRESETS {
        let _ = write!(
            out,
            "<li><a data-preset=\"{id}\" href=\"?{href}\"{current}>{title}</a></li>",
            id = esc(p.id),
            href = esc(p.query),
            current = if current == Some(p.id) {
                " aria-current=\"true\""
            } else {
                ""
            },
            title = esc(p.title),
        );
    }
    out
}

/// A tour's story: its title, the text and its source, then a link back to the tour's start,
/// shown once the reader has moved `away` from its address, and the button that closes it.
pub fn story_html(p: &Preset, away: bool) -> String {
    format!(
        "<div><h3>{}</h3><p>{}</p><p class=\"cite\">Source: {}</p></div><p class=\"tour-actions\"><a class=\"restart\" href=\"?{}\"{}>Restart this tour</a><button type=\"button\" class=\"close\">Close</button></p>",
        esc(p.title),
        esc(p.story),
        esc(p.source),
        esc(p.query),
        if away { "" } else { " hidden" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::tests::{assert_balanced, check_source};
    use crate::page::{self, View};
    use commcalc_core::compare::compare;
    use commcalc_core::patterns::Value;
    use commcalc_core::{evaluate, Report, Scenario};

    /// Opens a tour's address as the app does: the page, the scenario (the first compared one
    /// in the compare view) and the printed address.
    fn open(p: &Preset) -> (page::Page, Scenario, String) {
        let (page, rest, problems) = page::parse(&format!("?{}", p.query));
        assert!(problems.is_empty(), "{}: {problems:?}", p.id);
        let scenario = match page.compare.first() {
            Some(first) if page.view == View::Compare => first.clone(),
            _ => Scenario::from_query(&rest).unwrap_or_else(|e| panic!("{}: {e}", p.id)),
        };
        let printed = page::print(&page, &scenario);
        (page, scenario, printed)
    }

    fn report(q: &str) -> Report {
        evaluate(&Scenario::from_query(q).unwrap()).unwrap()
    }

    fn metric(r: &Report, key: &str) -> f64 {
        r.metric(key).unwrap_or_else(|| panic!("no {key}"))
    }

    fn text_metric(r: &Report, key: &str) -> String {
        match r.metrics.get(key) {
            Some(Value::Text(t)) => t.clone(),
            other => panic!("{key}: {other:?}"),
        }
    }

    fn close(got: f64, want: f64, rel: f64) -> bool {
        (got - want).abs() <= rel * want.abs()
    }

    #[test]
    fn there_are_four_to_seven_tours_with_unique_ids() {
        assert!((4..=9).contains(&PRESETS.len()));
        for (i, p) in PRESETS.iter().enumerate() {
            assert!(PRESETS[..i]
                .iter()
                .all(|q| q.id != p.id && q.query != p.query));
            // A sentence ends at a full stop before a capital ("eq. 5" does not end one).
            let sentences = p
                .story
                .split(". ")
                .skip(1)
                .filter(|next| next.starts_with(|c: char| c.is_uppercase()))
                .count()
                + 1;
            assert!(
                (3..=5).contains(&sentences),
                "{}: {sentences} sentences",
                p.id
            );
            assert!(p.story.ends_with('.'), "{}", p.id);
        }
    }

    /// Each address parses without a problem, every scenario in it evaluates, and printing it
    /// back gives the address: the tours are canonical links.
    #[test]
    fn every_tour_is_a_canonical_address_that_evaluates() {
        for p in PRESETS {
            let (page, scenario, printed) = open(p);
            assert_eq!(printed, p.query, "{}: not canonical", p.id);
            assert!(evaluate(&scenario).is_ok(), "{}", p.id);
            for s in &page.compare {
                assert!(evaluate(s).is_ok(), "{}: {}", p.id, s.to_query());
            }
            assert_eq!(find(&format!("?{}", p.query)), Some(p));
        }
        assert_eq!(find("machine=intel-paragon&pattern=pingpong"), None);
    }

    #[test]
    fn the_tours_cover_the_issue_stories() {
        let views: Vec<(&str, View)> = PRESETS.iter().map(|p| (p.id, open(p).0.view)).collect();
        assert!(views.contains(&("paragon-bulk", View::Compare)));
        assert!(views.contains(&("delta-snake-fence", View::Regimes)));
        assert!(views.contains(&("atm-chunk", View::Calculator)));
        assert!(views.contains(&("paragon-broadcast-mpich", View::Collectives)));
        assert!(views.contains(&("traffic-fig8", View::Traffic)));
    }

    #[test]
    fn sources_are_in_their_papers() {
        for p in PRESETS {
            check_source(p.source);
        }
    }

    #[test]
    fn markup_is_well_formed() {
        let list = list_html(Some("atm-chunk"));
        assert_balanced(&list);
        assert_eq!(list.matches("<a data-preset=").count(), PRESETS.len());
        assert!(list.contains("href=\"?view=compare&amp;c=machine=intel-ipsc;pattern=pingpong"));
        assert_eq!(list.matches("aria-current").count(), 1);
        for p in PRESETS {
            let (on, away) = (story_html(p, false), story_html(p, true));
            assert_balanced(&on);
            assert_balanced(&away);
            // The link back shows only away from the tour's address.
            assert!(on.contains(" hidden>Restart this tour"));
            assert!(!away.contains(" hidden"));
        }
    }

    // ---- What each story says is what the core computes ----------------------------------

    #[test]
    fn paragon_n_half_story() {
        let r = report(PRESETS[0].query);
        assert!(close(metric(&r, "n_half_bytes"), 12_700.0, 0.005));
        assert!(close(metric(&r, "r_inf_MBps"), 87.0, 0.005));
        assert!(close(metric(&r, "bandwidth_MBps"), 43.5, 0.005));
    }

    #[test]
    fn paragon_bulk_story() {
        let (page, _, _) = open(&PRESETS[1]);
        let c = compare(&page.compare).unwrap();
        let (bsp, bpram) = (&c.reports[0], &c.reports[1]);
        assert!(close(metric(bsp, "g_us_per_word"), 8.55, 1e-9));
        assert!(close(metric(bsp, "l_us"), 17_000.0, 1e-9));
        assert!(c.crossovers.is_empty(), "B is faster at every size");
        let (last_bsp, last_bpram) = (
            bsp.curve.last().unwrap().time_us,
            bpram.curve.last().unwrap().time_us,
        );
        assert!(last_bsp > 50.0 * last_bpram, "{last_bsp} {last_bpram}");
        let p8 = report("machine=intel-paragon&pattern=h-relation&p=8");
        assert!(close(metric(&p8, "g_us_per_word"), 6.5, 1e-9));
    }

    #[test]
    fn delta_snake_fence_story() {
        let q = "machine=intel-delta&pattern=global-combine&n=100000";
        let standard = report(&format!("{q}&f=standard"));
        let nominal = report(&format!("{q}&f=nominal"));
        assert_eq!(text_metric(&standard, "fastest"), "fence");
        assert_eq!(text_metric(&nominal, "fastest"), "snake");
        assert!(close(metric(&standard, "fence_us"), 312_000.0, 0.005));
        assert!(close(metric(&standard, "snake_us"), 504_000.0, 0.005));
        assert!(close(metric(&nominal, "snake_us"), 1_070_000.0, 0.005));
        assert!(close(metric(&nominal, "fence_us"), 1_140_000.0, 0.005));
        let short = report("machine=intel-delta&pattern=global-combine&n=100&f=standard");
        assert_eq!(text_metric(&short, "fastest"), "tree");
    }

    #[test]
    fn atm_chunk_story() {
        let r = report(PRESETS[3].query);
        assert!(close(metric(&r, "time_us"), 16_800.0, 0.005));
        assert!(close(metric(&r, "opt_time_us"), 6_880.0, 0.005));
        assert!(close(metric(&r, "opt_message_bytes"), 22_900.0, 0.005));
        assert!(close(
            metric(&r, "closed_form_message_bytes"),
            24_700.0,
            0.005
        ));
        let x = metric(&r, "max_data_bytes");
        assert!(close(x, 114_600.0, 0.005));
        // t₁ + t₂ + (n − 1)·t₂ with n = ⌈x/m⌉ messages of 2 kB.
        let n = (x / 2000.0).ceil();
        assert_eq!(n, 58.0);
        let whole = report(&format!(
            "machine=atm-sparc20&pattern=pipelined-send&size={}",
            x.ceil()
        ));
        assert!(close(metric(&whole, "time_us"), 9_500.0, 0.01));
    }

    #[test]
    fn hypercube_crossover_story() {
        let (page, _, _) = open(&PRESETS[4]);
        let c = compare(&page.compare).unwrap();
        assert_eq!(c.crossovers.len(), 1);
        let x = &c.crossovers[0];
        assert!((150.0..=180.0).contains(&x.size_bytes), "{}", x.size_bytes);
        assert_eq!(x.faster_below, 1, "the S/14 below the crossover");
    }

    #[test]
    fn ethernet_contention_story() {
        let r = report(PRESETS[5].query);
        assert!(close(metric(&r, "a_us"), 35_000.0, 1e-9));
        assert!(close(metric(&r, "b_us_per_byte"), 53.2, 1e-9));
        assert!(close(metric(&r, "r_inf_MBps"), 0.0188, 0.005));
        let two = report("machine=ethernet-now&pattern=all-to-all&p=2");
        assert!(close(metric(&two, "b_us_per_byte"), 2.1, 1e-9));
        let three = report("machine=ethernet-now&pattern=all-to-all&p=3");
        assert!(close(metric(&three, "b_us_per_byte"), 6.0 * 0.95, 1e-9));
        let fddi = report("machine=fddi-now&pattern=all-to-all&p=8");
        let ratio = metric(&fddi, "r_inf_MBps") / metric(&r, "r_inf_MBps");
        assert!((7.0..=13.0).contains(&ratio), "{ratio}");
    }

    #[test]
    fn paragon_broadcast_mpich_story() {
        use crate::chart::Scale;
        use crate::collectives::curves_plot;
        use crate::library_defaults::{choice, Library};
        use commcalc_core::collectives::Collective;
        let p = PRESETS
            .iter()
            .find(|p| p.id == "paragon-broadcast-mpich")
            .unwrap();
        let (_, scenario, _) = open(p);
        let r = evaluate(&scenario).unwrap();
        assert_eq!(metric(&r, "alpha_us"), 146.0);
        assert_eq!(metric(&r, "beta_us_per_byte"), 0.0115);
        assert_eq!(text_metric(&r, "fastest"), "binomial");
        assert!(close(metric(&r, "binomial_us"), 1320.0, 0.005));
        assert!(close(metric(&r, "scatter_rd_allgather_us"), 1510.0, 0.005));
        let plot = curves_plot(&scenario, Scale::Log).unwrap();
        let labels: Vec<&str> = plot.crossovers.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(plot.crossovers.len(), 2, "{labels:?}");
        assert!(close(plot.crossovers[0].x, 23_900.0, 0.005), "{labels:?}");
        assert!(labels[1].starts_with("scatter-rd-allgather → pipelined-chain"));
        assert!(
            (1.05e6..1.15e6).contains(&plot.crossovers[1].x),
            "{labels:?}"
        );
        let mpich = |n| choice(Library::Mpich, Collective::Broadcast, 16, n).algo;
        assert_eq!(mpich(12_288.0), Some("binomial"));
        assert_eq!(mpich(16_000.0), Some("scatter-rd-allgather"));
    }

    /// 003 Fig. 8: the completion times the story gives are the core's, at p = 0, 0.6, 0.9.
    #[test]
    fn traffic_fig8_story() {
        use commcalc_core::patterns::traffic::config_of;
        use commcalc_core::traffic::simulate;
        let (_, scenario, _) = open(PRESETS.iter().find(|p| p.id == "traffic-fig8").unwrap());
        let at = |hit: &str| {
            let s = scenario.with("hit", hit).unwrap();
            simulate(&config_of(&s).unwrap().0)
                .unwrap()
                .completion_us
                .mean
        };
        let (none, mid, high) = (at("0"), at("0.6"), at("0.9"));
        assert!(close(none, 726_000.0, 0.001), "{none}");
        assert!(close(mid, 787_000.0, 0.001), "{mid}");
        assert!(close(high, 977_000.0, 0.001), "{high}");
        assert!(close(mid / none, 1.08, 0.01), "a rise of 8 %");
        assert_eq!(
            crate::traffic::fig8()[0].sweep.values(),
            ["0", "0.3", "0.6", "0.9"]
        );
    }

    #[test]
    fn fitted_infiniband_story() {
        // The tour's parameters are what the fit gives on the real file, to the digits the
        // query prints.
        let text = include_bytes!("../../../tests/data/measurements/csd3-ib-osu_latency.txt");
        let series = commcalc_core::measurements::parse(text, None).unwrap();
        let fit = commcalc_core::measurements::fit::fit(series).unwrap();
        let (page, _, _) = open(
            PRESETS
                .iter()
                .find(|p| p.id == "fitted-infiniband")
                .unwrap(),
        );
        let fitted = Scenario::from_query(&fit.query).unwrap();
        assert_eq!(page.compare[0], fitted);
        assert_eq!(
            page.fitted.as_deref(),
            Some(crate::import::machine_name(&fit).as_str())
        );
        let c = compare(&page.compare).unwrap();
        let (ib, paragon) = (&c.reports[0], &c.reports[1]);
        assert!(close(metric(ib, "r_inf_MBps"), 9_840.0, 0.005));
        assert!(close(metric(ib, "n_half_bytes"), 11_000.0, 0.01));
        assert!(close(metric(paragon, "n_half_bytes"), 12_700.0, 0.005));
        // a = n½/r∞ and b = 1/r∞ (001 eq. 1–2; MB/s is B/µs).
        let (n_half, r_inf) = (
            metric(paragon, "n_half_bytes"),
            metric(paragon, "r_inf_MBps"),
        );
        let start = n_half / r_inf / fit.fits.hockney.a_us;
        let byte = metric(ib, "r_inf_MBps") / r_inf;
        assert!(close(start, 131.0, 0.005), "{start}");
        assert!(close(byte, 113.0, 0.005), "{byte}");
        assert!(c.crossovers.is_empty());
        assert_eq!(fit.fits.piecewise.breaks_bytes, vec![256.0, 16384.0]);
    }
}
