//! What a run measures, gathered while it runs (`Recorder`), and what a set of replications
//! reports (`Estimate`: a mean with its 95 % confidence interval, as 003 reports "the means of
//! 95 percent confidence intervals").

use serde::{Deserialize, Serialize};

use super::cube::Cube;

/// Bins of the latency histogram.
pub const LATENCY_BINS: usize = 32;
/// Run lengths counted one by one up to this; longer runs share the last bin.
pub const RUN_LENGTH_BINS: usize = 64;

/// A histogram of equal-width bins from 0.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Histogram {
    pub bin_width: f64,
    pub counts: Vec<u64>,
}

/// The results of one simulated run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// When the last message arrived.
    pub completion_us: f64,
    pub latency_mean_us: f64,
    /// Nearest-rank percentiles of the message latencies (birth to delivery).
    pub latency_p50_us: f64,
    pub latency_p99_us: f64,
    pub hops_mean: f64,
    /// Busy time over completion time, per link (numbered as `Cube::next_hop` numbers them).
    pub link_utilisation: Vec<f64>,
    /// The most messages waiting (not counting the one in transmission), per link.
    pub link_peak_queue: Vec<u32>,
    pub link_util_max: f64,
    pub queue_max: u32,
    pub generated: u64,
    pub delivered: u64,
    /// Deliveries of a message already delivered (a correct simulator has none).
    pub duplicates: u64,
    /// Runs of consecutive messages from one node to one destination (003 Fig. 9):
    /// `run_lengths[k]` runs of length k (index 0 unused; the last bin holds the longer ones).
    pub run_lengths: Vec<u64>,
    pub run_length_mean: f64,
    /// Latencies in `LATENCY_BINS` bins from 0 to the largest.
    pub latency_histogram: Histogram,
    /// Events processed.
    pub events: u64,
    /// Little's law, measured two ways: the time-average number of messages in the network
    /// (∫N(t)dt / T) and the sum of the latencies over T (throughput × mean latency).
    pub in_network_mean: f64,
    pub latency_sum_over_time: f64,
    /// The same for the link queues: time-average number waiting, and total wait over T.
    pub waiting_mean: f64,
    pub wait_sum_over_time: f64,
    /// Events whose time was earlier than the one before (a correct event list has none).
    pub clock_regressions: u64,
}

/// Gathers a run's statistics as its events happen.
#[derive(Debug)]
pub struct Recorder {
    now: f64,
    events: u64,
    regressions: u64,
    in_network: u64,
    in_network_area: f64,
    waiting: u64,
    waiting_area: f64,
    wait_sum: f64,
    busy: Vec<f64>,
    peak: Vec<u32>,
    generated: u64,
    hops: u64,
    latencies: Vec<f64>,
    duplicates: u64,
    completion: f64,
    /// Per node: the current run's destination and length.
    runs: Vec<(u32, u64)>,
    run_lengths: Vec<u64>,
}

impl Recorder {
    pub fn new(cube: Cube, messages: u64) -> Self {
        Recorder {
            now: 0.0,
            events: 0,
            regressions: 0,
            in_network: 0,
            in_network_area: 0.0,
            waiting: 0,
            waiting_area: 0.0,
            wait_sum: 0.0,
            busy: vec![0.0; cube.links() as usize],
            peak: vec![0; cube.links() as usize],
            generated: 0,
            hops: 0,
            latencies: Vec::with_capacity(messages as usize),
            duplicates: 0,
            completion: 0.0,
            runs: vec![(u32::MAX, 0); cube.nodes() as usize],
            run_lengths: vec![0; RUN_LENGTH_BINS + 1],
        }
    }

    /// The clock moves to an event's time: the time-weighted counts grow.
    pub fn advance(&mut self, t: f64) {
        self.events += 1;
        if t < self.now {
            self.regressions += 1;
            return;
        }
        let dt = t - self.now;
        self.in_network_area += self.in_network as f64 * dt;
        self.waiting_area += self.waiting as f64 * dt;
        self.now = t;
    }

