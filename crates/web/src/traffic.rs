//! The Traffic view, apart from drawing it: the simulator's keys as controls, whether a run is
//! short enough to re-run on every edit, why the view moves a scenario (the core's
//! `opening::traffic_for` says where), the results table,
//! the CSV export and the runs of 003 Figs. 7 and 8 (the figures' series are the core's,
//! `traffic::figures`, each a `Sweep` as the CLI's `--sweep` runs one). How the keys move
//! together when one is edited is the core's too (`traffic::editing`).
//!
//! A run is the core's `simulate` of the scenario's configuration, whether it runs on the
//! page's thread (short runs, re-run as a control moves) or in the worker (long runs, with a
//! progress bar and Cancel): the numbers are the same bit for bit, and the same as
//! `commcalc traffic --json` prints for the same query.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use commcalc_core::glossary;
use commcalc_core::patterns::traffic::{config_of, estimated_events, metrics, simulations};
use commcalc_core::patterns::Value;
use commcalc_core::traffic::cube::MAX_DIM;
use commcalc_core::traffic::editing::{depth, is_set};
use commcalc_core::traffic::figures::{self, Figure};
use commcalc_core::traffic::query::{SpatialModel, TrafficKey, DEFAULT_DIM};
use commcalc_core::traffic::{simulate, Config, Lengths, Per, Routing, Simulation, Summary};
use commcalc_core::units::metric as display;
use commcalc_core::Scenario;

use crate::controls::{is_traffic_key, Current, Described, Kind, TrafficControls};
use crate::export::Csv;
use crate::slider::Slider;

/// Runs estimated at up to this many events (`estimated_events`, an upper bound) re-run on
/// the page's thread whenever a control changes: at the simulator's ~2 M events/s in wasm,
/// a tenth of a second at most, so a slider still follows the pointer. Longer runs wait for
/// Run and go to the worker.
pub const AUTO_RUN_EVENTS: f64 = 200_000.0;

/// Of those, runs estimated at up to this many events re-run on the page's thread, and the
/// others in the view's worker: the worker's results are shown in a frame of their own, which
/// costs the page 1–1.5 ms (layout, paint and commit, measured on the Traffic view), so a
/// run shorter than that (about 1.3 ms at the simulator's ~15 M events/s in the page's module:
/// 003's workload with one replication, 9,407 events, took 1.0 ms and cost its input 0.7 ms
/// less on the page than in the worker) is cheaper where it is asked for
///.
pub const PAGE_RUN_EVENTS: f64 = 20_000.0;

/// Without a worker (a browser that cannot start one), the page's thread runs up to this
/// many events (about a second) and refuses longer runs with a message.
pub const MAIN_THREAD_EVENTS: f64 = 2_000_000.0;

/// The traffic view shows `pattern=traffic`: for a scenario of another pattern, the one the
/// core moves it to (`opening::traffic_for`), and why.
pub fn with_traffic(s: &Scenario) -> Option<(Scenario, String)> {
    let next = commcalc_core::opening::traffic_for(s)?;
    let machines: Vec<&str> = next
        .pattern
        .machines
        .iter()
        .filter_map(|id| commcalc_core::catalog::machine(id).map(|m| m.name))
        .collect();
    let why = format!(
        "The Traffic view simulates {} ({}) on a hypercube: {} on {} is not one, so the view shows it on {} (the machines that have it: {}).",
        next.pattern.title.to_lowercase(),
        next.pattern.source,
        s.pattern.title,
        s.machine.name,
        next.machine.name,
        machines.join(", ")
    );
    Some((next, why))
}

/// The estimated events of the scenario's run, or the core's objection to it.
pub fn estimate(s: &Scenario) -> Result<f64, String> {
    config_of(s)
        .map(|(c, _)| estimated_events(&c))
        .map_err(|e| e.to_string())
}

fn number(lo: f64, hi: f64, whole: bool) -> Kind {
    Kind::Number {
        slider: Some(Slider::new(lo, hi, None, whole.then_some(1))),
    }
}

