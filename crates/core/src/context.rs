//! The evaluation context: what a pattern reads (`Ctx`), what it returns (`Evaluation`) and how
//! the catalog describes it (`PatternDef`). It sits above the leaf `inputs` and below the
//! pattern files and their dispatch in `patterns`, so that the patterns, the scenario and the
//! report can name these types without importing the dispatcher.

use crate::catalog::{interpolate_by_size, Machine, ParamSet};
use crate::collectives::Collective;
use crate::derivation::{Derivation, Expr};
use crate::error::Error;
use crate::inputs::{Inputs, Key};
use crate::models::atm::Link;
use crate::models::nbl::FSet;
use crate::models::Model;
use crate::values::Value;

/// What a pattern's `evaluate` returns: the cost as a function of the abscissa (bytes), the
/// abscissa of the query's point, and the pattern's metrics.
pub struct Evaluation {
    /// Time in µs for a size in bytes (message, data, h·4 or n·8 bytes, as the pattern says).
    pub cost: Box<dyn Fn(f64) -> f64>,
    /// The query's point on the abscissa, in bytes.
    pub at: f64,
    pub metrics: Vec<(&'static str, Value)>,
    /// How each metric was computed, `time_us` at `at` included (docs/explain.md).
    pub derivations: Vec<(&'static str, Derivation)>,
}

/// A communication pattern.
#[derive(Debug)]
pub struct PatternDef {
    pub id: &'static str,
    pub title: &'static str,
    /// One sentence on what it is.
    pub description: &'static str,
    pub source: &'static str,
    /// Machines it is defined on (`custom` included where any machine may be described).
    pub machines: &'static [&'static str],
    /// The dispatch table: the models it accepts, in order of preference (the first one a
    /// machine has is its default), each with the function that costs the pattern under it.
    pub models: &'static [(Model, Evaluate)],
    /// Machine and model pairs the papers give no graph for, with the reason shown to the user.
    pub excluded: &'static [(&'static str, Model, &'static str)],
    pub inputs: &'static [Key],
    /// Processors come in multiples of it: 2 for disjoint pairs (p/2 of them), 1 elsewhere.
    /// One rule for the evaluation, which refuses another p, and the p slider, which steps by
    /// it (its odd steps were each refused).
    pub p_step: u32,
    /// The input whose value is the query's point on the curve: the message size for most,
    /// 002's data size x for a pipelined send (whose size is the message m it is cut into),
    /// h for an h-relation, the vector length n for global combining.
    pub point: Key,
    /// Algorithms a machine offers for this pattern, the first the default; empty if none.
    pub algos: fn(&Machine) -> &'static [&'static str],
    /// What the abscissa of the curve measures (it is always in bytes).
    pub abscissa: &'static str,
    /// The curve's default range in bytes.
    pub range: (f64, f64),
    /// The metrics it reports besides `time_us` and `bandwidth_MBps`.
    pub metrics: &'static [&'static str],
}

/// How a pattern is costed under one model: the function of that model's paper.
pub type Evaluate = fn(&mut Ctx) -> Result<Evaluation, Error>;

impl Evaluation {
    /// An evaluation whose metrics are the values of their derivations (`time_us` excepted:
    /// the report takes the time from `cost` at `at`, and its derivation gives the same bits).
    pub fn derived(
        cost: Box<dyn Fn(f64) -> f64>,
        at: f64,
        derivations: Vec<(&'static str, Derivation)>,
    ) -> Evaluation {
        let metrics = derivations
            .iter()
            .filter(|(k, _)| *k != "time_us")
            .map(|(k, d)| (*k, Value::Number(d.value())))
            .collect();
        Evaluation {
            cost,
            at,
            metrics,
            derivations,
        }
    }
}

impl std::fmt::Debug for Evaluation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Evaluation")
            .field("at", &self.at)
            .field("metrics", &self.metrics)
            .finish()
    }
}

