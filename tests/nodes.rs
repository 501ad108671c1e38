//! Ranks on nodes in the collectives (`ppn`, `intra_alpha`, `intra_beta`): what the query
//! language accepts and refuses, and the costs against their one-level closed forms.

use commcalc_core::collectives::nodes::ASSUMED_NODE;
use commcalc_core::collectives::winner::winner_map;
use commcalc_core::collectives::{algorithm, Abg, Collective, Procs};
use commcalc_core::patterns::collective::{p_of, ppn_of};
use commcalc_core::{run, Scenario};

const NET: &str = "machine=custom&model=hockney&alpha=2&beta=0.0001&gamma=0.0002";

fn metric(q: &str, key: &str) -> f64 {
    let r = run(q).unwrap_or_else(|e| panic!("{q}: {e}"));
    r.metric(key).unwrap_or_else(|| panic!("{q}: no {key}"))
}

fn refusal(q: &str) -> String {
    match run(q) {
        Ok(_) => panic!("{q} was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn ppn_above_p_or_not_whole_is_refused_by_name() {
    let e = refusal(&format!("{NET}&pattern=allreduce&p=16&ppn=32"));
    assert!(e.contains("ppn=32") && e.contains("at most p = 16"), "{e}");
    let e = refusal(&format!("{NET}&pattern=allreduce&p=16&ppn=2.5"));
    assert!(e.contains("ppn=2.5") && e.contains("whole number"), "{e}");
    let e = refusal(&format!("{NET}&pattern=allreduce&p=16&ppn=0"));
    assert!(e.contains("ppn"), "{e}");
}

/// One rank a node is the machine without nodes: every algorithm's time as before.
#[test]
fn one_rank_a_node_changes_nothing() {
    for (pattern, key) in [
        ("allreduce", "ring_us"),
        ("allreduce", "rabenseifner_us"),
        ("broadcast", "binomial_us"),
        ("all-to-all", "pairwise_us"),
    ] {
        let q = format!("{NET}&pattern={pattern}&p=24&size=65536");
        assert_eq!(metric(&q, key), metric(&format!("{q}&ppn=1"), key), "{q}");
    }
}

/// Every rank on one node: the closed forms on the node's α and β.
#[test]
fn one_node_costs_the_node_s_alpha_beta() {
    let q =
        format!("{NET}&pattern=allreduce&p=8&ppn=8&intra_alpha=0.3&intra_beta=0.00005&size=1e6");
    let node = Abg {
        alpha: 0.3,
        beta: 0.00005,
        gamma: 0.0002,
    };
    let ring = algorithm(Collective::Allreduce, "ring").unwrap();
    let want = (ring.cost)(&node, Procs::new(8), 1e6);
    assert!((metric(&q, "ring_us") - want).abs() < 1e-9 * want);
}

/// Two nodes: a ring crosses the network in each of its 2(p − 1) steps, one rank of a node
/// sending off-node, so it costs what the network's ring costs; the binomial broadcast
/// crosses once and spends its other rounds on the node.
#[test]
fn two_nodes_cost_each_step_by_its_partners() {
    let base = format!("{NET}&p=64&size=1e6&intra_alpha=0.2&intra_beta=0.00008");
    let ring = format!("{base}&pattern=allreduce");
    let one_level = format!("{NET}&p=64&size=1e6&pattern=allreduce");
    assert!(
        (metric(&format!("{ring}&ppn=32"), "ring_us") - metric(&one_level, "ring_us")).abs() < 1e-6
    );
    let bcast = format!("{base}&pattern=broadcast&ppn=32");
    let want = (2.0 + 1e6 * 0.0001) + 5.0 * (0.2 + 1e6 * 0.00008);
    assert!((metric(&bcast, "binomial_us") - want).abs() < 1e-6 * want);
}

/// Without an intra-node run the node's α-β are the assumed ones, and the report says so.
#[test]
fn an_assumed_node_is_said_to_be_assumed() {
    let q = format!("{NET}&pattern=broadcast&p=64&ppn=32&size=1e6");
    let r = run(&q).unwrap();
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("assumed") && w.contains("intra-node")),
        "{:?}",
        r.warnings
    );
    let want = (2.0 + 1e6 * 0.0001) + 5.0 * (ASSUMED_NODE.0 + 1e6 * ASSUMED_NODE.1);
    assert!((r.metric("binomial_us").unwrap() - want).abs() < 1e-6 * want);
}