fn choice(ids: Vec<&'static str>) -> Kind {
    Kind::Choice(ids.into_iter().map(|i| (i, i.to_string())).collect())
}

/// The control of one simulator key: its words (the core's, `glossary::traffic`) and how it
/// is set; `None` for the keys of a spatial model the scenario does not use. `stack` is the
/// number of `hit` values, and moving it resizes the list ([`set`]); `hit` is the list, typed.
pub fn control(key: TrafficKey, s: &Scenario) -> Option<Described> {
    use TrafficKey as K;
    let model = s.inputs.traffic.spatial.unwrap_or(SpatialModel::Uniform);
    if key.spatial_model().is_some_and(|m| m != model) {
        return None;
    }
    let dim = f64::from(s.inputs.traffic.dim.unwrap_or(DEFAULT_DIM));
    let kind = match key {
        K::Dim => number(1.0, f64::from(MAX_DIM), true),
        K::Spatial => choice(SpatialModel::ALL.iter().map(|m| m.id()).collect()),
        K::Radius => number(1.0, dim, true),
        K::Phi => number(0.0, 1.0, false),
        K::Decay => number(0.01, 0.99, false),
        K::Stack => number(0.0, 8.0, true),
        K::Hit => Kind::List,
        K::Flush => number(0.0, 1000.0, true),
        K::Count => number(1.0, 1e6, true),
        K::Per => choice(Per::ALL.iter().map(|p| p.id()).collect()),
        K::Len => choice(Lengths::ALL.iter().map(|l| l.id()).collect()),
        K::Gap => number(0.0, 1e5, false),
        K::Routing => choice(Routing::ALL.iter().map(|r| r.id()).collect()),
        K::Seed => number(0.0, 1000.0, true),
        K::Reps => number(1.0, 100.0, true),
    };
    Some((glossary::traffic(key), kind))
}

/// The simulator's controls, for the modules that show the traffic pattern
/// (`app::Views::traffic`, handed down as `State::traffic`).
pub const CONTROLS: TrafficControls = TrafficControls {
    control,
    current,
    is_set,
};

/// A simulator key's current value: `stack` is the `hit` list's depth, `hit` the list as
/// typed, and the others as the query gives them or as the run used them.
fn current(s: &Scenario, used: Option<&Value>, key: &str) -> Option<Current> {
    Some(match key {
        "spatial" | "per" | "len" | "routing" => Current::Text(current_text(s, used, key)),
        "hit" => Current::Text(current_text(s, None, key)),
        "stack" => Current::Number(Some(depth(s) as f64)),
        k if is_traffic_key(k) => {
            Current::Number(current_text(s, used, key).and_then(|t| t.parse().ok()))
        }
        _ => return None,
    })
}

/// A traffic key's current value as the query gives it, or as the run used it.
fn current_text(s: &Scenario, used: Option<&Value>, key: &str) -> Option<String> {
    let given = s
        .inputs
        .traffic
        .pairs()
        .into_iter()
        .find(|(k, _)| *k == key);
    given.map(|(_, v)| v).or_else(|| match used? {
        Value::Number(v) => Some(format!("{v}")),
        Value::Text(t) => Some(t.clone()),
    })
}

/// The results table's rows: (metric key, value shown, the raw number as the CLI prints it).
pub fn rows(summary: &Summary) -> Vec<(&'static str, String, String)> {
    metrics(summary)
        .into_iter()
        .map(|(k, v)| match v {
            Value::Number(x) => (k, display(k, x), format!("{x}")),
            Value::Text(t) => (k, t, String::new()),
        })
        .collect()
}

