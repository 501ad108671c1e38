//! Evaluation: a scenario becomes a report — the curve, the flat metrics map of docs/reports.md and the
//! warnings.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::context::{Ctx, Engines, Evaluation};
use crate::derivation::{Derivation, Expr};
use crate::error::Error;
use crate::inputs::Key;
use crate::patterns::{collective, traffic};
use crate::query::{K_RANGE, P_RANGE};
use crate::scenario::Scenario;
use crate::values::Value;

/// The engines `evaluate` uses: the traffic simulator and the MPI collective algorithms.
pub const ENGINES: Engines = Engines {
    traffic: traffic::traffic,
    collectives: collective::evaluate,
};

/// Points on a curve unless the caller asks for another number.
pub const CURVE_POINTS: usize = 512;
/// The most points a caller may ask for (`commcalc eval --points`): enough for any plot, few
/// enough to stay fast and printable.
pub const MAX_POINTS: usize = 100_000;

/// One point of the curve.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    pub size_bytes: f64,
    pub time_us: f64,
    #[serde(rename = "bandwidth_MBps")]
    pub bandwidth_mbps: f64,
}

/// What a scenario evaluates to (docs/reports.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub query: String,
    pub metrics: ByName<Value>,
    pub curve: Vec<Point>,
    pub warnings: Vec<String>,
    /// The query's point on the curve's abscissa, in bytes (the size, data, h·4 or n·8 that
    /// `time_us` and `bandwidth_MBps` are given at), for charts that mark it.
    #[serde(skip)]
    pub at_bytes: f64,
    /// The inputs the pattern used, defaults included: not in the report's JSON, whose shape
    /// is fixed (docs/reports.md), but in [`Report::used`], which `--explain` adds.
    #[serde(skip)]
    pub inputs: Vec<(&'static str, Value)>,
    /// The parameters the pattern read, with overrides and table rows applied (see `inputs`).
    #[serde(skip)]
    pub parameters: Vec<(&'static str, f64)>,
    /// How each metric was computed, where its pattern builds derivations (docs/explain.md);
    /// not part of the report's JSON.
    #[serde(skip)]
    pub derivations: ByName<Derivation>,
}

/// A report's values by name (its metrics, its derivations), in the order of their names: the
/// order in which the JSON and every table list them. A vector kept sorted rather than a
/// `BTreeMap`: a report holds a dozen entries, for which a search of the vector is as quick as
/// the tree's, and the tree's code (its nodes, their splitting and merging, once for each kind
/// of value) was 6 kB of the web page's first module.
#[derive(Clone, Debug, PartialEq)]
pub struct ByName<V>(Vec<(&'static str, V)>);

impl<V> ByName<V> {
    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| (*k).cmp(name))
    }

    /// The value named `name`.
    pub fn get(&self, name: &str) -> Option<&V> {
        self.get_key_value(name).map(|(_, v)| v)
    }

    /// The value named `name`, with its name as the report holds it.
    pub fn get_key_value(&self, name: &str) -> Option<(&'static str, &V)> {
        let i = self.find(name).ok()?;
        let (k, v) = &self.0[i];
        Some((k, v))
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Sets the value named `name`, in place of the one it had.
    pub fn insert(&mut self, name: &'static str, value: V) {
        match self.find(name) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (name, value)),
        }
    }

    /// The (name, value) pairs in the order of their names.
    pub fn iter(&self) -> std::slice::Iter<'_, (&'static str, V)> {
        self.0.iter()
    }

    /// The names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &&'static str> {
        self.iter().map(|(k, _)| k)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<V> Default for ByName<V> {
    fn default() -> Self {
        ByName(Vec::new())
    }
}

/// Pairs with one name more than once keep the last value, as a map would.
impl<V> FromIterator<(&'static str, V)> for ByName<V> {
    fn from_iter<I: IntoIterator<Item = (&'static str, V)>>(pairs: I) -> Self {
        let mut out = ByName::default();
        for (k, v) in pairs {
            out.insert(k, v);
        }
        out
    }
}

