//! The synthetic traffic simulator (003 §Synthetic Communication Benchmarks, Figs. 7–9):
//! exact facts of the spatial and temporal models, the distributions sampled against the
//! analytic ones (chi-square), queueing sanity (light load, Little's law, conservation),
//! 003's Fig. 8 finding both ways, bad input, and reproducibility.

use commcalc_core::patterns::traffic::config_of;
use commcalc_core::traffic::lengths::{exponential, Lengths};
use commcalc_core::traffic::rng::Rng;
use commcalc_core::traffic::stack::Stack;
use commcalc_core::traffic::{
    simulate, Config, Cube, Destinations, Per, Routing, Spatial, Summary,
};
use commcalc_core::{run, Scenario};
use proptest::prelude::*;

/// 003 Table 5, the Intel iPSC: t_l = 1.7 ms, t_c = 2.83 µs/B.
const T_L: f64 = 1700.0;
const T_C: f64 = 2.83;

fn ipsc() -> Config {
    Config::paper(T_L, T_C)
}

/// Simulates and checks conservation, which every run must satisfy: every message generated
/// is delivered exactly once, and the clock never goes back.
fn sim(config: &Config) -> Summary {
    let s = simulate(config).unwrap_or_else(|e| panic!("{config:?}: {e}"));
    let expected: u64 = config.messages_per_node().iter().sum::<u64>() * u64::from(config.reps);
    assert_eq!(s.generated, expected, "generated");
    assert_eq!(s.delivered, s.generated, "delivered = generated");
    assert_eq!(s.duplicates, 0, "duplicates");
    assert_eq!(s.first.clock_regressions, 0, "clock went backwards");
    s
}

// ---------------------------------------------------------------------------------------------
// Chi-square goodness of fit

/// The chi-square statistic of observed counts against expected probabilities, bins pooled
/// from the left until each expects at least 5 (a small remainder joins the last); returns
/// (statistic, degrees of freedom).
fn chi_square(observed: &[u64], probabilities: &[f64]) -> (f64, usize) {
    let n = observed.iter().sum::<u64>() as f64;
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let (mut o, mut e) = (0.0, 0.0);
    for (&obs, &p) in observed.iter().zip(probabilities) {
        o += obs as f64;
        e += p * n;
        if e >= 5.0 {
            bins.push((o, e));
            (o, e) = (0.0, 0.0);
        }
    }
    match bins.last_mut() {
        Some(last) => {
            last.0 += o;
            last.1 += e;
        }
        None => bins.push((o, e)),
    }
    let stat = bins.iter().map(|(o, e)| (o - e) * (o - e) / e).sum();
    (stat, bins.len().saturating_sub(1).max(1))
}

/// The upper 0.1 % point of chi-square with k degrees of freedom (Wilson and Hilferty's
/// cube-root normal approximation, 1931; z₀.₉₉₉ = 3.0902).
fn chi_square_999(k: usize) -> f64 {
    let k = k as f64;
    let a = 2.0 / (9.0 * k);
    k * (1.0 - a + 3.0902 * a.sqrt()).powi(3)
}

fn assert_fits(what: &str, observed: &[u64], probabilities: &[f64]) {
    let (stat, df) = chi_square(observed, probabilities);
    let limit = chi_square_999(df);
    assert!(
        stat < limit,
        "{what}: χ² = {stat:.1} on {df} df exceeds {limit:.1} (p < 0.001)\nobserved {observed:?}"
    );
}

/// Sampled hop distances from `src` over many draws.
fn distance_counts(cube: Cube, spatial: Spatial, draws: usize) -> Vec<u64> {
    let dest = Destinations::new(cube, spatial);
    let mut rng = Rng::seeded(2024);
    let mut counts = vec![0u64; cube.dim as usize + 1];
    for i in 0..draws {
        let src = (i as u32 * 7) % cube.nodes();
        counts[Cube::distance(src, dest.sample(src, &[], &mut rng)) as usize] += 1;
    }
    counts
}

// ---------------------------------------------------------------------------------------------
// Exact facts of the spatial models (003 §Spatial Locality, §Experimental Results)