/// The results as CSV: the query, every metric, the links' utilisation and peak queues, and
/// both histograms of the first replication.
pub fn csv(query: &str, s: &Summary) -> Result<String, String> {
    let run = &s.first;
    let mut metrics = Csv::default();
    metrics.row(["metric", "value"]);
    for (k, _, raw) in rows(s) {
        metrics.row([k, &raw]);
    }
    let mut links = Csv::default();
    links.row(["link", "utilisation", "peak_queue"]);
    for (l, (u, q)) in run
        .link_utilisation
        .iter()
        .zip(&run.link_peak_queue)
        .enumerate()
    {
        links.row([l.to_string(), u.to_string(), q.to_string()]);
    }
    let mut latency = Csv::default();
    latency.row(["latency_from_us", "latency_to_us", "messages"]);
    let h = &run.latency_histogram;
    for (i, c) in h.counts.iter().enumerate() {
        let from = i as f64 * h.bin_width;
        latency.row([
            from.to_string(),
            (from + h.bin_width).to_string(),
            c.to_string(),
        ]);
    }
    let mut runs = Csv::default();
    runs.row(["run_length", "runs"]);
    for (k, c) in run.run_lengths.iter().enumerate().skip(1) {
        runs.row([k.to_string(), c.to_string()]);
    }
    let tables = [metrics, links, latency, runs]
        .into_iter()
        .map(Csv::text)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(format!(
        "# commcalc traffic: {query}\r\n{}",
        tables.join("\r\n")
    ))
}

/// Figs. 7 and 8's values as CSV: one row per series and value of the swept key, with the
/// mean completion time and its 95 % half-width (empty with one replication), as
/// `commcalc traffic --sweep` prints them for the series' query.
pub fn figures_csv(f: &Figures) -> Result<String, String> {
    let mut out = format!(
        "# commcalc traffic, {}: {}\r\n",
        commcalc_core::figures::LOCALITY.source,
        f.query
    );
    let mut table = Csv::default();
    table.row([
        "figure",
        "series",
        "key",
        "value",
        "completion_us",
        "completion_ci95_us",
    ]);
    for drawn in &f.figures {
        let fig = drawn.number.to_string();
        for c in &drawn.curves {
            for (x, y, ci) in &c.points {
                let ci = ci.map(|v| v.to_string()).unwrap_or_default();
                table.row([&fig, &c.name, &c.key, &x.to_string(), &y.to_string(), &ci]);
            }
        }
    }
    out.push_str(&table.text()?);
    Ok(out)
}

/// One series of a figure: its name and, per value of the swept key, the mean completion
/// time and its 95 % half-width.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    pub name: String,
    pub key: String,
    pub points: Vec<(f64, f64, Option<f64>)>,
}

/// The figures of a scenario (`figures::of`), each with its curves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    pub query: String,
    pub figures: Vec<Drawn>,
}

/// One figure's curves, one per series, and its number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drawn {
    pub number: u32,
    pub curves: Vec<Curve>,
}

impl Figures {
    /// The curves of figure `number`; none before it has been run.
    pub fn curves(&self, number: u32) -> &[Curve] {
        self.figures
            .iter()
            .find(|d| d.number == number)
            .map_or(&[], |d| &d.curves)
    }
}

/// How long after an input the page's frame has the processors: the worker rests this long
/// after a `Hold` before its next slice, and the page handles no reply before it is over. An
/// input's whole frame (its script, style, layout, paint and commit) within the budget of 8 ms,
/// and a margin; a drag at 60 frames per second still leaves the worker a few milliseconds of
/// every frame.
pub const HOLD_MS: f64 = 10.0;

/// How long from `now` until [`HOLD_MS`] have passed since the person's last input at
/// `last_input` (none if they have); times in ms on one clock (`performance.now()`).
pub fn quiet_in(last_input: f64, now: f64) -> f64 {
    (last_input + HOLD_MS - now).max(0.0)
}

/// How long a worker's reply that comes at `now` waits before the page handles it, the latest
/// request having been posted at `asked`. A reply to a request made since the last input does
/// not wait: it is what that input asked for (a slider's live re-run, a run started by a
/// press). Held, it had a frame of its own 10 ms later; handled as it comes, its results are on
/// screen that much sooner, in the input's frame when they come before it is drawn. Any other
/// reply waits until the input's frame has had [`HOLD_MS`] ([`quiet_in`]).
pub fn reply_wait(asked: f64, last_input: f64, now: f64) -> f64 {
    if asked >= last_input {
        0.0
    } else {
        quiet_in(last_input, now)
    }
}