    pub fn generated(&mut self, src: u32, dst: u32, hops: u32) {
        self.generated += 1;
        self.in_network += 1;
        self.hops += u64::from(hops);
        let run = &mut self.runs[src as usize];
        if run.0 == dst {
            run.1 += 1;
        } else {
            let ended = run.1;
            *run = (dst, 1);
            self.count_run(ended);
        }
    }

    fn count_run(&mut self, length: u64) {
        if length > 0 {
            self.run_lengths[(length as usize).min(RUN_LENGTH_BINS)] += 1;
        }
    }

    /// A message joined a link's queue, which now holds `len` waiting.
    pub fn queued(&mut self, link: u32, len: u32) {
        self.waiting += 1;
        let peak = &mut self.peak[link as usize];
        *peak = (*peak).max(len);
    }

    /// A link starts a transmission of `hold` µs for a message that waited `waited` µs.
    pub fn started(&mut self, link: u32, hold: f64, waited: f64, from_queue: bool) {
        if from_queue {
            self.waiting -= 1;
        }
        self.busy[link as usize] += hold;
        self.wait_sum += waited;
    }

    pub fn delivered(&mut self, latency: f64, t: f64, again: bool) {
        if again {
            self.duplicates += 1;
            return;
        }
        self.in_network -= 1;
        self.latencies.push(latency);
        self.completion = self.completion.max(t);
    }

    /// Messages delivered so far (once each).
    pub fn delivered_so_far(&self) -> u64 {
        self.latencies.len() as u64
    }

    pub fn finish(mut self) -> Run {
        let open: Vec<u64> = self.runs.iter().map(|r| r.1).collect();
        for length in open {
            self.count_run(length);
        }
        let t = self.completion;
        let per_time = |x: f64| if t > 0.0 { x / t } else { 0.0 };
        let utilisation: Vec<f64> = self.busy.iter().map(|&b| per_time(b)).collect();
        let delivered = self.latencies.len() as u64;
        let latency_sum: f64 = self.latencies.iter().sum();
        let runs: u64 = self.run_lengths.iter().sum();
        let mut sorted = self.latencies;
        sorted.sort_by(f64::total_cmp);
        Run {
            completion_us: t,
            latency_mean_us: mean(latency_sum, delivered),
            latency_p50_us: nearest_rank(&sorted, 0.50),
            latency_p99_us: nearest_rank(&sorted, 0.99),
            hops_mean: mean(self.hops as f64, self.generated),
            link_util_max: utilisation.iter().copied().fold(0.0, f64::max),
            queue_max: self.peak.iter().copied().max().unwrap_or(0),
            link_utilisation: utilisation,
            link_peak_queue: self.peak,
            generated: self.generated,
            delivered,
            duplicates: self.duplicates,
            run_length_mean: mean(self.generated as f64, runs),
            run_lengths: self.run_lengths,
            latency_histogram: histogram(&sorted),
            events: self.events,
            in_network_mean: per_time(self.in_network_area),
            latency_sum_over_time: per_time(latency_sum),
            waiting_mean: per_time(self.waiting_area),
            wait_sum_over_time: per_time(self.wait_sum),
            clock_regressions: self.regressions,
        }
    }
}

fn mean(sum: f64, n: u64) -> f64 {
    if n > 0 {
        sum / n as f64
    } else {
        0.0
    }
}

/// The nearest-rank percentile: the smallest value with at least a fraction q at or below it.
fn nearest_rank(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn histogram(sorted: &[f64]) -> Histogram {
    let top = sorted.last().copied().unwrap_or(0.0);
    let width = if top > 0.0 {
        top / LATENCY_BINS as f64
    } else {
        1.0
    };
    let mut counts = vec![0; LATENCY_BINS];
    for &x in sorted {
        counts[((x / width) as usize).min(LATENCY_BINS - 1)] += 1;
    }
    Histogram {
        bin_width: width,
        counts,
    }
}

/// A mean over replications and the half-width of its 95 % confidence interval (Student's t
/// with R − 1 degrees of freedom; `None` for a single replication).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub mean: f64,
    pub ci95: Option<f64>,
}