/// 003 Fig. 7: "the expected execution time approaches that of the uniform routing
/// distribution as the radius approaches the network diameter": with φ = 1 and L = d the
/// sphere *is* the uniform distribution, on every cube size, and a simulation gives the same
/// run bit for bit.
#[test]
fn sphere_with_phi_1_and_radius_the_diameter_is_uniform() {
    for dim in 1..=12 {
        let cube = Cube { dim };
        let sphere = Spatial::Sphere {
            radius: dim,
            phi: 1.0,
        };
        let a = Spatial::Uniform.distance_probabilities(cube);
        let b = sphere.distance_probabilities(cube);
        for (x, y) in a.iter().zip(&b) {
            assert!((x - y).abs() < 1e-15, "dim {dim}: {a:?} vs {b:?}");
        }
    }
    let uniform = sim(&ipsc());
    let sphere = sim(&Config {
        spatial: Spatial::Sphere {
            radius: 4,
            phi: 1.0,
        },
        ..ipsc()
    });
    assert_eq!(uniform.completion_us, sphere.completion_us);
}

/// The uniform mean distance on a d-cube is d·2^(d−1)/(2^d − 1): each of the d address bits
/// differs for half of the 2^d nodes, and the sender itself is excluded. 32/15 on 16 nodes.
#[test]
fn uniform_mean_distance_is_d_2_pow_d_minus_1_over_2_pow_d_minus_1() {
    for dim in 1..=12 {
        let cube = Cube { dim };
        let expected = f64::from(dim) * f64::from(1u32 << (dim - 1)) / f64::from(cube.nodes() - 1);
        let got = Destinations::new(cube, Spatial::Uniform).mean_distance();
        assert!(
            (got - expected).abs() < 1e-12,
            "dim {dim}: {got} vs {expected}"
        );
    }
    let sixteen = Destinations::new(Cube { dim: 4 }, Spatial::Uniform).mean_distance();
    assert!((sixteen - 32.0 / 15.0).abs() < 1e-12);
    // The simulated messages travel that far on average: 15 000 messages, standard deviation
    // of the distance about 0.93, so 4 standard errors are 0.03.
    let s = sim(&ipsc());
    assert!(
        (s.hops_mean.mean - 32.0 / 15.0).abs() < 0.03,
        "{}",
        s.hops_mean.mean
    );
}

/// 003: "For large enough values of d, the decreasing probability distribution is
/// anti-local. Specifically, the mean internode distance is larger than that of the uniform
/// routing distribution." On 16 nodes Φ is flat over l = 1…4 as d → 1 (mean 2.5 > 32/15);
/// small d is local; the mean grows with d; Decay normalises Φ to 1 with Φ(l+1)/Φ(l) = d.
#[test]
fn decreasing_probability_near_1_is_anti_local() {
    let cube = Cube { dim: 4 };
    let uniform = 32.0 / 15.0;
    let mean = |d: f64| Destinations::new(cube, Spatial::Decreasing { decay: d }).mean_distance();
    assert!(mean(0.95) > uniform, "{}", mean(0.95));
    assert!(mean(0.999) > 2.49 && mean(0.999) < 2.5);
    assert!(mean(0.1) < 1.2);
    let mut last = 0.0;
    for i in 1..100 {
        let m = mean(f64::from(i) / 100.0);
        assert!(m > last);
        last = m;
    }
    for d in [0.1, 0.5, 0.9] {
        let phi = Spatial::Decreasing { decay: d }.distance_probabilities(cube);
        assert_eq!(phi[0], 0.0);
        assert!((phi.iter().sum::<f64>() - 1.0).abs() < 1e-15);
        for l in 1..4 {
            assert!((phi[l + 1] / phi[l] - d).abs() < 1e-12);
        }
    }
    // And the simulated messages go further than uniform ones.
    let s = sim(&Config {
        spatial: Spatial::Decreasing { decay: 0.95 },
        ..ipsc()
    });
    assert!(s.hops_mean.mean > uniform + 0.2, "{}", s.hops_mean.mean);
}