/// The winner map takes ppn as `algo=best` does, and a row with p below ppn is one node.
#[test]
fn the_winner_map_places_ranks_as_best_does() {
    let q = format!("{NET}&pattern=allreduce&ppn=16");
    let s = Scenario::from_query(&q).unwrap();
    let ps = [8u32, 32, 64];
    let sizes = [1e3, 1e5, 1e7];
    let map = winner_map(&s, &sizes, &ps, |_| true).unwrap();
    for (row, p) in ps.iter().enumerate().skip(1) {
        for (col, n) in sizes.iter().enumerate() {
            let best = run(&format!("{q}&p={p}&size={n}")).unwrap();
            let t = best.metric("time_us").unwrap();
            let cell = map.cell(row, col).unwrap();
            assert!((cell.time_us - t).abs() <= 1e-9 * t, "p {p} n {n}");
        }
    }
    assert!(map.cell(0, 0).is_some());
}

/// The node's keys without ppn would change nothing: refused, naming ppn.
#[test]
fn node_keys_without_ppn_are_refused() {
    for key in ["intra_alpha=0.1", "intra_beta=0.0001", "nics=2"] {
        let e = refusal(&format!("{NET}&pattern=allreduce&p=16&{key}"));
        assert!(e.contains(key) && e.contains("give ppn"), "{e}");
    }
}

/// Four ranks a node sending off-node at once through four interfaces do not share one.
/// A machine of today places its ranks as its cluster's own collective runs did: its
/// collectives by default are those runs' p and ppn (and interfaces), said so, and the same as
/// given explicitly.
#[test]
fn a_cluster_s_collectives_default_to_its_own_placement() {
    use commcalc_core::catalog::today;
    let mut placed = 0;
    for machine in today::ALL {
        let nodes = machine.provenance.unwrap().nodes;
        let Some(pl) = nodes.placement else {
            continue;
        };
        placed += 1;
        let base = format!("machine={}&pattern=allreduce", machine.id);
        let nics = nodes.nics.map_or(1, |n| n.count);
        let explicit = format!("{base}&p={}&ppn={}&nics={nics}", pl.p, pl.ppn);
        let (own, given) = (run(&base).unwrap(), run(&explicit).unwrap());
        assert_eq!(own.metrics, given.metrics, "{}", machine.id);
        assert!(
            own.warnings
                .iter()
                .any(|w| w.contains(&format!("ppn = {}", pl.ppn)) && w.contains(pl.source)),
            "{}: {:?}",
            machine.id,
            own.warnings
        );
        // Not the old default: eight ranks, each on its own node.
        let apart = run(&format!("{base}&p=8&ppn=1")).unwrap();
        assert_ne!(own.metrics, apart.metrics, "{}", machine.id);
        // What the page's node controls start from: the machine's placement, else the query's.
        let s = Scenario::from_query(&base).unwrap();
        assert_eq!((p_of(&s), ppn_of(&s)), (pl.p, Some(f64::from(pl.ppn))));
        let s = Scenario::from_query(&format!("{base}&p=8&ppn=2")).unwrap();
        assert_eq!((p_of(&s), ppn_of(&s)), (8, Some(2.0)));
    }
    let paper = Scenario::from_query("machine=intel-paragon&pattern=allreduce").unwrap();
    assert_eq!(ppn_of(&paper), None, "every rank on its own node");
    assert!(placed >= 4, "{placed} machines with their placement");
}