impl PatternDef {
    /// Why this pattern cannot run on a machine, or `None` if it can.
    pub fn unsupported_on(&self, machine: &Machine) -> Option<String> {
        if !self.machines.contains(&machine.id) {
            return Some(format!(
                "pattern {} is defined on {} only (see `commcalc patterns` and {})",
                self.id,
                self.machines.join(", "),
                self.source
            ));
        }
        if self.default_model(machine).is_none() {
            let have: Vec<_> = machine.models().map(Model::id).collect();
            let want: Vec<_> = self.models.iter().map(|(m, _)| m.id()).collect();
            return Some(format!(
                "{} has parameters for {} only; {} needs {}",
                machine.id,
                have.join(", "),
                self.id,
                want.join(" or ")
            ));
        }
        None
    }

    /// The machine's natural model for this pattern.
    /// A machine fitted to real runs takes its best fit where the pattern offers it.
    pub fn default_model(&self, machine: &Machine) -> Option<Model> {
        let best = machine.provenance.map(|p| p.best);
        (self.models_on(machine).find(|m| Some(*m) == best))
            .or_else(|| self.models_on(machine).next())
    }

    /// The models a user may choose for this pattern on this machine.
    pub fn models_on<'a>(&'a self, machine: &'a Machine) -> impl Iterator<Item = Model> + 'a {
        self.models
            .iter()
            .map(|(m, _)| *m)
            .filter(|m| machine.set(*m).is_some() && self.excluded_because(machine, *m).is_none())
    }

    /// The function that costs this pattern under a model: its entry in the dispatch table.
    pub fn evaluator(&self, model: Model) -> Option<Evaluate> {
        self.models
            .iter()
            .find(|(m, _)| *m == model)
            .map(|(_, f)| *f)
    }

    /// Why a model is not offered for this pattern on a machine that has its parameters.
    pub fn excluded_because(&self, machine: &Machine, model: Model) -> Option<&'static str> {
        self.excluded
            .iter()
            .find(|(m, x, _)| *m == machine.id && *x == model)
            .map(|(_, _, why)| *why)
    }

    pub fn takes(&self, key: Key) -> bool {
        self.inputs.contains(&key)
    }
}