/// Sampled distances follow Φ(l) for each spatial model (chi-square, 100 000 draws on a
/// 64-node cube), and within a shell every node is equally likely (uniform on 16 nodes).
#[test]
fn sampled_distances_fit_the_spatial_models() {
    let cube = Cube { dim: 6 };
    for spatial in [
        Spatial::Uniform,
        Spatial::Sphere {
            radius: 2,
            phi: 0.8,
        },
        Spatial::Sphere {
            radius: 1,
            phi: 1.0,
        },
        Spatial::Decreasing { decay: 0.3 },
        Spatial::Decreasing { decay: 0.9 },
    ] {
        let counts = distance_counts(cube, spatial, 100_000);
        assert_fits(
            &format!("{spatial:?}"),
            &counts[1..],
            &spatial.distance_probabilities(cube)[1..],
        );
    }
    let cube = Cube { dim: 4 };
    let dest = Destinations::new(cube, Spatial::Uniform);
    let mut rng = Rng::seeded(5);
    let mut nodes = [0u64; 16];
    for _ in 0..60_000 {
        nodes[dest.sample(0, &[], &mut rng) as usize] += 1;
    }
    assert_eq!(nodes[0], 0, "a node never sends to itself");
    assert_fits("uniform nodes", &nodes[1..], &[1.0 / 15.0; 15]);
}

/// A stack miss picks a node not in the stack, with the spatial model's probabilities
/// renormalised over the rest.
#[test]
fn a_miss_never_picks_a_node_in_the_stack() {
    let cube = Cube { dim: 4 };
    let dest = Destinations::new(
        cube,
        Spatial::Sphere {
            radius: 1,
            phi: 1.0,
        },
    );
    let mut rng = Rng::seeded(9);
    let exclude = [1, 2, 4];
    let mut counts = [0u64; 16];
    for _ in 0..10_000 {
        counts[dest.sample(0, &exclude, &mut rng) as usize] += 1;
    }
    // Only node 8 is left inside the sphere of radius 1 around 0.
    assert_eq!(counts[8], 10_000, "{counts:?}");
}

// ---------------------------------------------------------------------------------------------
// Temporal locality (003 §Temporal Locality, Figs. 8 and 9)

/// Run lengths of one node's destinations, from the stack alone.
fn stack_runs(hits: &[f64], spatial: Spatial, draws: usize) -> Vec<u64> {
    let cube = Cube { dim: 4 };
    let dest = Destinations::new(cube, spatial);
    let mut cumulative = Vec::new();
    let mut sum = 0.0;
    for b in hits {
        sum += b;
        cumulative.push(sum);
    }
    let mut rng = Rng::seeded(77);
    let mut stack = Stack::default();
    let mut runs = vec![0u64; 200];
    let (mut last, mut len) = (u32::MAX, 0usize);
    for _ in 0..draws {
        let d = stack.next(3, &cumulative, &dest, &mut rng);
        if d == last {
            len += 1;
        } else {
            if len > 0 {
                runs[len.min(199)] += 1;
            }
            last = d;
            len = 1;
        }
    }
    runs
}

/// 003 Fig. 9 (decreasing probability, d = 0.10, one stack entry hit with probability 0.90):
/// a depth-1 stack continues a run with probability p and a miss always changes destination,
/// so run lengths are geometric, P(k) = (1 − p)·p^(k−1), of mean 1/(1 − p) = 10. Checked
/// with chi-square on the stack and on the simulator's own run-length histogram.
#[test]
fn depth_one_stack_gives_geometric_runs_of_mean_1_over_1_minus_p() {
    let fig9 = Spatial::Decreasing { decay: 0.1 };
    for p in [0.5, 0.9] {
        let runs = stack_runs(&[p], fig9, 400_000);
        let total: u64 = runs.iter().sum();
        let mean = runs
            .iter()
            .enumerate()
            .map(|(k, c)| k as f64 * *c as f64)
            .sum::<f64>()
            / total as f64;
        assert!(
            (mean - 1.0 / (1.0 - p)).abs() < 0.02 / (1.0 - p),
            "p {p}: mean {mean}"
        );
        let geometric: Vec<f64> = (1..200).map(|k| (1.0 - p) * p.powi(k - 1)).collect();
        assert_fits(&format!("runs p = {p}"), &runs[1..], &geometric);
    }
    let s = sim(&Config {
        spatial: fig9,
        hits: vec![0.9],
        count: 2000,
        per: Per::Node,
        ..ipsc()
    });
    assert!(
        (s.run_length_mean.mean - 10.0).abs() < 0.5,
        "{}",
        s.run_length_mean.mean
    );
    let hist = &s.first.run_lengths;
    let tail = hist.len() - 1;
    let mut geometric: Vec<f64> = (1..tail as i32).map(|k| 0.1 * 0.9f64.powi(k - 1)).collect();
    geometric.push(0.9f64.powi(tail as i32 - 1));
    assert_fits("simulated runs", &hist[1..], &geometric);
}