impl<'a, V> IntoIterator for &'a ByName<V> {
    type Item = &'a (&'static str, V);
    type IntoIter = std::slice::Iter<'a, (&'static str, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A JSON object, its keys in order.
impl<V: Serialize> Serialize for ByName<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// What a report's pattern read, as `commcalc eval --json --explain` prints it beside the
/// derivations: `{"inputs": {key: value}, "parameters": {name: value}}`.
#[derive(Debug, Serialize)]
pub struct Used<'a> {
    pub inputs: ByName<&'a Value>,
    pub parameters: ByName<f64>,
}

impl Report {
    /// The inputs (defaults included) and parameters (overrides and table rows applied) that
    /// the numbers were computed from.
    pub fn used(&self) -> Used<'_> {
        Used {
            inputs: self.inputs.iter().map(|(k, v)| (*k, v)).collect(),
            parameters: self.parameters.iter().copied().collect(),
        }
    }

    /// A numeric metric, if present.
    pub fn metric(&self, key: &str) -> Option<f64> {
        match self.metrics.get(key) {
            Some(Value::Number(v)) => Some(*v),
            _ => None,
        }
    }
}

/// Evaluates a scenario with the default number of curve points.
pub fn evaluate(scenario: &Scenario) -> Result<Report, Error> {
    evaluate_with(scenario, CURVE_POINTS)
}

/// The keys a scenario reads (its inputs, defaults included, and its parameters): the only
/// keys that change its result, so the only ones a control may offer; every other key given is
/// refused. `None` where the scenario is refused, or needs an engine besides `engines` (the
/// program's own, as for `evaluate_by`: asking with more would link them).
pub fn read_keys(scenario: &Scenario, engines: Engines) -> Option<Vec<&'static str>> {
    // A traffic scenario is read from its check, without its simulation ([`unrun_report`]):
    // a run reads what its check reads.
    let r = if scenario.pattern.id == "traffic" {
        unrun_report(scenario).ok()?
    } else {
        evaluate_by(scenario, 2, engines).ok()?
    };
    let inputs = r.inputs.iter().map(|(k, _)| *k);
    Some(inputs.chain(r.parameters.iter().map(|(k, _)| *k)).collect())
}

/// What a scenario's controls may offer: the keys it reads ([`read_keys`]; `None` as there),
/// and whether its collective places ranks on nodes (`ppn`; the MPI algorithms do, a paper's
/// own algorithm does not, and the query language refuses ppn there). A collective that gives
/// no ppn is asked with ppn = 1, every rank on its own node as without it: the same keys are
/// read, and ppn too where it is taken.
pub fn offered_keys(scenario: &Scenario, engines: Engines) -> (Option<Vec<&'static str>>, bool) {
    if !collective::is_collective(scenario.pattern.id) {
        return (read_keys(scenario, engines), false);
    }
    if collective::ppn_of(scenario).is_some() {
        return (read_keys(scenario, engines), true);
    }
    let with_one = scenario.with("ppn", "1").ok();
    match with_one.and_then(|s| read_keys(&s, engines)) {
        Some(mut read) => {
            let takes = read.contains(&"ppn");
            read.retain(|k| *k != "ppn");
            (Some(read), takes)
        }
        None => (read_keys(scenario, engines), false),
    }
}

/// Evaluates a scenario with `points` log-spaced curve points over the pattern's range (or the
/// query's `from`/`to`).
pub fn evaluate_with(scenario: &Scenario, points: usize) -> Result<Report, Error> {
    evaluate_by(scenario, points, ENGINES)
}