/// What the page asks the worker: one run of the query, or its figures, or (`evaluate`, the
/// calculator's traffic pattern) the simulations of the query's whole evaluation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub figures: bool,
    pub query: String,
    pub evaluate: bool,
}

/// What the page posts to the worker: a request, or `Hold`: the page is handling an input,
/// and the worker rests a moment so that the page's frame has the processor to itself (on
/// a machine of two cores, the worker and the page's rendering otherwise share one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    Do(Request),
    Hold,
}

/// A message between the page and the worker: serde's bytes of it cross (`worker::to_js`),
/// with its kind beside them in plain text for a reader of the page's traffic (the tests).
pub trait Message: Serialize + DeserializeOwned {
    fn kind(&self) -> &'static str;
}

impl Message for ToWorker {
    fn kind(&self) -> &'static str {
        match self {
            ToWorker::Do(_) => "do",
            ToWorker::Hold => "hold",
        }
    }
}

/// What the worker answers. It crosses to the page as a request does, serialised by serde
/// (`worker::to_js`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// Started, waiting for a request.
    Ready,
    /// Replications done of `total`, the one under way counted by the fraction of its
    /// messages delivered.
    Progress {
        done: f64,
        total: u32,
    },
    Run {
        query: String,
        summary: Box<Summary>,
        /// The run's wall-clock milliseconds where it was timed (the worker), else 0.
        ms: f64,
    },
    Figures {
        figures: Figures,
    },
    /// The summaries of an evaluation of `query`'s simulations, in the order of
    /// `commcalc_core::patterns::traffic::simulations`, which the page pairs them with to
    /// `remember` them.
    Simulated {
        query: String,
        runs: Vec<Summary>,
    },
    Error {
        message: String,
    },
}

impl Message for Reply {
    fn kind(&self) -> &'static str {
        match self {
            Reply::Ready => "ready",
            Reply::Progress { .. } => "progress",
            Reply::Run { .. } => "run",
            Reply::Figures { .. } => "figures",
            Reply::Simulated { .. } => "simulated",
            Reply::Error { .. } => "error",
        }
    }
}

/// One series of a figure: its name, the swept key and its values, whose configurations
/// follow one another in the figures' simulation.
struct Series {
    name: String,
    key: String,
    values: Vec<String>,
}

/// The series of one figure, each a core sweep of the figure's base, with their
/// configurations appended to `configs`.
fn plan(
    base: &Scenario,
    figure: &Figure,
    configs: &mut Vec<Config>,
) -> Result<Vec<Series>, String> {
    figure
        .series
        .iter()
        .map(|spec| {
            let series = spec.scenario(base).map_err(|e| e.to_string())?;
            let swept = spec.sweep.configs(&series).map_err(|e| e.to_string())?;
            let (values, more): (Vec<String>, Vec<Config>) = swept.into_iter().unzip();
            configs.extend(more);
            Ok(Series {
                name: spec.name.to_string(),
                key: spec.sweep.key.clone(),
                values,
            })
        })
        .collect()
}

/// A figure's curves from its series and their summaries, taken in order.
fn curves(series: Vec<Series>, summaries: &mut impl Iterator<Item = Summary>) -> Vec<Curve> {
    series
        .into_iter()
        .map(|s| Curve {
            points: s
                .values
                .iter()
                .zip(summaries.by_ref())
                .map(|(v, summary)| {
                    (
                        v.parse().unwrap_or(0.0),
                        summary.completion_us.mean,
                        summary.completion_us.ci95,
                    )
                })
                .collect(),
            name: s.name,
            key: s.key,
        })
        .collect()
}