/// Deeper stacks: position i is chosen with probability b_i, so a node returns to its
/// previous destination with probability b₁ (plus the chance of a miss or a deeper hit
/// landing on it, which the stack excludes): with b = (0.6, 0.3) runs are geometric with
/// p = 0.6, and a flush every message makes every choice a miss (runs of mean 1 + 1/15 from
/// the uniform model's chance of picking the same node again).
#[test]
fn deeper_stacks_and_flushes() {
    let runs = stack_runs(&[0.6, 0.3], Spatial::Uniform, 200_000);
    let geometric: Vec<f64> = (1..200).map(|k| 0.4 * 0.6f64.powi(k - 1)).collect();
    assert_fits("b = 0.6, 0.3", &runs[1..], &geometric);
    let s = sim(&Config {
        hits: vec![0.9],
        flush: 1,
        ..ipsc()
    });
    assert!(
        (s.run_length_mean.mean - 16.0 / 15.0).abs() < 0.02,
        "{}",
        s.run_length_mean.mean
    );
}

/// Exponential lengths fit the exponential distribution (ten equally likely bins).
#[test]
fn exponential_lengths_fit_the_exponential() {
    let mut rng = Rng::seeded(31);
    let mut bins = [0u64; 10];
    for _ in 0..100_000 {
        let x = exponential(512.0, &mut rng);
        // F(x) = 1 − e^(−x/512): the bin of F(x).
        let f = 1.0 - (-x / 512.0).exp();
        bins[((f * 10.0) as usize).min(9)] += 1;
    }
    assert_fits("exponential", &bins, &[0.1; 10]);
    let mut rng = Rng::seeded(32);
    let mut bins = [0u64; 10];
    for _ in 0..100_000 {
        bins[((Lengths::Uniform.sample(512.0, &mut rng) / 1024.0 * 10.0) as usize).min(9)] += 1;
    }
    assert_fits("uniform lengths", &bins, &[0.1; 10]);
}

// ---------------------------------------------------------------------------------------------
// Queueing sanity

/// At light load no message waits, so the mean latency tends to mean hops × (t_l + mean N·t_c)
/// under store-and-forward (003 eq. 1 per hop), and to t_l + mean N·t_c under cut-through.
/// A mean gap of 10 s between a node's messages (against 3 ms per hop) is light load.
#[test]
fn light_load_latency_is_hops_times_the_link_time() {
    let light = Config {
        gap_us: 1e7,
        count: 300,
        per: Per::Node,
        ..ipsc()
    };
    let one_hop = T_L + 512.0 * T_C;
    let s = sim(&light);
    let predicted = s.hops_mean.mean * one_hop;
    assert!(
        (s.latency_mean_us.mean / predicted - 1.0).abs() < 0.02,
        "{} vs {predicted}",
        s.latency_mean_us.mean
    );
    let s = sim(&Config {
        routing: Routing::CutThrough,
        ..light
    });
    assert!(
        (s.latency_mean_us.mean / one_hop - 1.0).abs() < 0.02,
        "{} vs {one_hop}",
        s.latency_mean_us.mean
    );
}