/// Everything a pattern's `evaluate` may read: the machine's parameters (with the user's
/// overrides applied) and the inputs; and the record of what it read. A pattern takes it by
/// `&mut`: every read of an input or parameter is written down (what the report's `inputs` and
/// `parameters` say), and helpers deep inside a pattern add warnings without threading a vector
/// through.
pub struct Ctx<'a> {
    pub machine: &'static Machine,
    pub model: Model,
    pub set: &'static ParamSet,
    pub inputs: &'a Inputs,
    pub overrides: &'a [(&'static str, f64)],
    pub warnings: Vec<String>,
    /// The inputs the pattern used, defaults included, for controls that show them.
    pub used_inputs: Vec<(&'static str, Value)>,
    /// The parameters the pattern read, overrides and table rows included.
    pub used_params: Vec<(&'static str, f64)>,
    /// The simulator and the collective algorithms this evaluation may use: none unless it
    /// names them (`report::evaluate_by`), so that only a program that asks for them links them.
    pub engines: Engines,
}

/// The costs an evaluation takes from the program that runs it, beyond the papers' closed
/// forms: each a function the program names, so that a program that names neither links
/// either (the web page's calculator module, docs/web-bytes.md). `report::evaluate` uses both
/// (`report::ENGINES`); a context starts with [`Engines::NONE`].
#[derive(Clone, Copy)]
pub struct Engines {
    /// `pattern=traffic`'s evaluation, which simulates event by event
    /// (`patterns::traffic::traffic`).
    pub traffic: fn(&mut Ctx) -> Result<Evaluation, Error>,
    /// The MPI collective algorithms' costs (`patterns::collective::evaluate`): the collective
    /// patterns, and the queries of broadcast, barrier and all-to-all the papers do not cost.
    pub collectives: fn(&mut Ctx, Collective) -> Result<Evaluation, Error>,
}

impl Engines {
    /// Neither: a scenario that needs one is [`Error::Elsewhere`].
    pub const NONE: Engines = Engines {
        traffic: |_| Err(elsewhere("traffic", "the traffic simulator")),
        collectives: |_, c| Err(elsewhere(c.id(), "the MPI collective algorithms")),
    };
}

/// A pattern this program does not cost, and what it `needs`.
fn elsewhere(pattern: &str, needs: &'static str) -> Error {
    Error::Elsewhere {
        key: "pattern".into(),
        value: pattern.into(),
        needs,
    }
}

impl<'a> Ctx<'a> {
    /// A context that has read nothing yet.
    pub fn new(
        machine: &'static Machine,
        model: Model,
        set: &'static ParamSet,
        inputs: &'a Inputs,
        overrides: &'a [(&'static str, f64)],
    ) -> Ctx<'a> {
        Ctx {
            machine,
            model,
            set,
            inputs,
            overrides,
            warnings: Vec::new(),
            used_inputs: Vec::new(),
            used_params: Vec::new(),
            engines: Engines::NONE,
        }
    }

    /// A parameter of the machine's set for the scenario's model, overridden if the user set it.
    pub fn param(&mut self, name: &str) -> Result<f64, Error> {
        if let Some((n, v)) = self.overrides.iter().find(|(n, _)| *n == name) {
            return Ok(self.used_param(n, *v));
        }
        match self.set.param(name) {
            Some(p) if p.value.is_finite() => Ok(self.used_param(p.name, p.value)),
            _ => Err(Error::Unsupported {
                key: name.to_string(),
                value: String::new(),
                reason: format!(
                    "{} has no parameter {name} for the {} model",
                    self.machine.id,
                    self.model.id()
                ),
            }),
        }
    }

    /// A parameter as a formula's symbol, bound to the value [`Ctx::param`] gives.
    #[inline(never)]
    pub fn sym(&mut self, name: &'static str) -> Result<Expr, Error> {
        let value = self.param(name)?;
        Ok(self.bound(name, value))
    }

    /// A parameter's symbol bound to a value the pattern already read (a table row, say).
    #[inline(never)]
    pub fn bound(&self, name: &'static str, value: f64) -> Expr {
        let unit = self.set.param(name).map_or("", |p| p.unit);
        Expr::sym(self.set.symbol(name), value, unit)
    }

    /// A parameter from a size-dependent table (001 Tables 1–2), unless the user overrode it.
    pub fn sized_param(&mut self, name: &'static str, table_value: f64) -> f64 {
        let value = self.overridden(name).unwrap_or(table_value);
        self.used_param(name, value)
    }

    /// A size-dependent parameter as a formula's symbol, bound to [`Ctx::sized_param`]'s value.
    pub fn sized_sym(&mut self, name: &'static str, table_value: f64) -> Expr {
        let value = self.sized_param(name, table_value);
        self.bound(name, value)
    }

    pub(crate) fn used_param(&mut self, name: &'static str, value: f64) -> f64 {
        let used = &mut self.used_params;
        if !used.iter().any(|(n, _)| *n == name) {
            used.push((name, value));
        }
        value
    }

    /// Records the value an input had, for inputs a pattern derives rather than reads.
    pub fn record(&mut self, key: Key, value: Value) {
        let used = &mut self.used_inputs;
        if !used.iter().any(|(k, _)| *k == key.id()) {
            used.push((key.id(), value));
        }
    }

    fn number(&mut self, key: Key, given: Option<f64>, default: f64) -> f64 {
        let v = given.unwrap_or(default);
        self.record(key, Value::Number(v));
        v
    }

    /// The data size (002's x), or `default`.
    pub fn data(&mut self, default: f64) -> f64 {
        self.number(Key::Data, self.inputs.data, default)
    }

    /// h in words, or `default`.
    pub fn h(&mut self, default: f64) -> f64 {
        self.number(Key::H, self.inputs.h, default)
    }

    /// The vector length in elements, or `default`.
    pub fn n(&mut self, default: f64) -> f64 {
        self.number(Key::N, self.inputs.n, default)
    }

    /// The number of bsp_put calls, or `default`.
    pub fn k(&mut self, default: u32) -> u32 {
        let k = self.inputs.k.unwrap_or(default);
        self.record(Key::K, Value::Number(f64::from(k)));
        k
    }

    /// The mesh W×H, or `default`.
    pub fn mesh(&mut self, default: (u32, u32)) -> (u32, u32) {
        let (w, h) = self.inputs.mesh.unwrap_or(default);
        self.record(Key::Mesh, Value::Text(format!("{w}x{h}")));
        (w, h)
    }

    /// The ATM link unit time setting, `paper` by default.
    pub fn link(&mut self) -> Link {
        let link = self.inputs.link.unwrap_or(Link::Paper);
        self.record(Key::Link, Value::Text(link.id().into()));
        link
    }

    /// The f(L) set, `nominal` by default.
    pub fn f(&mut self) -> FSet {
        let f = self.inputs.f.unwrap_or_default();
        self.record(Key::F, Value::Text(f.id().into()));
        f
    }

    /// Whether the user overrode a parameter.
    pub fn overridden(&self, name: &str) -> Option<f64> {
        self.overrides
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    /// Adds a warning to the report.
    pub fn warn(&mut self, message: impl Into<String>) {
        let message = message.into();
        let w = &mut self.warnings;
        if !w.contains(&message) {
            w.push(message);
        }
    }

    /// The processor count, or `default`; warns when it lies outside what the paper measured.
    pub fn p(&mut self, default: u32) -> u32 {
        let p = self.inputs.p.unwrap_or(default);
        self.record(Key::P, Value::Number(f64::from(p)));
        let (lo, hi) = self.machine.measured_p;
        if p < lo || p > hi {
            let who = match self.machine.provenance {
                Some(_) => "its runs",
                None => "the paper",
            };
            self.warn(format!(
                "p = {p} is outside the {lo}…{hi} processors {who} measured on {}: an extrapolation",
                self.machine.name
            ));
        }
        p
    }

    /// The message size, or `default`.
    pub fn size(&mut self, default: f64) -> f64 {
        self.number(Key::Size, self.inputs.size, default)
    }

    /// The algorithm, or the machine's default for this pattern.
    pub fn algo(&mut self, algos: &'static [&'static str]) -> Option<&'static str> {
        let algo = self.inputs.algo.or(algos.first().copied());
        if let Some(a) = algo {
            self.record(Key::Algo, Value::Text(a.into()));
        }
        algo
    }

    /// Size-dependent parameters (001 Tables 1–2): the row for p, linearly interpolated in p
    /// between rows (with a warning), or the nearest row beyond the table (with a warning).
    /// Returns (rate, latency).
    pub fn by_size(&mut self, p: u32) -> Result<(f64, f64), Error> {
        let rows = self.set.by_size;
        let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
            return Err(Error::Unsupported {
                key: "p".into(),
                value: p.to_string(),
                reason: format!(
                    "{} has no size-dependent {} table",
                    self.machine.id,
                    self.model.id()
                ),
            });
        };
        let src = self.set.by_size_source;
        if p < first.p || p > last.p {
            let r = if p < first.p { first } else { last };
            self.warn(format!(
                "{src} measured p = {}…{} only; p = {p} uses the p = {} row unchanged",
                first.p, last.p, r.p
            ));
            return Ok((r.rate, r.latency));
        }
        if !rows.iter().any(|r| r.p == p) {
            let hi = rows.iter().position(|r| r.p > p).unwrap_or(rows.len() - 1);
            self.warn(format!(
                "{src} has no row for p = {p}: interpolated between p = {} and p = {}",
                rows[hi - 1].p,
                rows[hi].p
            ));
        }
        interpolate_by_size(rows, p).ok_or_else(|| Error::invalid("p", p, "a p within the table"))
    }
}