/// A request under way: its simulations, stepped a batch of events at a time (the worker
/// steps aside between batches while the page handles an input), and what their summaries
/// become. A request that simulates nothing of its own (an error, the calculator's
/// evaluation) has its reply already.
pub struct Work {
    simulation: Option<Simulation>,
    then: Then,
}

enum Then {
    Reply(Reply),
    Run {
        query: String,
    },
    Figures {
        query: String,
        /// Each figure's number and series.
        planned: Vec<(u32, Vec<Series>)>,
    },
}

impl Work {
    /// The work of any request: the worker's entry.
    pub fn of(request: &Request) -> Work {
        if request.evaluate {
            return Work::answered(simulated(&request.query));
        }
        if !request.figures {
            return Work::run(request);
        }
        match Scenario::from_query(&request.query) {
            Ok(s) => Work::figures(&s),
            Err(e) => Work::answered(Reply::Error {
                message: e.to_string(),
            }),
        }
    }

    fn answered(reply: Reply) -> Work {
        Work {
            simulation: None,
            then: Then::Reply(reply),
        }
    }

    /// A run of a request's query. The page's thread calls only this, never the figures, so
    /// that their sweeps stay out of the page's module (docs/web-bytes.md).
    pub fn run(request: &Request) -> Work {
        let started = Scenario::from_query(&request.query)
            .map_err(|e| e.to_string())
            .and_then(|s| {
                if request.figures {
                    return Err(format!(
                        "{} run only in a Web Worker, which this browser could not start",
                        figures::names()
                    ));
                }
                let (config, _) = config_of(&s).map_err(|e| e.to_string())?;
                let simulation = Simulation::new(vec![config]).map_err(|e| e.to_string())?;
                Ok((s.to_query(), simulation))
            });
        match started {
            Ok((query, simulation)) => Work {
                simulation: Some(simulation),
                then: Then::Run { query },
            },
            Err(message) => Work::answered(Reply::Error { message }),
        }
    }

    /// The figures for the scenario's cube, count, lengths, routing, seed and
    /// replications: every value of every series of each, one simulation.
    fn figures(s: &Scenario) -> Work {
        let base = figures::base(s);
        let mut configs = Vec::new();
        let planned = figures::of(base.inputs.traffic.dim)
            .iter()
            .map(|f| Ok((f.number, plan(&base, f, &mut configs)?)))
            .collect::<Result<Vec<_>, String>>()
            .and_then(|planned| {
                let simulation = Simulation::new(configs).map_err(|e| e.to_string())?;
                Ok((planned, simulation))
            });
        match planned {
            Ok((planned, simulation)) => Work {
                simulation: Some(simulation),
                then: Then::Figures {
                    query: s.to_query(),
                    planned,
                },
            },
            Err(message) => Work::answered(Reply::Error { message }),
        }
    }

    /// Handles the next batch of events; false once the work is done.
    pub fn step(&mut self) -> bool {
        self.simulation.as_mut().is_some_and(Simulation::step)
    }

    /// (replications done, in all), the one under way by the fraction of its messages
    /// delivered.
    pub fn progress(&self) -> (f64, u32) {
        self.simulation
            .as_ref()
            .map_or((0.0, 0), Simulation::progress)
    }

    /// The reply, once `step` has said the work is done.
    pub fn reply(self) -> Reply {
        let summaries = self.simulation.map(Simulation::summaries);
        self.then.reply(summaries.unwrap_or_default())
    }

    /// Steps to the end, calling `progress(done, total)` after every step, and replies.
    pub fn finish(self, progress: &mut dyn FnMut(f64, u32)) -> Reply {
        let summaries = self.simulation.map(|s| s.finish(progress));
        self.then.reply(summaries.unwrap_or_default())
    }
}