/// Fixed lengths make the links' busy time exact: the sum over links of utilisation ×
/// completion time is every message's hops × (t_l + N·t_c).
#[test]
fn link_busy_time_is_the_work_of_every_hop() {
    let c = Config {
        lengths: Lengths::Fixed,
        ..ipsc()
    };
    let s = sim(&c);
    let run = &s.first;
    let busy: f64 = run.link_utilisation.iter().sum::<f64>() * run.completion_us;
    let work = run.hops_mean * run.generated as f64 * (T_L + 512.0 * T_C);
    assert!((busy / work - 1.0).abs() < 1e-9, "{busy} vs {work}");
    assert!(run.link_util_max <= 1.0 + 1e-12);
}

/// Little's law, L = λW: the time-average number of messages in the network equals the
/// delivery rate times the mean latency, and the time-average number waiting at the links
/// equals the rate times the mean wait — each measured two independent ways, within 2 %, at
/// light, balanced and saturated load and under both routings.
#[test]
fn littles_law_holds() {
    for gap in [0.0, 4000.0, 50_000.0] {
        for routing in Routing::ALL {
            let s = sim(&Config {
                gap_us: gap,
                routing,
                ..ipsc()
            });
            let r = &s.first;
            let close = |a: f64, b: f64| (a - b).abs() <= 0.02 * b.abs().max(1e-9);
            assert!(
                close(r.in_network_mean, r.latency_sum_over_time),
                "gap {gap} {routing:?}: {} vs {}",
                r.in_network_mean,
                r.latency_sum_over_time
            );
            assert!(
                close(r.waiting_mean, r.wait_sum_over_time),
                "gap {gap} {routing:?}: {} vs {}",
                r.waiting_mean,
                r.wait_sum_over_time
            );
        }
    }
}