impl Estimate {
    pub fn of(values: &[f64]) -> Estimate {
        let n = values.len();
        let mean = values.iter().sum::<f64>() / n.max(1) as f64;
        let ci95 = (n > 1).then(|| {
            let var = values.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
            student_t975(n as u32 - 1) * (var / n as f64).sqrt()
        });
        Estimate { mean, ci95 }
    }
}

/// t_{0.975, ν} for ν = 1 … 30 (standard tables, e.g. Abramowitz and Stegun Table 26.10).
const T975: [f64; 30] = [
    12.706_204_736,
    4.302_652_730,
    3.182_446_305,
    2.776_445_105,
    2.570_581_836,
    2.446_911_851,
    2.364_624_252,
    2.306_004_135,
    2.262_157_163,
    2.228_138_852,
    2.200_985_160,
    2.178_812_830,
    2.160_368_656,
    2.144_786_688,
    2.131_449_546,
    2.119_905_299,
    2.109_815_578,
    2.100_922_040,
    2.093_024_054,
    2.085_963_447,
    2.079_613_845,
    2.073_873_068,
    2.068_657_610,
    2.063_898_562,
    2.059_538_553,
    2.055_529_439,
    2.051_830_516,
    2.048_407_142,
    2.045_229_642,
    2.042_272_456,
];

/// The 0.975 quantile of Student's t with ν degrees of freedom: the table up to 30, beyond it
/// the Cornish–Fisher expansion in 1/ν about the normal quantile (Abramowitz and Stegun
/// 26.7.5), accurate to better than 10⁻⁶ there.
pub fn student_t975(nu: u32) -> f64 {
    if (1..=30).contains(&nu) {
        return T975[nu as usize - 1];
    }
    let z: f64 = 1.959_963_984_540_054;
    let v = f64::from(nu.max(1));
    let (z2, z3) = (z * z, z * z * z);
    let z5 = z3 * z2;
    let z7 = z5 * z2;
    let z9 = z7 * z2;
    let g1 = (z3 + z) / 4.0;
    let g2 = (5.0 * z5 + 16.0 * z3 + 3.0 * z) / 96.0;
    let g3 = (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / 384.0;
    let g4 = (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / 92160.0;
    z + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expansion continues the table: t_{0.975} for ν = 31, 60 and 120 as tabulated
    /// (2.039513, 2.000298, 1.979930), and it tends to the normal quantile 1.959964.
    #[test]
    fn student_t_expansion_continues_the_table() {
        for (nu, t) in [
            (31, 2.039_513_446),
            (60, 2.000_297_822),
            (120, 1.979_930_405),
        ] {
            assert!(
                (student_t975(nu) - t).abs() < 1e-5,
                "{nu}: {}",
                student_t975(nu)
            );
        }
        assert!((student_t975(1_000_000) - 1.959_966).abs() < 1e-5);
        assert_eq!(student_t975(4), 2.776_445_105);
    }

    #[test]
    fn one_value_has_no_interval_and_constant_values_a_zero_one() {
        assert_eq!(Estimate::of(&[3.0]).ci95, None);
        assert_eq!(
            Estimate::of(&[2.0, 2.0, 2.0]),
            Estimate {
                mean: 2.0,
                ci95: Some(0.0)
            }
        );
        // Two values 1 and 3: mean 2, s = √2, half-width 12.706·√2/√2.
        let e = Estimate::of(&[1.0, 3.0]);
        assert!((e.ci95.unwrap_or(0.0) - 12.706_204_736).abs() < 1e-9);
    }

    #[test]
    fn nearest_rank_percentiles() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(nearest_rank(&v, 0.5), 50.0);
        assert_eq!(nearest_rank(&v, 0.99), 99.0);
        assert_eq!(nearest_rank(&[7.0], 0.99), 7.0);
    }
}