/// Where the cluster measured two ranks on one node, the node's α-β is that run's fit, not
/// the assumed one: the Juno boards' network beside one board's shared memory.
#[test]
fn a_measured_node_is_not_assumed() {
    use commcalc_core::catalog::today;
    let shm = today::JUNO_SHM.set(commcalc_core::Model::Hockney).unwrap();
    let (a, b) = (
        shm.param("alpha").unwrap().value,
        shm.param("beta").unwrap().value,
    );
    let q = "machine=juno-eth&pattern=allreduce&p=4&ppn=2";
    let own = run(q).unwrap();
    assert!(
        own.warnings
            .iter()
            .all(|w| !w.contains("assumed where not given")),
        "{:?}",
        own.warnings
    );
    let given = run(&format!("{q}&intra_alpha={a}&intra_beta={b}")).unwrap();
    assert_eq!(own.metrics, given.metrics);
    let assumed = run(&format!(
        "{q}&intra_alpha={}&intra_beta={}",
        ASSUMED_NODE.0, ASSUMED_NODE.1
    ))
    .unwrap();
    assert_ne!(own.metrics, assumed.metrics);
}

/// A node key that changes no algorithm's time is refused, not taken: on an all-to-all of two
/// full nodes every step has a pair across them, so the network costs every step.
#[test]
fn a_node_key_no_step_uses_is_refused() {
    let q = format!("{NET}&pattern=all-to-all&p=64&ppn=32");
    let e = refusal(&format!("{q}&intra_alpha=5"));
    assert!(
        e.contains("intra_alpha") && e.contains("does not use"),
        "{e}"
    );
    // The allreduce's recursive doubling pairs ranks within a node: there it is read.
    let q = format!("{NET}&pattern=allreduce&p=64&ppn=32");
    assert_ne!(
        metric(&format!("{q}&intra_alpha=5"), "recursive_doubling_us"),
        metric(&q, "recursive_doubling_us")
    );
    // Interfaces matter where two ranks of a node send off-node at once, not in a barrier.
    let e = refusal(&format!("{NET}&pattern=barrier&p=64&ppn=32&nics=2"));
    assert!(e.contains("nics"), "{e}");
}

#[test]
fn interfaces_per_node_divide_the_sharing() {
    let q = format!("{NET}&pattern=all-to-all&algo=pairwise&p=8&ppn=4&size=8e6");
    let one = metric(&q, "pairwise_us");
    let four = metric(&format!("{q}&nics=4"), "pairwise_us");
    assert!(four < one, "{four} vs {one}");
    let e = refusal(&format!("{q}&nics=1.5"));
    assert!(e.contains("nics"), "{e}");
}

mod validate {
    use commcalc_core::collectives::library::Library;
    use commcalc_core::collectives::validate::{validate, validate_all, Options};
    use commcalc_core::measurements::{parse, Series};
    use commcalc_core::patterns::collective::{library_menu, with_ctx};
    use commcalc_core::run;
    use commcalc_core::scenario::Scenario;

    const ALPHA: f64 = 2.0;
    const BETA: f64 = 0.0001;

    fn sizes() -> Vec<f64> {
        (2..=22).map(|k| f64::from(1u32 << k)).collect()
    }

    /// An OSU table titled `title` with the times `time(size)`.
    fn osu(title: &str, time: impl Fn(f64) -> f64) -> Vec<Series> {
        let mut text = format!("# {title}\n# Size       Avg Latency(us)\n");
        for m in sizes() {
            text.push_str(&format!("{m} {:.6}\n", time(m)));
        }
        parse(text.as_bytes(), None).unwrap()
    }

    fn latency() -> Vec<Series> {
        osu("OSU MPI Latency Test v5.6.3", |m| ALPHA + m * BETA)
    }

    fn options(p: Option<u32>, ppn: Option<u32>) -> Options {
        Options {
            p,
            ppn,
            library: Some(Library::OpenMpiClassic),
            extra: vec![("gamma".into(), "0.0003".into())],
        }
    }

