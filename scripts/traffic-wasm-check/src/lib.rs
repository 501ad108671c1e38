//! Cases of the traffic simulator whose results are folded into one 64-bit word each: the
//! default run, replications (mean and 95 % interval), a stack with flushes, exponential gaps
//! and decreasing probability, and cut-through with a sphere and uniform lengths.

use commcalc_core::traffic::{simulate, Config, Lengths, Per, Routing, Spatial};

/// The number of cases.
pub const CASES: u32 = 4;

fn case(i: u32) -> Config {
    let base = Config {
        reps: 3,
        ..Config::paper(1700.0, 2.83)
    };
    match i {
        0 => Config { reps: 1, ..base },
        2 => Config {
            spatial: Spatial::Decreasing { decay: 0.3 },
            hits: vec![0.5, 0.2],
            flush: 7,
            gap_us: 3000.0,
            ..base
        },
        3 => Config {
            spatial: Spatial::Sphere { radius: 2, phi: 0.8 },
            routing: Routing::CutThrough,
            lengths: Lengths::Uniform,
            per: Per::Node,
            count: 200,
            ..base
        },
        _ => base,
    }
}

/// Case `i`'s results folded into one word (0 if the case does not run).
#[no_mangle]
pub extern "C" fn fingerprint(i: u32) -> u64 {
    let Ok(s) = simulate(&case(i)) else {
        return 0;
    };
    [
        s.first.completion_us,
        s.latency_mean_us.mean,
        s.latency_p99_us.mean,
        s.completion_us.ci95.unwrap_or(0.0),
        s.first.in_network_mean,
    ]
    .iter()
    .fold(s.events, |h, x| h.rotate_left(7) ^ x.to_bits())
}

/// The workloads timed by speed.mjs: 003's 16 nodes × 3000 messages each (0) and a 12-cube
/// with 10⁵ messages in all (1), one replication each, as fast as possible.
fn workload(i: u32) -> Config {
    let paper = Config::paper(1700.0, 2.83);
    match i {
        0 => Config {
            per: Per::Node,
            ..paper
        },
        _ => Config {
            cube: commcalc_core::traffic::Cube { dim: 12 },
            count: 100_000,
            ..paper
        },
    }
}

/// Simulates workload `i` once and returns its number of events (0 if it does not run).
#[no_mangle]
pub extern "C" fn events(i: u32) -> u64 {
    simulate(&workload(i)).map(|s| s.events).unwrap_or(0)
}