/// `evaluate_with` with only the `engines` named: the web page's calculator module names
/// none (`Engines::NONE`), so that it links neither the traffic simulator nor the collective
/// algorithms, and hands a scenario that needs one (`Error::Elsewhere`) over to its full
/// module.
///
/// The curve reaches the query's point: a size beyond the range (1 MiB on a pattern drawn to
/// 1 MB) widens it, so that the point is drawn on its curve rather than off the chart.
pub fn evaluate_by(scenario: &Scenario, points: usize, engines: Engines) -> Result<Report, Error> {
    let prepared = prepare_by(scenario, engines)?;
    let (from, to) = curve_range(scenario);
    let at = prepared.evaluation.at;
    let (from, to) = if at.is_finite() && at > 0.0 {
        (from.min(at), to.max(at))
    } else {
        (from, to)
    };
    prepared.report(scenario, points, from, to)
}

/// Evaluates a scenario with its curve over `[from, to]` instead of its own range. The metrics,
/// the warnings and the canonical query are those of `evaluate`: only the curve's abscissa
/// differs. A comparison uses it to put several scenarios on one x axis.
pub fn evaluate_over(
    scenario: &Scenario,
    points: usize,
    from: f64,
    to: f64,
) -> Result<Report, Error> {
    prepare(scenario)?.report(scenario, points, from, to)
}

/// The time in µs of a scenario as a function of its abscissa in bytes, the function its curve
/// samples. Comparisons bisect it to find where two scenarios' curves cross.
pub fn cost_function(scenario: &Scenario) -> Result<Box<dyn Fn(f64) -> f64>, Error> {
    Ok(prepare(scenario)?.evaluation.cost)
}