    /// A run made of the model's own times for the library's choice: predicted over
    /// measured is 1 at every size, through the fit, the placement, the size each benchmark
    /// prints and the library's rules.
    #[test]
    fn a_run_of_the_model_s_own_times_is_predicted_exactly() {
        let (p, ppn) = (16u32, 4u32);
        let machine = format!(
            "machine=custom&model=hockney&alpha={ALPHA}&beta={BETA}&gamma=0.0003&p={p}&ppn={ppn}"
        );
        for (collective, title, per_block) in [
            ("allreduce", "OSU MPI Allreduce Latency Test v5.6.3", false),
            (
                "all-to-all",
                "OSU MPI All-to-All Personalized Exchange Latency Test v5.6.2",
                true,
            ),
        ] {
            let c = commcalc_core::collectives::Collective::from_id(collective).unwrap();
            let time = |m: f64| {
                let n = if per_block { m * f64::from(p) } else { m };
                let count = if c.reduces() { m / 4.0 } else { m };
                let algo = Library::OpenMpiClassic
                    .choice(c, p, n, count)
                    .and_then(|x| x.algo)
                    .unwrap();
                if commcalc_core::collectives::algorithm(c, algo).is_none() {
                    // A library's own algorithm (basic linear), costed beside the query's.
                    let s = Scenario::from_query(&format!("{machine}&pattern={collective}"));
                    let costs = with_ctx(&s.unwrap(), |ctx| library_menu(ctx, c, p)).unwrap();
                    let (_, cost) = costs.iter().find(|(id, _)| *id == algo).unwrap();
                    return cost(n);
                }
                let q = format!("{machine}&pattern={collective}&algo={algo}&size={n}");
                run(&q).unwrap().metric("time_us").unwrap()
            };
            let mut runs = osu(title, time);
            runs.extend(latency());
            let v = validate(&runs, &[], &options(Some(p), Some(ppn))).unwrap();
            let r = &v.runs[0];
            assert_eq!((r.p, r.ppn), (p, ppn));
            // The library's algorithm is costed at every size (basic linear among them), and
            // exact.
            assert_eq!(r.verdict.algorithm, "library", "{collective}");
            for s in &r.sizes {
                if let Some(algo) = s.library.and_then(|c| c.algo) {
                    let i = r.algorithms.iter().position(|a| *a == algo).unwrap();
                    let ratio = s.predicted_us[i] / s.measured_us;
                    assert!(
                        (ratio - 1.0).abs() < 1e-4,
                        "{collective} {}: ×{ratio}",
                        s.size_bytes
                    );
                }
            }
        }
    }

    #[test]
    fn a_run_without_its_p_or_with_ppn_above_it_is_refused_clearly() {
        let mut runs = osu("OSU MPI Allreduce Latency Test v5.6.3", |m| 5.0 + m * 0.001);
        runs.extend(latency());
        let e = validate(&runs, &[], &options(None, Some(4)))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("without its process count") && e.contains("give p, and ppn"),
            "{e}"
        );
        let e = validate(&runs, &[], &options(Some(8), Some(16)))
            .unwrap_err()
            .to_string();
        assert!(e.contains("ppn = 16 is larger than its p = 8"), "{e}");
    }

    /// Latency runs of two networks (one ten times slower) are not one cluster.
    #[test]
    fn runs_of_different_clusters_are_refused() {
        let mut runs = osu("OSU MPI Allreduce Latency Test v5.6.3", |m| 5.0 + m * 0.001);
        runs.extend(latency());
        runs.extend(osu("OSU MPI Latency Test v5.6.3", |m| {
            30.0 + m * BETA * 10.0
        }));
        let e = validate(&runs, &[], &options(Some(8), Some(4)))
            .unwrap_err()
            .to_string();
        assert!(e.contains("different clusters"), "{e}");
    }

    /// GPU-buffer runs are set against the GPU buffers' point-to-point run, host against host.
    #[test]
    fn device_buffers_are_their_own_machine() {
        let mut runs = osu(
            "OSU MPI All-to-All Personalized Exchange Latency Test v7.5",
            |m| 7.0 + m * 0.001,
        );
        runs.extend(latency());
        runs.extend(osu(
            "OSU MPI-CUDA All-to-All Personalized Exchange Latency Test v7.5",
            |m| 20.0 + m * 0.001,
        ));
        runs.extend(osu("OSU MPI-CUDA Latency Test v7.5", |m| 19.0 + m * 0.0002));
        let all = validate_all(&runs, &[], &options(Some(8), Some(4))).unwrap();
        assert_eq!(all.len(), 2);
        assert!(
            all[0].fitted_to.contains("OSU MPI Latency"),
            "{}",
            all[0].fitted_to
        );
        assert!(
            all[1].fitted_to.contains("MPI-CUDA"),
            "{}",
            all[1].fitted_to
        );
    }
}