/// Cut-through cannot be slower than store-and-forward on the same traffic at light load,
/// and multi-hop messages gain the most.
#[test]
fn cut_through_beats_store_and_forward_at_light_load() {
    let base = Config {
        gap_us: 1e6,
        ..ipsc()
    };
    let sf = sim(&base);
    let ct = sim(&Config {
        routing: Routing::CutThrough,
        ..base
    });
    assert!(ct.latency_mean_us.mean < sf.latency_mean_us.mean / 1.8);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Over random configurations, no message is lost or duplicated (generated = delivered =
    /// the count asked for), the clock never goes back, latencies are non-negative and the
    /// percentiles ordered.
    #[test]
    fn no_message_is_lost_or_duplicated_and_time_runs_forward(
        dim in 1u32..=6,
        model in 0u8..3,
        radius in 1u32..=6,
        phi in 0.0f64..=1.0,
        decay in 0.01f64..0.99,
        hits in proptest::collection::vec(0.0f64..0.3, 0..=3),
        flush in 0u32..5,
        count in 1u64..400,
        per_node in any::<bool>(),
        len in 0usize..3,
        gap in prop_oneof![Just(0.0), 0.0f64..10_000.0],
        cut in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let cube = Cube { dim };
        let spatial = match model {
            0 => Spatial::Uniform,
            1 => Spatial::Sphere { radius: radius.min(dim), phi },
            _ => Spatial::Decreasing { decay },
        };
        // A stack shallower than the nodes the spatial model can reach (validation's rule).
        let reachable = Destinations::new(cube, spatial).reachable() as usize;
        let depth = hits.len().min(reachable.saturating_sub(1));
        let config = Config {
            cube,
            spatial,
            hits: hits[..depth].to_vec(),
            flush,
            count,
            per: if per_node { Per::Node } else { Per::Total },
            lengths: Lengths::ALL[len],
            gap_us: gap,
            routing: if cut { Routing::CutThrough } else { Routing::StoreForward },
            seed,
            reps: 2,
            ..ipsc()
        };
        let s = sim(&config);
        let r = &s.first;
        prop_assert!(r.latency_p50_us <= r.latency_p99_us);
        prop_assert!(r.latency_histogram.counts.iter().sum::<u64>() == r.delivered);
        prop_assert!(r.completion_us >= r.latency_p99_us);
    }
}

// ---------------------------------------------------------------------------------------------
// 003 Fig. 8, both ways

fn fig8(gap: f64, p: f64) -> Summary {
    sim(&Config {
        hits: vec![p],
        count: 1000,
        per: Per::Node,
        gap_us: gap,
        reps: 3,
        ..ipsc()
    })
}

/// 003 Fig. 8: on the iPSC "nodes can generate messages faster than they can be transmitted
/// by the communication links. Thus, queues develop for all links, independent of the
/// presence of temporal locality, and these queues mask its effects": generating as fast as
/// possible, the completion time moves by only a few percent from p = 0 to p = 0.5 and the
/// mean latency by under 3 % even at p = 0.9.
#[test]
fn fig8_generation_faster_than_links_masks_temporal_locality() {
    let (p0, p5, p9) = (fig8(0.0, 0.0), fig8(0.0, 0.5), fig8(0.0, 0.9));
    let change = |a: f64, b: f64| (b / a - 1.0).abs();
    assert!(change(p0.completion_us.mean, p5.completion_us.mean) < 0.05);
    assert!(change(p0.latency_mean_us.mean, p9.latency_mean_us.mean) < 0.03);
}

/// 003 Fig. 8's counterfactual: "Suppose the rate each node generated messages were
/// perfectly balanced with the transmission capacity ... Now suppose temporal locality were
/// introduced. The presence of stack runs would induce an imbalance, a queue would form for
/// at least one link, and messages would be delayed." A mean gap of 4 ms puts the busiest
/// links near 85 % busy; there the mean latency rises by half at p = 0.5 and threefold at 0.9.
#[test]
fn fig8_balanced_generation_shows_temporal_locality_as_delay() {
    let (p0, p5, p9) = (fig8(4000.0, 0.0), fig8(4000.0, 0.5), fig8(4000.0, 0.9));
    assert!(p0.link_util_max.mean < 0.95);
    assert!(p5.latency_mean_us.mean > 1.5 * p0.latency_mean_us.mean);
    assert!(p9.latency_mean_us.mean > 3.0 * p0.latency_mean_us.mean);
}

// ---------------------------------------------------------------------------------------------
// The query language

/// Bad input is rejected with a message naming the key and what it accepts.
#[test]
fn bad_traffic_input_names_the_key() {
    let base = "machine=intel-ipsc&pattern=traffic";
    for (extra, key, hint) in [
        ("gap=-1", "gap", "from 0"),
        ("phi=1.5&spatial=sphere", "phi", "from 0 to 1"),
        ("hit=0.6,0.5", "hit", "at most 1"),
        ("dim=40", "dim", "from 1 to 12"),
        ("dim=0", "dim", "from 1 to 12"),
        ("stack=2&hit=0.5", "stack", "equal to the number"),
        ("stack=1", "stack", "equal to the number"),
        ("decay=1&spatial=decreasing", "decay", "0 < d < 1"),
        ("decay=0.5", "decay", "spatial=decreasing only"),
        ("radius=2", "radius", "spatial=sphere only"),
        ("spatial=sphere&radius=5", "radius", "diameter 4"),
        ("spatial=ring", "spatial", "uniform, sphere, decreasing"),
        ("len=pareto", "len", "fixed, exp, uniform"),
        ("routing=wormhole", "routing", "store-forward, cut-through"),
        ("per=each", "per", "total, node"),
        ("reps=0", "reps", "from 1 to 1000"),
        ("count=0", "count", "from 1"),
        ("count=1000000&per=node", "count", "10000000 in all"),
        ("seed=x", "seed", "whole number"),
        ("flush=-2", "flush", "whole number"),
        (
            "spatial=sphere&radius=1&phi=1&stack=4&hit=0.1,0.1,0.1,0.1",
            "stack",
            "4 nodes",
        ),
    ] {
        let q = format!("{base}&{extra}");
        let e = run(&q).expect_err(&q).to_string();
        assert!(e.contains(&format!("`{key}=")), "{q}: {e}");
        assert!(e.contains(hint), "{q}: {e}");
    }
    // Traffic keys belong to the traffic pattern only.
    let e = run("machine=intel-ipsc&pattern=pingpong&dim=4").expect_err("dim on pingpong");
    assert!(e.to_string().contains("does not take dim"), "{e}");
}

/// A hit list refused for its sum is one problem: its stack depth, equal to the number of its
/// values, is not then refused against a hit of no values (the list dropped).
#[test]
fn a_refused_hit_list_takes_its_stack_depth_along() {
    let q = "machine=intel-ipsc&pattern=traffic&stack=2&hit=0.6,0.6";
    let e = Scenario::from_query(q).expect_err(q);
    assert_eq!(
        e.to_string(),
        "`hit=0.6,0.6` is not accepted: expected probabilities summing to at most 1 (these sum to 1.2)"
    );
    // A depth that does not match the list given is still its own problem.
    let q = "machine=intel-ipsc&pattern=traffic&stack=3&hit=0.6,0.6";
    let e = Scenario::from_query(q).expect_err(q).to_string();
    assert!(
        e.contains("`stack=3`") && e.contains("given in hit (2)"),
        "{e}"
    );
}

/// A key refused, or left at a default that does not go with the keys given, costs no valid
/// key: the one key given whose dropping settles the rule (`per` before `dim`) is dropped and
/// named, and every other stands (not the default 16-node run in their place).
#[test]
fn a_refused_key_drops_only_the_key_it_must_and_names_it() {
    let lenient = |extra: &str| {
        let q = format!("machine=intel-ipsc&pattern=traffic&{extra}");
        let (s, errors) = Scenario::from_query_lenient(&q);
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        (s.expect(&q).to_query(), shown)
    };
    let kept = "machine=intel-ipsc&pattern=traffic&dim=12&seed=7";
    for count in ["count=10000000&", "count=3000&", "count=x&"] {
        let (q, errors) = lenient(&format!("dim=12&{count}per=node&seed=7"));
        assert_eq!(q, kept, "{count}");
        assert_eq!(errors.len(), 2, "{count}: {errors:?}");
        assert!(errors[0].starts_with(&format!("`{}", &count[..count.len() - 1])));
        assert_eq!(
            errors[1],
            "`per=node`: not accepted, as count's default does not go with it either: \
             expected a message count from 1 to 10000000 in all (per=node on 4096 nodes)"
        );
    }
    let (q, errors) = lenient("dim=12&per=node&seed=7");
    assert_eq!(q, kept);
    assert_eq!(
        errors,
        [
            "`per=node`: not accepted, as count is not given and its default, 3000, does not go \
          with it: expected a message count from 1 to 10000000 in all (per=node on 4096 nodes)"
        ]
    );
    // A key given that no longer goes with a refused key's default is named, not dropped in
    // silence.
    let (q, errors) = lenient("dim=x&spatial=sphere&radius=5&seed=7");
    assert_eq!(
        q,
        "machine=intel-ipsc&pattern=traffic&spatial=sphere&seed=7"
    );
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(
        errors[1],
        "`radius=5` is not accepted: expected a sphere radius in hops from 1 to the diameter 4"
    );
    // A depth too deep for the nodes in reach takes its list along, and says so; the rest
    // stands.
    let (q, errors) = lenient("dim=2&hit=0.1,0.1,0.1&seed=7");
    assert_eq!(q, "machine=intel-ipsc&pattern=traffic&dim=2&seed=7");
    assert_eq!(
        errors,
        [
            "`stack=3` is not accepted: expected a depth below the 3 nodes the spatial model can \
          choose, so that a stack miss can pick a node not in the stack; the depth is the \
          number of hit probabilities b₁,…,bₙ, and hit goes with it"
        ]
    );
}

/// A depth the hit list sets (the page's depth field: `stack=15` is a list of 15 values) is a
/// depth given: refused as `stack=15`, never as a default no one gave.
#[test]
fn a_depth_set_by_the_hit_list_is_refused_as_given() {
    let s = Scenario::from_query("machine=intel-ipsc&pattern=traffic&hit=0.5").unwrap();
    for n in ["15", "64"] {
        let e = commcalc_core::traffic::editing::set(&s, "stack", n)
            .expect_err(n)
            .to_string();
        assert!(
            e.starts_with(&format!(
                "`stack={n}` is not accepted: expected a depth below the 15 nodes"
            )),
            "{e}"
        );
        assert!(!e.contains("not given") && !e.contains("default"), "{e}");
    }
}

/// A sum of hit probabilities is shown as a person writes it, not in binary's last digits.
#[test]
fn a_refused_hit_sum_is_written_as_typed() {
    let e = Scenario::from_query("machine=intel-ipsc&pattern=traffic&hit=0.7,0.6")
        .expect_err("over 1")
        .to_string();
    assert_eq!(
        e,
        "`hit=0.7,0.6` is not accepted: expected probabilities summing to at most 1 (these sum to 1.3)"
    );
}

/// Parsing then printing gives the canonical order; the canonical form parses back to the
/// same scenario.
#[test]
fn traffic_queries_print_canonically() {
    let q = "reps=3&hit=0.5,0.25&seed=7&machine=jpl-mark3&gap=100&pattern=traffic&spatial=decreasing&decay=0.3&dim=5&stack=2&flush=10&count=100&per=node&len=uniform&routing=cut-through&size=1k";
    let s = Scenario::from_query(q).expect(q);
    let canonical = s.to_query();
    assert_eq!(
        canonical,
        "machine=jpl-mark3&pattern=traffic&size=1000&dim=5&spatial=decreasing&decay=0.3&stack=2&hit=0.5,0.25&flush=10&count=100&per=node&len=uniform&gap=100&routing=cut-through&seed=7&reps=3"
    );
    assert_eq!(Scenario::from_query(&canonical).expect("canonical"), s);
    let (config, _) = config_of(&s).expect("config");
    assert_eq!(config.cube.dim, 5);
    assert_eq!(config.hits, vec![0.5, 0.25]);
    assert_eq!((config.t_l, config.t_c), (95.0, 0.563));
}

/// The report carries the simulation's metrics, and `time_us` at the query's size is the
/// simulated completion time (the curve passes through it).
#[test]
fn the_report_has_the_traffic_metrics() {
    let r = run("machine=ametek-s14&pattern=traffic&reps=3").expect("traffic");
    for key in [
        "completion_us",
        "completion_ci95_us",
        "latency_mean_us",
        "latency_p50_us",
        "latency_p99_us",
        "hops_mean",
        "link_util_max",
        "queue_max",
        "delivered",
        "generated",
        "run_length_mean",
        "events",
    ] {
        assert!(r.metric(key).is_some(), "{key} missing");
    }
    assert_eq!(r.metric("generated"), Some(9000.0));
    assert_eq!(r.metric("delivered"), Some(9000.0));
    assert_eq!(r.metric("time_us"), r.metric("completion_us"));
    // A custom machine's t_l and t_c are used.
    let slow = run("machine=custom&pattern=traffic&alpha=1000&beta=1&reps=1").expect("custom");
    let fast = run("machine=custom&pattern=traffic&alpha=10&beta=0.01&reps=1").expect("custom");
    assert!(slow.metric("completion_us") > fast.metric("completion_us"));
}

/// The same query gives the same numbers bit for bit; another seed gives others. The golden
/// value pins the default iPSC run (seed 1, first replication), so that a port or a change of
/// platform that alters the stream is noticed (the web build must print the same).
#[test]
fn a_seed_reproduces_bit_for_bit() {
    let a = sim(&ipsc());
    let b = sim(&ipsc());
    assert_eq!(a, b);
    let c = sim(&Config { seed: 2, ..ipsc() });
    assert_ne!(a.completion_us, c.completion_us);
    let r1 = run("machine=intel-ipsc&pattern=traffic").expect("run");
    let r2 = run("machine=intel-ipsc&pattern=traffic").expect("run");
    assert_eq!(r1, r2);
    assert_eq!(
        a.first.completion_us.to_bits(),
        GOLDEN_COMPLETION_BITS,
        "{}",
        a.first.completion_us
    );
}

/// The default iPSC run's completion time in µs (seed 1, first replication), as bits.
const GOLDEN_COMPLETION_BITS: u64 = 4_695_117_612_401_615_954;