/// A scenario's pattern evaluated once: the cost function and what the pattern recorded while
/// building it. Sampling the curve and searching for crossovers both start from here, so that
/// a comparison evaluates each pattern once however often it calls the cost.
pub(crate) struct Prepared {
    pub evaluation: Evaluation,
    warnings: Vec<String>,
    inputs: Vec<(&'static str, Value)>,
    parameters: Vec<(&'static str, f64)>,
}

pub(crate) fn prepare(scenario: &Scenario) -> Result<Prepared, Error> {
    prepare_by(scenario, ENGINES)
}

fn prepare_by(scenario: &Scenario, engines: Engines) -> Result<Prepared, Error> {
    let step = scenario.pattern.p_step.max(1);
    if let Some(p) = scenario.inputs.p.filter(|p| p % step != 0) {
        return Err(Error::invalid(
            "p",
            p,
            format!(
                "a multiple of {step} processors for {}",
                scenario.pattern.title.to_lowercase()
            ),
        ));
    }
    let mut ctx = Ctx::of(scenario)?;
    ctx.engines = engines;
    let evaluate =
        scenario
            .pattern
            .evaluator(scenario.model)
            .ok_or_else(|| Error::Unsupported {
                key: "model".into(),
                value: scenario.model.id().into(),
                reason: format!(
                    "pattern {} has no {} cost",
                    scenario.pattern.id,
                    scenario.model.id()
                ),
            })?;
    let evaluation = evaluate(&mut ctx)?;
    unread(scenario, &mut ctx)?;
    Ok(Prepared {
        evaluation,
        warnings: ctx.warnings,
        inputs: ctx.used_inputs,
        parameters: ctx.used_params,
    })
}

/// Refuses a key given a value that the evaluation never read: it would change nothing (the
/// collectives' `alpha`, `beta` and `gamma` on the papers' own all-to-all and barrier, 004's
/// `f` on another machine's exchange, LogGP's parameters beside a collective other than the
/// broadcast were accepted and ignored). Every key a scenario takes changes its result or is
/// refused; a pattern records each input and parameter it reads (`Ctx`), so what it did not
/// record it did not use.
fn unread(scenario: &Scenario, ctx: &mut Ctx) -> Result<(), Error> {
    let read = |ctx: &Ctx, key: &str| {
        ctx.used_inputs.iter().any(|(k, _)| *k == key)
            || ctx.used_params.iter().any(|(k, _)| *k == key)
    };
    // A key the machine carries for other patterns ([`collective::CARRIED`]) is said to be
    // kept; it changes no number here, and is not among the keys read (no control offers it).
    let mut kept = Vec::new();
    for (key, value) in &scenario.overrides {
        if let (false, Some(by)) = (read(ctx, key), carried_here(scenario, key)) {
            ctx.warn(format!(
                "{key} = {} is this machine's own, kept for {by}: {} does not use it, so it \
                 changes no number here",
                crate::derivation::number(*value),
                scenario.pattern.title
            ));
            kept.push(*key);
        }
    }
    let inputs = scenario.inputs.given().into_iter().map(|k| k.id());
    let params = scenario.overrides.iter().map(|(name, _)| *name);
    let Some(key) = inputs
        .chain(params)
        .find(|k| !read(ctx, k) && !kept.contains(k))
    else {
        return Ok(());
    };
    let query = scenario.to_query();
    let value = query
        .split('&')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_default();
    // The collectives' own parameters set the MPI algorithms, which a paper's algorithm (a
    // machine's default for all-to-all and barrier where its paper costs them) does not use.
    let hint = match collective::param(key) {
        Some(_) => ", only the MPI algorithms do: choose one with algo=",
        None => "",
    };
    Err(Error::Unsupported {
        key: key.into(),
        value: value.into(),
        reason: format!(
            "{} on {} under the {} model does not use {key}{hint}; it would change nothing (see `commcalc patterns {}`)",
            scenario.pattern.title,
            scenario.machine.name,
            scenario.model.id(),
            scenario.pattern.id
        ),
    })
}

/// What reads `key` where the scenario's model carries it on every pattern, else `None`.
fn carried_here(scenario: &Scenario, key: &str) -> Option<String> {
    collective::carried(scenario.model, key)?;
    collective::carried_for(key)
}

impl<'a> Ctx<'a> {
    /// The context a scenario's pattern is evaluated in.
    pub fn of(scenario: &'a Scenario) -> Result<Ctx<'a>, Error> {
        let set = scenario
            .machine
            .set(scenario.model)
            .ok_or_else(|| Error::Unsupported {
                key: "model".into(),
                value: scenario.model.id().into(),
                reason: format!(
                    "{} has no {} parameters",
                    scenario.machine.id,
                    scenario.model.id()
                ),
            })?;
        Ok(Ctx::new(
            scenario.machine,
            scenario.model,
            set,
            &scenario.inputs,
            &scenario.overrides,
        ))
    }
}

impl Prepared {
    /// The time at a size in bytes.
    pub fn cost(&self, x: f64) -> f64 {
        (self.evaluation.cost)(x)
    }

    /// The report of docs/reports.md with `points` curve points over `[from, to]`.
    pub fn report(
        &self,
        scenario: &Scenario,
        points: usize,
        from: f64,
        to: f64,
    ) -> Result<Report, Error> {
        let curve: Vec<Point> = log_spaced(from, to, points)
            .map(|x| point(x, self.cost(x)))
            .collect();
        let at = point(self.evaluation.at, self.cost(self.evaluation.at));
        if let Some(zero) = std::iter::once(&at)
            .chain(&curve)
            .find(|p| p.time_us <= 0.0)
        {
            // A time of 0 makes x/T unbounded: refused, as a zero rate is (no bandwidth of 0
            // for a transfer that takes no time).
            return Err(Error::Unsupported {
                key: "time_us".into(),
                value: String::new(),
                reason: format!(
                    "these parameters take no time at {}, so the bandwidth there is unbounded; give a start-up or a time per byte above 0",
                    crate::units::si(zero.size_bytes, "B")
                ),
            });
        }
        let mut metrics: ByName<Value> = self.evaluation.metrics.iter().cloned().collect();
        metrics.insert("time_us", Value::Number(at.time_us));
        metrics.insert("bandwidth_MBps", Value::Number(at.bandwidth_mbps));
        if let Some(bad) = metrics.iter().find_map(|(k, v)| match v {
            Value::Number(x) if !x.is_finite() => Some(*k),
            _ => None,
        }) {
            return Err(Error::Unsupported {
                key: bad.into(),
                value: String::new(),
                reason: "these parameters give no finite value (a zero rate or an empty pattern)"
                    .into(),
            });
        }
        let mut derivations: ByName<Derivation> =
            self.evaluation.derivations.iter().cloned().collect();
        if derivations.contains_key("time_us") {
            let r = Expr::sym("x", at.size_bytes, "B") / Expr::sym("T", at.time_us, "µs");
            derivations.insert("bandwidth_MBps", Derivation::new("r", r, "r = x/T(x)"));
        }
        Ok(Report {
            query: scenario.to_query(),
            derivations,
            metrics,
            curve,
            warnings: self.warnings.clone(),
            at_bytes: at.size_bytes,
            inputs: self.inputs.clone(),
            parameters: self.parameters.clone(),
        })
    }
}

/// The curve's range in bytes: the query's `from`/`to`, or the pattern's default range (at
/// least a decade long when only `from` is given).
pub fn curve_range(scenario: &Scenario) -> (f64, f64) {
    scenario.inputs.range(scenario.pattern.range)
}

/// The values a control of a numeric input offers, its slider's ends; `None` for an input
/// that is not a number. A size (in bytes, words or elements) spans the curve's range in its
/// own unit where it places the query's point on the curve
/// ([`crate::context::PatternDef::point`]), and from one to the curve's end where it does not
/// (a pipelined send's message m, at most its data x: 002 §3.6; 002's data x where h places
/// the point). A count (p, k) spans every value the query language accepts.
pub fn input_span(key: Key, scenario: &Scenario) -> Option<(f64, f64)> {
    let counts = |(lo, hi): (u32, u32)| Some((f64::from(lo), f64::from(hi)));
    match key {
        Key::P => counts(P_RANGE),
        Key::K => counts(K_RANGE),
        _ => {
            let unit = key.unit_bytes()?;
            let (lo, hi) = curve_range(scenario);
            let lo = if key == scenario.pattern.point {
                (lo / unit).ceil().max(1.0)
            } else {
                1.0
            };
            Some((lo, (hi / unit).floor().max(lo)))
        }
    }
}

impl Report {
    /// Whether this is a report without its run ([`unrun_report`]): the inputs and warnings
    /// of a traffic scenario whose simulation is still to come; every run reports metrics.
    pub fn unrun(&self) -> bool {
        self.metrics.is_empty()
    }
}

/// The report of a traffic scenario without its simulation: the inputs and parameters a run
/// would use and its warnings, with no metrics and no curve. The web's Traffic view checks
/// every edit with it and runs the simulation itself (off the page's thread when it is long),
/// so that an edit never waits for a run. A key the run would not read is refused here as the
/// evaluation refuses it ([`unread`]): the calculator would otherwise simulate a scenario only
/// to refuse it when the runs come back, its page showing the last results in between.
pub fn unrun_report(scenario: &Scenario) -> Result<Report, Error> {
    let (mut ctx, config) = traffic::checked(scenario)?;
    unread(scenario, &mut ctx)?;
    Ok(Report {
        query: scenario.to_query(),
        metrics: Default::default(),
        curve: Vec::new(),
        warnings: ctx.warnings,
        at_bytes: config.mean_bytes,
        inputs: ctx.used_inputs,
        parameters: ctx.used_params,
        derivations: Default::default(),
    })
}

fn point(x: f64, t: f64) -> Point {
    Point {
        size_bytes: x,
        time_us: t,
        bandwidth_mbps: if t > 0.0 { x / t } else { 0.0 },
    }
}

/// `n` sizes from `from` to `to`, evenly spaced in log scale, ends included.
pub fn log_spaced(from: f64, to: f64, n: usize) -> impl Iterator<Item = f64> {
    let (l0, l1) = (from.ln(), to.ln());
    let step = if n > 1 {
        (l1 - l0) / (n - 1) as f64
    } else {
        0.0
    };
    (0..n).map(move |i| {
        if i + 1 == n {
            to
        } else {
            (l0 + step * i as f64).exp()
        }
    })
}

#[cfg(test)]
mod tests {
    /// A collective costed by the MPI algorithms offers ppn whether given or not, and reads
    /// it only once given; a pattern of one message offers no ppn.
    #[test]
    fn a_collective_offers_ppn_given_or_not() {
        let offered = |q: &str| {
            let s = crate::Scenario::from_query(q).unwrap();
            let (read, nodes) = super::offered_keys(&s, super::ENGINES);
            (read.unwrap(), nodes)
        };
        let (read, nodes) = offered("machine=custom&pattern=allreduce&p=64");
        assert!(
            nodes && read.contains(&"p") && !read.contains(&"ppn"),
            "{read:?}"
        );
        let (read, nodes) = offered("machine=custom&pattern=allreduce&p=64&ppn=4");
        assert!(nodes && read.contains(&"ppn"), "{read:?}");
        let (read, nodes) = offered("machine=custom&pattern=pingpong");
        assert!(!nodes && !read.contains(&"ppn"), "{read:?}");
    }

    /// Each pattern's point input places the query's point: doubling it doubles the point on
    /// the abscissa (a size, data x, 4 bytes per word of h or 8 per element of n).
    #[test]
    fn each_pattern_s_point_input_places_its_point() {
        for pattern in crate::patterns::PATTERNS.iter() {
            let machine = pattern.machines.iter().find(|m| **m != "custom").unwrap();
            let key = pattern.point.id();
            let at = |v: u32| {
                let run = if pattern.id == "traffic" {
                    "&count=20"
                } else {
                    ""
                };
                let q = format!("machine={machine}&pattern={}&{key}={v}{run}", pattern.id);
                let s = crate::Scenario::from_query(&q).unwrap_or_else(|e| panic!("{q}: {e}"));
                crate::evaluate(&s)
                    .unwrap_or_else(|e| panic!("{q}: {e}"))
                    .at_bytes
            };
            let (one, two) = (at(256), at(512));
            assert!(
                one > 0.0 && two == 2.0 * one,
                "{}: {key} {one} {two}",
                pattern.id
            );
        }
    }

    /// A pipelined send's data x spans its curve, and its message m runs from one byte to the
    /// curve's end (m ≤ x, 002 §3.6); a ping-pong's size spans its curve; h and n span their
    /// curves in words and elements; p and k span what the query accepts.
    #[test]
    fn a_size_control_spans_the_curve_where_it_places_the_point() {
        use crate::inputs::Key;
        let span = |q: &str, key| super::input_span(key, &crate::Scenario::from_query(q).unwrap());
        let send = "machine=atm-sparc20&pattern=pipelined-send&from=100&to=1e6";
        assert_eq!(span(send, Key::Data), Some((100.0, 1e6)));
        assert_eq!(span(send, Key::Size), Some((1.0, 1e6)));
        let pingpong = "machine=intel-paragon&pattern=pingpong&from=8&to=4096";
        assert_eq!(span(pingpong, Key::Size), Some((8.0, 4096.0)));
        assert_eq!(span(pingpong, Key::P), Some((2.0, 4096.0)));
        let h = "machine=atm-sparc20&pattern=h-relation&from=40&to=4e5";
        assert_eq!(span(h, Key::H), Some((10.0, 1e5)));
        assert_eq!(span(h, Key::Data), Some((1.0, 4e5)));
        assert_eq!(span(h, Key::K), Some((1.0, 1e6)));
        let combine = "machine=intel-delta&pattern=global-combine&from=8&to=4e6";
        assert_eq!(span(combine, Key::N), Some((1.0, 5e5)));
        assert_eq!(span(combine, Key::Algo), None);
    }

    /// A traffic scenario's keys read come from its check, without a simulation: the
    /// simulator's keys and the machine's t_l, t_c, not a parameter the run never reads.
    #[test]
    fn a_traffic_scenario_reads_its_checked_keys() {
        let s = crate::Scenario::from_query("machine=intel-ipsc&pattern=traffic").unwrap();
        let read = super::read_keys(&s, super::ENGINES).unwrap();
        for key in ["dim", "count", "alpha", "beta"] {
            assert!(read.contains(&key), "{key}: {read:?}");
        }
        assert!(!read.contains(&"alpha_x"), "{read:?}");
    }

    /// A traffic scenario's check without its run refuses a key the run would not read, with
    /// the evaluation's own message, and keeps the keys it reads.
    #[test]
    fn unrun_report_refuses_what_the_evaluation_refuses() {
        let s =
            crate::Scenario::from_query("machine=intel-ipsc&pattern=traffic&alpha_x=5&count=50")
                .unwrap();
        let unrun = super::unrun_report(&s).unwrap_err();
        assert!(
            unrun.to_string().contains("does not use alpha_x"),
            "{unrun}"
        );
        assert_eq!(
            unrun.to_string(),
            crate::evaluate(&s).unwrap_err().to_string()
        );
        let s =
            crate::Scenario::from_query("machine=intel-ipsc&pattern=traffic&alpha=2000&count=50")
                .unwrap();
        let r = super::unrun_report(&s).unwrap();
        assert!(r.parameters.iter().any(|(k, _)| *k == "alpha"));
    }

    /// The report says where on the abscissa the query's point lies, in bytes.
    #[test]
    fn reports_the_abscissa_of_the_query_point() {
        let r = crate::run("machine=intel-paragon&pattern=pingpong&size=12k").unwrap();
        assert_eq!(r.at_bytes, 12000.0);
        let r = crate::run("machine=intel-paragon&pattern=h-relation&h=100").unwrap();
        assert_eq!(r.at_bytes, 400.0);
        let r = crate::run("machine=intel-delta&pattern=global-combine&n=1000").unwrap();
        assert_eq!(r.at_bytes, 8000.0);
    }

    /// The curve reaches the query's point on either side of its range (the ping-pong's 1 B to
    /// 1 MB, or the query's own), and keeps the range where the point is inside it.
    #[test]
    fn the_curve_reaches_the_query_point() {
        for (query, lo, hi) in [
            ("size=1048576", 1.0, 1048576.0),
            ("size=5000", 1.0, 1e6),
            ("from=100&to=1000&size=10", 10.0, 1000.0),
        ] {
            let r = crate::run(&format!("machine=intel-paragon&pattern=pingpong&{query}")).unwrap();
            let (first, last) = (r.curve.first().unwrap(), r.curve.last().unwrap());
            let near = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b;
            assert!(
                near(first.size_bytes, lo) && near(last.size_bytes, hi),
                "{query}: {} to {}",
                first.size_bytes,
                last.size_bytes
            );
        }
    }

    /// A report's values stay in the order of their names whatever order they come in, a name
    /// given again replaces its value, and the JSON lists them in that order.
    #[test]
    fn values_by_name_keep_the_order_of_their_names() {
        let mut m: super::ByName<u32> = [
            ("time_us", 1),
            ("a_us", 2),
            ("n_half_bytes", 3),
            ("a_us", 4),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            m.keys().copied().collect::<Vec<_>>(),
            ["a_us", "n_half_bytes", "time_us"]
        );
        assert_eq!(m.get("a_us"), Some(&4));
        m.insert("bandwidth_MBps", 5);
        m.insert("time_us", 6);
        assert_eq!(m.get_key_value("time_us"), Some(("time_us", &6)));
        assert_eq!(m.get("r_inf_MBps"), None);
        assert!(m.contains_key("bandwidth_MBps") && !m.contains_key("bandwidth"));
        assert_eq!(m.len(), 4);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"a_us":4,"bandwidth_MBps":5,"n_half_bytes":3,"time_us":6}"#
        );
    }
}