/// Every real collective run of tests/data/measurements with its cluster's point-to-point
/// runs, as docs/collectives-validated.md reports them (the same settings as its commands:
/// the same γ for all, ppn and p from the job scripts, nothing fitted to the collective
/// runs). `cargo test -p commcalc-core --test nodes real -- --nocapture` prints its table.
mod real {
    use commcalc_core::collectives::library::Library;
    use commcalc_core::collectives::validate::{validate_all, Options, FROM_BYTES};
    use commcalc_core::measurements::{parse, Series};

    /// (files, --intra files, p, ppn, library, whether each of its runs meets the criterion,
    /// as docs/collectives-validated.md reports it): the runs' placements from their job
    /// scripts (tests/data/measurements/README.md).
    type Case = (
        &'static [&'static str],
        &'static [&'static str],
        Option<u32>,
        u32,
        Option<Library>,
        &'static [bool],
    );
    const CLASSIC: Option<Library> = Some(Library::OpenMpiClassic);
    const CSD3: [&str; 3] = [
        "csd3-ib-osu_latency.txt",
        "csd3-ib-osu_bw.txt",
        "csd3-ib-osu_mbw_mr_32.txt",
    ];
    pub const CASES: [Case; 7] = [
        (
            &["csd3-ib-osu_allreduce.txt", CSD3[0], CSD3[1], CSD3[2]],
            &[],
            Some(64),
            32,
            CLASSIC,
            &[false],
        ),
        (
            &["csd3-ib-osu_alltoall.txt", CSD3[0], CSD3[1], CSD3[2]],
            &[],
            Some(64),
            32,
            CLASSIC,
            &[true],
        ),
        (
            &["csd3-ib-osu_allgather.txt", CSD3[0], CSD3[1], CSD3[2]],
            &[],
            Some(64),
            32,
            CLASSIC,
            &[false],
        ),
        (
            &[
                "alaska-ib-osu_alltoall.txt",
                "alaska-ib-imb2019_pingpong.txt",
                "alaska-ib-osu_bw.txt",
                "alaska-ib-osu_bibw.txt",
            ],
            &[],
            Some(64),
            32,
            CLASSIC,
            &[false],
        ),
        (
            &[
                "abci-ib-osu_allreduce_full.txt",
                "abci-ib-osu_multi_lat.txt",
            ],
            &[],
            Some(16),
            8,
            CLASSIC,
            &[true],
        ),
        // Open MPI 5, whose all-to-all decisions are 4.1's (ompi_coll_tuned_alltoall_intra_dec_fixed
        // is the same at v4.1.4 and v5.0.5): host buffers, then GPU buffers.
        (
            &["clariden-slingshot-osu7_readme.md.txt"],
            &[],
            Some(8),
            4,
            Some(Library::OpenMpi),
            &[false, false],
        ),
        // The Juno board's allreduce: two ranks on one board, its own ping-pong the node's.
        (
            &[],
            &["juno-shm-imb41_excerpt.txt"],
            None,
            2,
            None,
            &[false],
        ),
    ];

    fn read(files: &[&str]) -> Vec<Series> {
        let dir = format!(
            "{}/../../tests/data/measurements",
            env!("CARGO_MANIFEST_DIR")
        );
        files
            .iter()
            .flat_map(|f| {
                let bytes = std::fs::read(format!("{dir}/{f}")).unwrap();
                parse(&bytes, None).unwrap().into_iter().map(move |mut s| {
                    s.name = format!("{f}: {}", s.name);
                    s
                })
            })
            .collect()
    }

    /// Validates one case, prints a row per run and returns each run's verdict.
    fn check(case: &Case) -> Vec<bool> {
        let (files, intra, p, ppn, library, _) = *case;
        let options = Options {
            p,
            ppn: Some(ppn),
            library,
            extra: vec![("gamma".into(), "0.0003".into())],
        };
        let all = validate_all(&read(files), &read(intra), &options).unwrap();
        let mut verdicts = Vec::new();
        for r in all.iter().flat_map(|v| &v.runs) {
            let from = r
                .sizes
                .iter()
                .filter(|s| s.size_bytes >= FROM_BYTES)
                .count();
            assert!(from >= 8, "{}: {from} sizes from 1 KiB", r.name);
            assert_eq!(r.verdict.sizes, from, "{}", r.name);
            assert!(r.verdict.median_ratio.is_finite(), "{}", r.name);
            // Where the library is known, its own algorithm is costed at every size.
            if library.is_some() {
                assert_eq!(r.verdict.algorithm, "library", "{}", r.name);
            }
            println!(
                "| {} | {} | {} | {} | {} | {} |",
                r.name,
                r.p,
                r.ppn,
                r.verdict.algorithm,
                r.verdict.text(),
                if r.verdict.within { "yes" } else { "no" }
            );
            verdicts.push(r.verdict.within);
        }
        verdicts
    }

    /// The verdicts of docs/collectives-validated.md: `cargo test -p commcalc-core --test nodes
    /// real -- --nocapture` prints its table.
    #[test]
    fn every_real_collective_run_is_set_against_its_cluster() {
        for case in &CASES {
            assert_eq!(check(case), case.5, "{:?}", case.0);
        }
    }

    /// The stated assumption of interface sharing, on a real run: 32 ranks of a CSD3 node
    /// sending off-node at once (osu_mbw_mr, 32 pairs between two nodes) move no more than one
    /// pair does (osu_bw), within 5 % at the largest size: one rank's stream reaches the
    /// interface's rate, and the node's ranks share it.
    #[test]
    fn one_rank_fills_the_interface_on_csd3() {
        let rate = |file: &str| {
            let s = &read(&[file])[0];
            let [m, t] = *s.points.last().unwrap();
            m / t
        };
        let (one, all) = (
            rate("csd3-ib-osu_bw.txt"),
            rate("csd3-ib-osu_mbw_mr_32.txt"),
        );
        assert!(
            (all / one - 1.0).abs() < 0.05,
            "one pair {one} B/µs, 32 pairs {all} B/µs"
        );
    }

    /// The runs without a point-to-point run of their cluster in tests/data are refused with
    /// the reason.
    #[test]
    fn a_collective_run_alone_is_refused_with_its_reason() {
        let options = Options {
            ppn: Some(1),
            ..Options::default()
        };
        let e = validate_all(
            &read(&["oci-rdma-imb2021_alltoall_excerpt.txt"]),
            &[],
            &options,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("point-to-point run of the same cluster"), "{e}");
    }
}

/// p not a multiple of ppn is block placement's last node part full, and the report says so.
#[test]
fn a_part_full_last_node_is_said() {
    let r = run(&format!(
        "{NET}&pattern=all-to-all&algo=pairwise&p=60&ppn=32"
    ))
    .unwrap();
    assert!(
        r.warnings.iter().any(|w| w.contains("last node holds 28")),
        "{:?}",
        r.warnings
    );
}