impl Then {
    fn reply(self, summaries: Vec<Summary>) -> Reply {
        let mut summaries = summaries.into_iter();
        match self {
            Then::Reply(reply) => reply,
            Then::Run { query } => match summaries.next() {
                Some(summary) => Reply::Run {
                    query,
                    summary: Box::new(summary),
                    ms: 0.0,
                },
                None => Reply::Error {
                    message: "the run ended without results".into(),
                },
            },
            Then::Figures { query, planned } => Reply::Figures {
                figures: Figures {
                    query,
                    figures: planned
                        .into_iter()
                        .map(|(number, series)| Drawn {
                            number,
                            curves: curves(series, &mut summaries),
                        })
                        .collect(),
                },
            },
        }
    }
}

/// The estimated events of both figures (every run at the base's estimate).
pub fn figures_estimate(s: &Scenario) -> Result<f64, String> {
    let base = figures::base(s);
    let one = estimate(&base)?;
    let runs: usize = figures::of(s.inputs.traffic.dim)
        .iter()
        .map(Figure::runs)
        .sum();
    Ok(one * runs as f64)
}

/// The simulations of an evaluation of `query` (`simulations`), in order.
fn simulated(query: &str) -> Reply {
    let outcome = Scenario::from_query(query)
        .map_err(|e| e.to_string())
        .and_then(|s| {
            let configs = simulations(&s).map_err(|e| e.to_string())?;
            let runs = configs.iter().map(simulate).collect::<Result<_, _>>();
            Ok(Reply::Simulated {
                query: s.to_query(),
                runs: runs.map_err(|e| e.to_string())?,
            })
        });
    outcome.unwrap_or_else(|message| Reply::Error { message })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// Every kind of message the page and the worker exchange comes back as it went, through
    /// the bytes `worker::to_js` posts: a run (two replications, so an interval), the
    /// calculator's simulations, the figures, progress, an error, and both requests; bytes cut
    /// short are refused.
    #[test]
    fn messages_cross_to_the_worker_and_back() {
        let q = "machine=intel-ipsc&pattern=traffic&count=120&reps=2";
        let work = |figures, evaluate| {
            let request = Request {
                figures,
                query: q.into(),
                evaluate,
            };
            Work::of(&request).finish(&mut |_, _| ())
        };
        let replies = [
            work(false, false),
            work(false, true),
            work(true, false),
            Reply::Ready,
            Reply::Progress {
                done: 1.5,
                total: 3,
            },
            Reply::Error {
                message: "no".into(),
            },
        ];
        for reply in replies {
            let bytes = postcard::to_allocvec(&reply).unwrap();
            assert_eq!(postcard::from_bytes::<Reply>(&bytes), Ok(reply));
            assert!(postcard::from_bytes::<Reply>(&bytes[..bytes.len() - 1]).is_err());
        }
        let Reply::Run { summary, .. } = work(false, false) else {
            panic!("a run");
        };
        assert!(summary.completion_us.ci95.is_some() && summary.first.link_utilisation.len() == 32);
        for message in [
            ToWorker::Hold,
            ToWorker::Do(Request {
                figures: true,
                query: q.into(),
                evaluate: false,
            }),
        ] {
            let bytes = postcard::to_allocvec(&message).unwrap();
            assert_eq!(postcard::from_bytes::<ToWorker>(&bytes), Ok(message));
        }
        assert!(
            postcard::from_bytes::<Reply>(&[99]).is_err(),
            "no such kind"
        );
    }

    #[test]
    fn a_reply_waits_for_the_input_frame_unless_it_answers_that_input() {
        // The latest request posted at 100 ms, the person's last input at 99 ms: its own reply.
        assert_eq!(reply_wait(100.0, 99.0, 101.5), 0.0);
        assert_eq!(reply_wait(100.0, 100.0, 100.0), 0.0);
        // An input at 105 ms came after the request: the reply waits until 115 ms.
        assert_eq!(reply_wait(100.0, 105.0, 106.0), 9.0);
        assert_eq!(reply_wait(100.0, 105.0, 120.0), 0.0);
        // No input yet.
        assert_eq!(reply_wait(100.0, f64::NEG_INFINITY, 101.0), 0.0);
    }

    #[test]
    fn the_default_run_is_short_and_a_large_one_is_not() {
        let short = estimate(&scenario("machine=intel-ipsc&pattern=traffic")).unwrap();
        assert!(short <= AUTO_RUN_EVENTS, "{short}");
        // 003's workload re-runs in the worker with its five replications, on the page with one.
        assert!(short > PAGE_RUN_EVENTS, "{short}");
        let one = estimate(&scenario("machine=intel-ipsc&pattern=traffic&reps=1")).unwrap();
        assert!(one <= PAGE_RUN_EVENTS, "{one}");
        let long = estimate(&scenario(
            "machine=intel-ipsc&pattern=traffic&dim=10&count=1000000",
        ))
        .unwrap();
        assert!(long > MAIN_THREAD_EVENTS, "{long}");
        assert!(estimate(&scenario("machine=intel-ipsc&pattern=pingpong")).is_err());
    }

    #[test]
    fn the_view_says_where_it_moved_and_why() {
        let (next, why) =
            with_traffic(&scenario("machine=intel-paragon&pattern=pingpong")).unwrap();
        assert_eq!(next.machine.id, "intel-ipsc");
        assert!(why.contains("Traffic view"), "{why}");
        assert!(
            why.contains("Intel Paragon") && why.contains(next.machine.name),
            "{why}"
        );
        assert!(with_traffic(&next).is_none());
    }

    /// A run through `Work` (the worker's path) is the core's `simulate`, bit for bit.
    #[test]
    fn the_worker_path_runs_the_core() {
        let q = "machine=intel-ipsc&pattern=traffic&count=300&reps=3";
        let mut steps = Vec::new();
        let reply = Work::of(&Request {
            figures: false,
            query: q.into(),
            evaluate: false,
        })
        .finish(&mut |d, t| steps.push((d, t)));
        let (config, _) = config_of(&scenario(q)).unwrap();
        let want = commcalc_core::traffic::simulate(&config).unwrap();
        assert_eq!(steps, [(1.0, 3), (2.0, 3), (3.0, 3)]);
        match reply {
            Reply::Run { summary, .. } => assert_eq!(*summary, want),
            other => panic!("{other:?}"),
        }
        let csv = csv(q, &want).unwrap();
        assert!(csv.contains(&format!("completion_us,{}", want.completion_us.mean)));
    }

    #[test]
    fn the_figures_sweep_every_series() {
        let s = scenario("machine=intel-ipsc&pattern=traffic&count=160&reps=2&hit=0.5");
        let mut last = (0.0, 0);
        let request = Request {
            figures: true,
            query: s.to_query(),
            evaluate: false,
        };
        let f = match Work::of(&request).finish(&mut |d, t| last = (d, t)) {
            Reply::Figures { figures } => figures,
            other => panic!("{other:?}"),
        };
        assert_eq!(last, (44.0, 44), "22 values of 2 replications");
        let (fig7, fig8) = (f.curves(7), f.curves(8));
        assert_eq!(fig7.len(), 3);
        assert_eq!(fig7[0].points.len(), 4, "radius 1 to 4");
        assert_eq!(fig8.len(), 3);
        assert!(fig8.iter().all(|c| c.points.len() == 4));
        // At L = d the sphere is uniform, bit for bit (docs/traffic.md).
        assert_eq!(fig7[0].points[3].1, fig7[2].points[0].1);
        let csv = figures_csv(&f).unwrap();
        let rows: Vec<&str> = csv.lines().skip(2).collect();
        assert_eq!(rows.len(), 4 + 5 + 1 + 12, "{csv}");
        assert!(
            rows[0].starts_with("7,\"sphere, φ = 1\",radius,1,"),
            "{}",
            rows[0]
        );
        assert!(
            rows[21].starts_with("8,\"decreasing, d = 0.5\",hit,0.9,"),
            "{}",
            rows[21]
        );
        let y = fig8[0].points[1].1;
        assert!(csv.contains(&format!("8,uniform,hit,0.3,{y},")), "{csv}");
    }
}
