//! What the controls show, built from the core's declarations: one control per input key the
//! pattern takes and per parameter of the machine's set for the model, with its label, unit,
//! slider, source and current value. Components only draw these.

use commcalc_core::catalog::{Machine, MACHINES};
use commcalc_core::collectives::Collective;
use commcalc_core::context::Engines;
use commcalc_core::glossary::{self, Words};
use commcalc_core::models::atm::Link;
use commcalc_core::models::nbl::FSet;
use commcalc_core::papers::{label, PAPERS};
use commcalc_core::patterns::collective::{p_of, ppn_of, NodeKey};
use commcalc_core::patterns::{collective, Key, PatternDef, Value, PATTERNS};
use commcalc_core::report::{curve_range, input_span};
use commcalc_core::traffic::query::TrafficKey;
use commcalc_core::units::si;
use commcalc_core::{Error, Model, Report, Scenario};

use crate::problem::Problem;
use crate::slider::{plain, Slider};

/// How a control edits its value.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A number field, with a slider where the value has a range.
    Number { slider: Option<Slider> },
    /// A choice among ids, with their labels.
    Choice(Vec<(&'static str, String)>),
    /// Mesh width and height.
    Mesh,
    /// A comma-separated list of numbers, typed in a text field (no slider).
    List,
}

/// One control.
#[derive(Clone, Debug, PartialEq)]
pub struct Control {
    /// The query key it edits.
    pub key: &'static str,
    /// The visible label: the paper's symbol for parameters, a short name for inputs.
    pub label: String,
    /// A longer name, for screen readers and the tooltip's first line.
    pub name: String,
    /// The unit the number is in, as the field shows it.
    pub unit: &'static str,
    pub kind: Kind,
    /// Where the value comes from: the paper, section and note.
    pub source: String,
    /// What a reset returns to, for the reset button's label.
    pub reset_to: String,
    /// Whether it is a machine parameter (not a pattern input).
    pub is_parameter: bool,
}

/// The controls of a scenario: the pattern's inputs, then the curve's range, then the
/// parameters of the machine's set for the model. The core is asked with the module's
/// `engines`: a scenario that needs another (which the module hands over) offers every control.
pub fn controls(scenario: &Scenario, traffic: TrafficControls, engines: Engines) -> Vec<Control> {
    let (read, takes_nodes) = commcalc_core::report::offered_keys(scenario, engines);
    let mut out = all_controls(scenario, takes_nodes, traffic);
    // A control for a key the scenario does not read would only ever be refused (a part of a
    // sum too: the SP2's a_c of a_rt cancels out on a ping-pong, which reads a_rt alone).
    // The node keys are read only once ppn is given, so they are offered whether read or not.
    if let Some(read) = read {
        out.retain(|c| {
            matches!(c.key, "from" | "to") || is_node_key(c.key) || read.contains(&c.key)
        });
    }
    out
}

/// Every control the pattern, the model's parameters and the collectives declare; the node
/// keys where the collective `takes_nodes`.
fn all_controls(scenario: &Scenario, takes_nodes: bool, traffic: TrafficControls) -> Vec<Control> {
    let (machine, pattern, model) = (scenario.machine, scenario.pattern, scenario.model);
    let mut out: Vec<Control> = pattern
        .inputs
        .iter()
        .filter_map(|k| input(*k, machine, pattern, scenario, traffic))
        .collect();
    for (key, name) in [("from", "Curve from"), ("to", "Curve to")] {
        out.push(Control {
            key,
            label: name.into(),
            name: format!("{name} ({})", pattern.abscissa),
            unit: "B",
            kind: Kind::Number { slider: None },
            source: format!(
                "The curve's range: {}; the pattern's default is {} to {}.",
                glossary::in_bytes(pattern.abscissa),
                plain(pattern.range.0),
                plain(pattern.range.1)
            ),
            reset_to: "the pattern's range".into(),
            is_parameter: false,
        });
    }
    if let Some(set) = machine.set(model) {
        for p in set.params {
            let has_value = p.value.is_finite();
            let symbol = if p.symbol.is_empty() {
                p.name
            } else {
                p.symbol
            };
            let label = if symbol == p.name {
                symbol.to_string()
            } else {
                format!("{symbol} ({})", p.name)
            };
            // The slider offers what the core accepts with the other parameters as they are.
            let (lo, hi) = set.bounds(p.name, &scenario.overrides).unwrap_or(p.range);
            let slider = Slider::new(
                lo,
                hi,
                has_value.then_some(p.value),
                p.unit.is_empty().then_some(1),
            );
            out.push(Control {
                key: p.name,
                label,
                name: format!("{symbol}: {}", p.note),
                unit: p.unit,
                kind: Kind::Number {
                    slider: Some(if set.excludes_zero(p.name) {
                        slider.without_zero()
                    } else {
                        slider
                    }),
                },
                source: format!("{}: {}.", p.source, p.note),
                reset_to: if has_value {
                    format!("the paper's value, {} {}", plain(p.value), p.unit)
                } else if set.by_size_source.is_empty() {
                    "the paper's value".into()
                } else {
                    format!("the {} row for p", set.by_size_source)
                },
                is_parameter: true,
            });
        }
    }
    out.extend(gamma_control(scenario));
    if takes_nodes {
        out.extend(node_controls(scenario));
    }
    out
}

fn is_node_key(key: &str) -> bool {
    NodeKey::of(key).is_some()
}

/// Ranks on nodes, for every collective: ppn, an input beside p and the size (1 unless
/// given: every rank on its own node), its slider up to p (a larger ppn is refused); where
/// ppn > 1, the node's α and β (the core's assumed values and why, unless given) and its
/// network interfaces, where the collective takes ppn (`report::offered_keys`). The keys and their notes
/// are the core's (`collective::PARAMS`).
fn node_controls(scenario: &Scenario) -> Vec<Control> {
    let p = f64::from(p_of(scenario));
    let ppn = ppn_of(scenario);
    let mut out = Vec::new();
    for node_key in NodeKey::ALL {
        let key = node_key.key();
        let Some(g) = collective::param(key) else {
            continue;
        };
        let d = collective::node_default(scenario.machine, node_key);
        if key != "ppn" && ppn.is_none_or(|v| v <= 1.0) {
            continue;
        }
        let range = if key == "ppn" {
            (1.0, p.max(1.0))
        } else {
            g.range
        };
        let state = if d.own { "its own" } else { "assumed" };
        let reset_to = format!("{state}: {} {}", plain(d.value), g.unit);
        let whole = g.unit.is_empty().then_some(1);
        let given = scenario.overrides.iter().any(|(k, _)| *k == key);
        let source = if given {
            format!("{}: {}.", g.note, g.source)
        } else {
            format!("{}: {state}, {}.", g.note, d.why)
        };
        out.push(Control {
            key,
            label: format!("{} ({})", g.symbol, node_label(key)),
            name: format!("{}: {}", g.symbol, g.note),
            unit: g.unit,
            kind: Kind::Number {
                slider: Some(Slider::new(range.0, range.1, Some(d.value), whole)),
            },
            source,
            reset_to: reset_to.trim_end().to_string(),
            is_parameter: key != "ppn",
        });
    }
    out
}

/// What a collective's costs rest on that a control's source (shown on hover) would leave
/// unread, as (id, sentence): γ and where it comes from where a reduction is costed, the
/// node's α and β where ppn > 1 and they are assumed (the core's reason), and a last node
/// partly filled (the core's words). Empty for other patterns and where the scenario is
/// refused.
pub fn collective_facts(
    scenario: &Scenario,
    report: Option<&Report>,
) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let Some(r) = report.filter(|_| collective::is_collective(scenario.pattern.id)) else {
        return out;
    };
    let reduces = Collective::from_id(scenario.pattern.id).is_some_and(Collective::reduces);
    if let (true, Some(Value::Number(g))) = (reduces, r.metrics.get("gamma_us_per_byte")) {
        let source = r
            .derivations
            .get("gamma_us_per_byte")
            .map_or("", |d| d.source);
        out.push((
            "gamma",
            format!("γ = {} µs/B ({}): {source}.", plain(*g), si(*g, "µs/B")),
        ));
    }
    let given = |key: &str| scenario.overrides.iter().any(|(k, _)| *k == key);
    let ppn = ppn_of(scenario).unwrap_or(1.0);
    let node = |key| collective::node_default(scenario.machine, key);
    let unless_given = ppn > 1.0 && !(given("intra_alpha") && given("intra_beta"));
    if unless_given {
        let (alpha, beta) = (node(NodeKey::IntraAlpha), node(NodeKey::IntraBeta));
        let state = if alpha.own { "its own" } else { "assumed" };
        out.push((
            "intra",
            format!(
                "Within a node α = {}, β = {} unless given ({state}): {}.",
                si(alpha.value, "µs"),
                si(beta.value, "µs/B"),
                alpha.why
            ),
        ));
    }
    let p = p_of(scenario);
    if let Some(w) = collective::own_placement(scenario) {
        out.push(("own-placement", format!("{w}.")));
    }
    if let Some(w) = collective::partial_node(p, ppn as u32) {
        out.push(("placement", format!("{w}.")));
    }
    out
}

/// What a node key's short label says of it.
fn node_label(key: &str) -> &'static str {
    match key {
        "ppn" => "processes per node",
        "nics" => "interfaces a node",
        _ => "within a node",
    }
}

/// γ where a reduction is costed and the model has no γ of its own: the collectives' `gamma`
/// key (`collective::PARAMS`), from the machine's value, with where that value comes from.
fn gamma_control(scenario: &Scenario) -> Option<Control> {
    let (machine, model) = (scenario.machine, scenario.model);
    let reduces = Collective::from_id(scenario.pattern.id).is_some_and(Collective::reduces);
    let own = machine
        .set(model)
        .is_some_and(|s| s.param("gamma").is_some());
    if !reduces || own {
        return None;
    }
    let g = collective::param("gamma")?;
    let typical = collective::derived(machine, model).ok().map(|m| m.gamma);
    Some(Control {
        key: g.name,
        label: format!("{} ({})", g.symbol, g.name),
        name: format!("{}: {}", g.symbol, g.note),
        unit: g.unit,
        kind: Kind::Number {
            slider: Some(Slider::new(g.range.0, g.range.1, typical, None)),
        },
        source: collective::gamma_rule(machine, model),
        reset_to: typical.map_or("the machine's γ".into(), |v| {
            format!("the machine's γ, {} {}", plain(v), g.unit)
        }),
        is_parameter: true,
    })
}

/// A control's words (the core's) and kind.
pub type Described = (Words, Kind);

/// The simulator's controls (`pattern=traffic`): a module that shows them names them
/// (`app::Views::traffic`, handed down as `State::traffic`). The calculator's module hands
/// the traffic pattern over to the full module (`app::calculator_results`), so it never shows
/// them, and without them it links none of their texts.
#[derive(Clone, Copy)]
pub struct TrafficControls {
    /// A simulator key's control, or `None` where the scenario does not use the key.
    pub control: fn(TrafficKey, &Scenario) -> Option<Described>,
    /// A simulator key's current value, given what the run used (`None` for other keys).
    pub current: fn(&Scenario, Option<&Value>, &str) -> Option<Current>,
    /// Whether the scenario sets a simulator key.
    pub is_set: fn(&Scenario, &str) -> bool,
}

impl TrafficControls {
    /// A module without them.
    pub const NONE: TrafficControls = TrafficControls {
        control: |_, _| None,
        current: |_, _, _| None,
        is_set: |_, _| false,
    };
}

/// A pattern input's control: its words are the core's (`glossary`), its kind the page's.
fn input(
    key: Key,
    machine: &Machine,
    pattern: &PatternDef,
    scenario: &Scenario,
    traffic: TrafficControls,
) -> Option<Control> {
    let (words, kind) = match key {
        Key::Traffic(t) => (traffic.control)(t, scenario)?,
        _ => (
            glossary::input(key, pattern)?,
            kind(key, machine, pattern, scenario)?,
        ),
    };
    let source = match key {
        Key::P => glossary::measured_p(machine),
        _ => words.note,
    };
    Some(Control {
        key: key.id(),
        label: words.label.into(),
        name: words.name,
        unit: words.unit,
        kind,
        source,
        reset_to: "the pattern's default".into(),
        is_parameter: false,
    })
}

/// How an input is set: a slider for the counts (bytes, words, elements, processors, calls),
/// the mesh's two numbers, or a list; `None` where the pattern has no algorithm on this
/// machine.
fn kind(key: Key, machine: &Machine, pattern: &PatternDef, scenario: &Scenario) -> Option<Kind> {
    // Every numeric input counts whole things, so its slider moves in whole steps (p in the
    // pattern's, `PatternDef::p_step`) and never offers a value the core rejects.
    let counted = |lo: f64, hi: f64, grain: u32| Kind::Number {
        slider: Some(Slider::new(lo, hi, None, Some(grain))),
    };
    let number = |lo: f64, hi: f64| counted(lo, hi, 1);
    let listed = |ids: &[&'static str]| {
        Kind::Choice(
            ids.iter()
                .map(|&id| (id, glossary::value(key, id)))
                .collect(),
        )
    };
    Some(match key {
        Key::P => {
            let (lo, hi) = input_span(key, scenario)?;
            counted(lo, hi, pattern.p_step)
        }
        Key::Size | Key::Data | Key::N | Key::H | Key::K => {
            let (lo, hi) = input_span(key, scenario)?;
            number(lo, hi)
        }
        Key::Mesh => Kind::Mesh,
        Key::Algo => {
            let algos = pattern.algos_on(machine, scenario.model);
            if algos.is_empty() {
                return None;
            }
            Kind::Choice(glossary::algorithms(&algos))
        }
        Key::F => listed(&FSet::ALL.map(FSet::id)),
        Key::Link => listed(&Link::ALL.map(Link::id)),
        Key::Traffic(_) => return None,
    })
}

/// A control's current value: the scenario's if the user set it, else what the report says
/// the pattern used, else the catalog's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Current {
    Number(Option<f64>),
    Text(Option<String>),
    Mesh(Option<(u32, u32)>),
}

/// The current value of a control's key.
pub fn current(
    scenario: &Scenario,
    report: Option<&Report>,
    key: &str,
    traffic: TrafficControls,
) -> Current {
    let i = &scenario.inputs;
    let used = |key: &str| {
        report.and_then(|r| {
            r.inputs
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
        })
    };
    let used_number = |key: &str| match used(key) {
        Some(Value::Number(v)) => Some(v),
        _ => None,
    };
    let used_text = |key: &str| match used(key) {
        Some(Value::Text(t)) => Some(t),
        _ => None,
    };
    match key {
        "size" => Current::Number(i.size.or_else(|| used_number(key))),
        "data" => Current::Number(i.data.or_else(|| used_number(key))),
        "p" => Current::Number(i.p.map(f64::from).or_else(|| used_number(key))),
        "n" => Current::Number(i.n.or_else(|| used_number(key))),
        "h" => Current::Number(i.h.or_else(|| used_number(key))),
        "k" => Current::Number(i.k.map(f64::from).or_else(|| used_number(key))),
        k if is_traffic_key(k) => {
            (traffic.current)(scenario, used(key).as_ref(), key).unwrap_or(Current::Number(None))
        }
        "from" => Current::Number(Some(curve_range(scenario).0)),
        "to" => Current::Number(Some(curve_range(scenario).1)),
        "mesh" => Current::Mesh(
            i.mesh
                .or_else(|| used_text(key).and_then(|t| parse_mesh(&t))),
        ),
        "algo" => Current::Text(i.algo.map(str::to_string).or_else(|| used_text(key))),
        "f" => Current::Text(i.f.map(|f| f.id().to_string()).or_else(|| used_text(key))),
        "link" => Current::Text(
            i.link
                .map(|l| l.id().to_string())
                .or_else(|| used_text(key)),
        ),
        name => Current::Number(parameter(scenario, report, name)),
    }
}

/// The value of a machine parameter (or a collective's node key): the scenario's, else what
/// the report used, else γ's metric, else the machine's, else the collective's default.
fn parameter(scenario: &Scenario, report: Option<&Report>, name: &str) -> Option<f64> {
    scenario
        .overrides
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
        .or_else(|| {
            report.and_then(|r| {
                r.parameters
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| *v)
            })
        })
        .or_else(|| {
            // γ is a metric of every collective, whichever rule gave it.
            let gamma = report.filter(|_| name == "gamma");
            match gamma.and_then(|r| r.metrics.get("gamma_us_per_byte")) {
                Some(Value::Number(v)) => Some(*v),
                _ => None,
            }
        })
        .or_else(|| {
            scenario
                .machine
                .set(scenario.model)
                .and_then(|s| s.param(name))
                .map(|p| p.value)
                .filter(|v| v.is_finite())
        })
        .or_else(|| {
            collective::is_collective(scenario.pattern.id)
                .then(|| NodeKey::of(name))
                .flatten()
                .map(|k| collective::node_default(scenario.machine, k))
                .map(|d| d.value)
        })
}

/// Whether a key is one of the simulator's. Here, where the controls hand those keys to the
/// traffic view's table (`TrafficControls`), since the traffic module builds on these controls.
pub fn is_traffic_key(key: &str) -> bool {
    Key::all().any(|k| matches!(k, Key::Traffic(t) if t.id() == key))
}

/// Whether the scenario sets this key (so that a reset has something to do).
pub fn is_set(scenario: &Scenario, key: &str, traffic: TrafficControls) -> bool {
    let i = &scenario.inputs;
    match key {
        "from" => i.from.is_some(),
        "to" => i.to.is_some(),
        k if is_traffic_key(k) => (traffic.is_set)(scenario, k),
        name => {
            i.given().iter().any(|k| k.id() == name)
                || scenario.overrides.iter().any(|(n, _)| *n == name)
        }
    }
}

/// Whether the report used this key: inputs a pattern ignores on this machine, and
/// parameters of the set it does not read, are shown as such. The node keys are offered on
/// collectives only, which read them with their defaults (one rank a node) when not given.
pub fn is_used(report: &Report, key: &str) -> bool {
    matches!(key, "from" | "to")
        || is_node_key(key)
        || report.inputs.iter().any(|(k, _)| *k == key)
        || report.parameters.iter().any(|(n, _)| *n == key)
}

fn parse_mesh(text: &str) -> Option<(u32, u32)> {
    let (w, h) = text.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

/// What makes a control's element, besides its key: how it edits (a slider or not, a choice
/// with its list, the mesh's two fields) and its unit. The rest of a control (its label and
/// texts, its slider's range) follows the scenario in the element as it stands, so that a
/// slider that moves another's range (a sum and its part) or makes a key given (a node key's
/// source) changes texts and attributes, never the element under the pointer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// A number or list field, with a slider where the value has a range, and its unit.
    Number { slider: bool, unit: &'static str },
    /// A select among ids, with their labels.
    Choice(Vec<(&'static str, String)>),
    /// The mesh's width and height fields.
    Mesh,
}

impl Control {
    /// The control's element ([`Form`]).
    pub fn form(&self) -> Form {
        match &self.kind {
            Kind::Number { slider } => Form::Number {
                slider: slider.is_some(),
                unit: self.unit,
            },
            Kind::List => Form::Number {
                slider: false,
                unit: self.unit,
            },
            Kind::Choice(choices) => Form::Choice(choices.clone()),
            Kind::Mesh => Form::Mesh,
        }
    }
}

/// What a control shows of the scenario, beside what it is ([`Control`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shown {
    /// The field's text: a number as the address writes it, a list as typed, a choice's id;
    /// the mesh's width (its height is `height`).
    pub field: String,
    /// The mesh's height.
    pub height: String,
    /// The value with its unit's prefix (`readout`), empty without a value or a unit.
    pub readout: String,
    /// The slider's step for the value (0 without a value or a slider).
    pub position: u32,
    /// Whether the scenario sets the key (its reset has something to do).
    pub is_set: bool,
    /// Whether the pattern leaves the key unused here (the report says so).
    pub unused: bool,
    /// The core's messages about the key, joined: a rejected edit, a bad address value, or why
    /// the scenario does not evaluate; empty when there is none.
    pub message: String,
}

/// What `c` shows of `scenario`, its `report` and the `problems` of the address and the edits.
pub fn shown(
    c: &Control,
    scenario: &Scenario,
    report: Result<&Report, &Error>,
    problems: &[Problem],
    traffic: TrafficControls,
) -> Shown {
    let key = c.key;
    let (value, field, height) = match current(scenario, report.ok(), key, traffic) {
        Current::Number(v) => (v, v.map(plain).unwrap_or_default(), String::new()),
        Current::Text(t) => (None, t.unwrap_or_default(), String::new()),
        Current::Mesh(m) => (
            None,
            m.map(|m| m.0.to_string()).unwrap_or_default(),
            m.map(|m| m.1.to_string()).unwrap_or_default(),
        ),
    };
    let position = match (&c.kind, value) {
        (Kind::Number { slider: Some(sl) }, Some(v)) => sl.position(v),
        _ => 0,
    };
    let mut messages: Vec<String> = (problems.iter())
        .filter(|p| p.key == key)
        .map(|p| p.message.clone())
        .collect();
    if let Err(e) = report {
        if e.key() == Some(key) {
            messages.push(e.to_string());
        }
    }
    Shown {
        field,
        height,
        readout: value.map(|v| readout(v, c.unit)).unwrap_or_default(),
        position,
        is_set: is_set(scenario, key, traffic),
        unused: report.is_ok_and(|r| !is_used(r, key)),
        message: messages.join(" "),
    }
}

/// A value as a control's readout shows it: SI prefixes for bytes and times.
pub fn readout(v: f64, unit: &str) -> String {
    match unit {
        "B" | "µs" | "µs/B" => si(v, unit),
        "" => String::new(),
        other => format!("{} {other}", plain(v)),
    }
}

/// A label as the papers typeset it, in runs of (text, whether a subscript): `t_st` is t with
/// st as a subscript. A subscript runs over ASCII letters and digits.
pub fn label_parts(label: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    let mut chars = label.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '_' && chars.peek().is_some_and(|n| n.is_ascii_alphanumeric()) {
            let mut sub = String::new();
            while let Some(n) = chars.next_if(char::is_ascii_alphanumeric) {
                sub.push(n);
            }
            out.push((sub, true));
        } else {
            match out.last_mut() {
                Some((text, false)) => text.push(c),
                _ => out.push((c.to_string(), false)),
            }
        }
    }
    out
}

/// The heading of today's machines (`catalog::today`) in the machine picker.
pub const TODAY_LABEL: &str = "Today's clusters (measured runs)";

/// The machines grouped by the paper they come from, in catalog order, with the group's
/// label; then today's machines, fitted to real runs; the custom machine last.
pub fn machine_groups() -> Vec<(String, Vec<&'static Machine>)> {
    let of_paper = |paper: &str| -> Vec<&'static Machine> {
        (MACHINES.iter())
            .filter(|m| m.paper == paper && m.provenance.is_none())
            .collect()
    };
    let today: Vec<_> = MACHINES.iter().filter(|m| m.provenance.is_some()).collect();
    let papers = PAPERS.iter().map(|p| (label(p.id), of_paper(p.id)));
    papers
        .chain([(TODAY_LABEL.to_string(), today), (label(""), of_paper(""))])
        .filter(|(_, ms)| !ms.is_empty())
        .collect()
}

/// The pattern choices on a machine: each pattern with the reason it is not offered, if so.
pub fn pattern_choices(machine: &Machine) -> Vec<(&'static PatternDef, Option<String>)> {
    PATTERNS
        .iter()
        .map(|p| (p, p.unsupported_on(machine)))
        .collect()
}

/// The model (parameter set) choices of a pattern on a machine, labelled as the papers name
/// the sets: "NX (hockney)".
pub fn model_choices(machine: &Machine, pattern: &PatternDef) -> Vec<(Model, String)> {
    pattern
        .models_on(machine)
        .map(|m| {
            let label = machine.set(m).map(|s| s.label).unwrap_or("");
            (m, format!("{label} ({})", m.id()))
        })
        .collect()
}

/// What the picker says of the chosen machine, and its source: a fitted machine (`named`) is
/// described as fitted, not as the bare custom machine it is built on ("starting from round
/// values" would contradict "fitted to your measurements"); a machine of today by its runs.
pub fn machine_about(machine: &Machine, named: Option<&str>) -> (String, String) {
    match named {
        Some(name) => (
            format!("{name}: your machine, with the parameters fitted to your measurements in Import measurements"),
            "the fitted parameters are in the address".to_string(),
        ),
        None if machine.provenance.is_some() => (
            machine.description.to_string(),
            machine.provenance.map_or(String::new(), |p| {
                format!("measured: {}; from {}", p.summary(), p.upstream)
            }),
        ),
        None if machine.paper.is_empty() => (
            machine.description.to_string(),
            "parameters of your own".to_string(),
        ),
        None => (
            machine.description.to_string(),
            format!("source: paper {}", label(machine.paper)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use commcalc_core::collectives::nodes::{ASSUMED_NODE, ASSUMED_NODE_REASON};
    use commcalc_core::report::ENGINES;

    /// The calculator's module's simulator controls: none.
    const NONE: TrafficControls = TrafficControls::NONE;

    /// A control shows its value in its field, with its unit's prefix in its readout and at
    /// its step on its slider; a key the scenario sets is marked for its reset, and a key the
    /// pattern does not read here is said to be unused.
    #[test]
    fn a_control_shows_its_value_and_whether_it_is_set_or_used() {
        let s = Scenario::from_query("machine=intel-paragon&pattern=pingpong&size=12700").unwrap();
        let report = commcalc_core::evaluate(&s);
        let specs = controls(&s, NONE, ENGINES);
        let of = |key: &str| specs.iter().find(|c| c.key == key).unwrap();
        let size = shown(of("size"), &s, report.as_ref(), &[], NONE);
        let Kind::Number { slider: Some(sl) } = &of("size").kind else {
            panic!("no size slider");
        };
        assert_eq!(size.field, "12700");
        assert_eq!(size.readout, "12.7 kB");
        assert_eq!(size.position, sl.position(12700.0));
        assert!(size.position > 0 && size.is_set && !size.unused);
        assert!(size.message.is_empty());
        let from = shown(of("from"), &s, report.as_ref(), &[], NONE);
        assert!(!from.is_set);
        // The DELTA's global combine: the mesh's two sides, the f(L) set's id.
        let s = Scenario::from_query("machine=intel-delta&pattern=global-combine").unwrap();
        let report = commcalc_core::evaluate(&s);
        let specs = controls(&s, NONE, ENGINES);
        let of = |key: &str| specs.iter().find(|c| c.key == key).unwrap();
        let mesh = shown(of("mesh"), &s, report.as_ref(), &[], NONE);
        assert_eq!((mesh.field.as_str(), mesh.height.as_str()), ("16", "16"));
        assert_eq!(
            shown(of("f"), &s, report.as_ref(), &[], NONE).field,
            "nominal"
        );
    }

    /// The problems about a key show under its control, joined, with the core's reason the
    /// scenario does not evaluate where that names the key; other controls show none.
    #[test]
    fn a_controls_problems_show_under_it() {
        let s = Scenario::from_query("machine=custom&pattern=allreduce&p=4&ppn=8").unwrap();
        let report = commcalc_core::evaluate(&s);
        let refused = report.as_ref().expect_err("ppn above p");
        assert_eq!(refused.key(), Some("ppn"));
        let problem = Problem {
            key: "ppn".into(),
            message: "ppn: \"x\" is not a number".into(),
        };
        let specs = controls(&s, NONE, ENGINES);
        let of = |key: &str| specs.iter().find(|c| c.key == key).unwrap();
        let ppn = shown(
            of("ppn"),
            &s,
            report.as_ref(),
            std::slice::from_ref(&problem),
            NONE,
        );
        assert_eq!(ppn.message, format!("{} {refused}", problem.message));
        assert!(
            !ppn.unused,
            "nothing is said unused where the scenario is refused"
        );
        let p = shown(
            of("p"),
            &s,
            report.as_ref(),
            std::slice::from_ref(&problem),
            NONE,
        );
        assert!(p.message.is_empty(), "{}", p.message);
    }

    /// A control's element is its key and how it edits: a slider that moves another's range
    /// (the SP2's a_c moves a_rt's lower end) changes that control but not its element.
    #[test]
    fn a_controls_form_stays_while_its_range_moves() {
        let s = Scenario::from_query("machine=ibm-sp2&pattern=pairs").unwrap();
        let a_rt = |s: &Scenario| {
            controls(s, NONE, ENGINES)
                .into_iter()
                .find(|c| c.key == "a_rt")
                .unwrap()
        };
        let moved = s.with("a_c", "30").unwrap();
        assert_ne!(a_rt(&s), a_rt(&moved), "a_c moves a_rt's slider");
        assert_eq!(a_rt(&s).form(), a_rt(&moved).form());
        assert_eq!(
            a_rt(&s).form(),
            Form::Number {
                slider: true,
                unit: a_rt(&s).unit
            }
        );
        let from = controls(&s, NONE, ENGINES)
            .into_iter()
            .find(|c| c.key == "from")
            .unwrap();
        assert_eq!(
            from.form(),
            Form::Number {
                slider: false,
                unit: "B"
            }
        );
    }

    /// Labels are set as the papers set them: after `_`, letters and digits are a subscript.
    #[test]
    fn labels_take_their_subscripts() {
        let part = |t: &str, sub| (t.to_string(), sub);
        assert_eq!(
            label_parts("t_st (alpha)"),
            [part("t", false), part("st", true), part(" (alpha)", false)]
        );
        assert_eq!(
            label_parts("a_p + a_c"),
            [
                part("a", false),
                part("p", true),
                part(" + a", false),
                part("c", true)
            ]
        );
        assert_eq!(label_parts("x < y_"), [part("x < y_", false)]);
    }

    /// A cluster's own nodes are its controls' values, each said to be its own or assumed
    /// (the core's `collective::node_default`).
    #[test]
    fn a_cluster_s_own_nodes_are_its_controls_defaults() {
        let s = Scenario::from_query("machine=csd3-ib&pattern=allreduce").unwrap();
        let report = commcalc_core::evaluate(&s).unwrap();
        assert_eq!(
            current(&s, Some(&report), "ppn", NONE),
            Current::Number(Some(32.0))
        );
        let controls = node_controls(&s);
        let ppn = controls.iter().find(|c| c.key == "ppn").unwrap();
        assert!(
            ppn.source.contains("its own") && ppn.source.contains("--ntasks-per-node=32"),
            "{}",
            ppn.source
        );
        assert!(controls.iter().any(|c| c.key == "intra_alpha"));
        let facts = collective_facts(&s, Some(&report));
        let intra = facts.iter().find(|(id, _)| *id == "intra").unwrap();
        assert!(intra.1.contains("(assumed)"), "{}", intra.1);
        let placed = facts.iter().find(|(id, _)| *id == "own-placement").unwrap();
        assert!(
            placed.1.starts_with("Ranks placed 32 a node"),
            "{}",
            placed.1
        );

        let juno = Scenario::from_query("machine=juno-eth&pattern=allreduce&p=4&ppn=2").unwrap();
        let report = commcalc_core::evaluate(&juno).unwrap();
        let facts = collective_facts(&juno, Some(&report));
        let intra = facts.iter().find(|(id, _)| *id == "intra").unwrap();
        assert!(
            intra.1.contains("(its own)") && intra.1.contains("juno-shm"),
            "{}",
            intra.1
        );
    }

    /// The size and range help of every offered scenario names bytes once: "in bytes of
    /// bytes" read as a slip.
    #[test]
    fn the_size_help_says_bytes_once() {
        for o in commcalc_core::patterns::offered() {
            let s = Scenario::from_query(&o.query()).unwrap();
            for c in controls(&s, NONE, ENGINES)
                .iter()
                .filter(|c| matches!(c.key, "size" | "from" | "to"))
            {
                assert_eq!(
                    c.source.matches("bytes").count(),
                    1,
                    "{}: {}",
                    o.query(),
                    c.source
                );
            }
        }
    }

    use commcalc_core::evaluate;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// The ping-pong's controls are what it reads: the exchange's α_x and β_x, parameters of
    /// the same set, would only be refused there.
    #[test]
    fn paragon_pingpong_has_size_range_and_nx_parameters() {
        let s = scenario("machine=intel-paragon&pattern=pingpong");
        let keys: Vec<_> = controls(&s, NONE, ENGINES).iter().map(|c| c.key).collect();
        assert_eq!(keys, ["size", "from", "to", "alpha", "beta"]);
        let r = evaluate(&s).unwrap();
        assert_eq!(
            current(&s, Some(&r), "alpha", NONE),
            Current::Number(Some(146.0))
        );
        assert_eq!(
            current(&s, Some(&r), "size", NONE),
            Current::Number(Some(1e4))
        );
        assert!(is_used(&r, "alpha") && !is_used(&r, "alpha_x"));
        assert!(!is_set(&s, "alpha", NONE));
        let s = s.with("alpha", "150").unwrap();
        assert_eq!(
            current(&s, None, "alpha", NONE),
            Current::Number(Some(150.0))
        );
        assert!(is_set(&s, "alpha", NONE));
    }

    /// Every value a slider offers is an edit the page takes, the evaluation included, for
    /// every control of every machine × pattern × model: no fractional byte (a size slider once
    /// gave 12.2 B), nothing out of range, no zero rate (β = 0 gave "no finite value" on 31
    /// views) and no odd p where the pattern pairs processors (the SP2's and the Paragon's
    /// disjoint pairs).
    #[test]
    fn a_reduction_shows_gamma_with_its_value_and_rule() {
        let s = scenario("machine=custom&pattern=allreduce");
        let gammas: Vec<Control> = controls(&s, NONE, ENGINES)
            .into_iter()
            .filter(|c| c.key == "gamma")
            .collect();
        assert_eq!(gammas.len(), 1);
        assert!(gammas[0].source.contains("assumed"), "{}", gammas[0].source);
        let report = commcalc_core::evaluate(&s).unwrap();
        assert_eq!(
            current(&s, Some(&report), "gamma", NONE),
            Current::Number(Some(commcalc_core::catalog::ASSUMED_GAMMA.value))
        );
        let delta = scenario("machine=intel-delta&pattern=reduce");
        let report = commcalc_core::evaluate(&delta).unwrap();
        assert_eq!(
            current(&delta, Some(&report), "gamma", NONE),
            Current::Number(Some(0.25 / 8.0))
        );
        let broadcast = scenario("machine=custom&pattern=broadcast");
        assert!(controls(&broadcast, NONE, ENGINES)
            .iter()
            .all(|c| c.key != "gamma"));
        let own = scenario("machine=custom&pattern=allreduce&model=piecewise");
        assert_eq!(
            controls(&own, NONE, ENGINES)
                .iter()
                .filter(|c| c.key == "gamma")
                .count(),
            1
        );
    }

    /// ppn is an input of every collective costed by the MPI algorithms, one rank a node
    /// unless given; ppn > 1 brings the node's α and β at the core's assumed values, said on
    /// screen with the core's reason until both are given.
    #[test]
    fn a_collective_offers_ppn_and_then_the_node_keys() {
        let keys = |s: &Scenario| {
            controls(s, NONE, ENGINES)
                .into_iter()
                .map(|c| c.key)
                .collect::<Vec<_>>()
        };
        let one = scenario("machine=custom&pattern=allreduce&p=64");
        let k = keys(&one);
        assert!(k.contains(&"ppn") && !k.contains(&"intra_alpha"), "{k:?}");
        let ppn = controls(&one, NONE, ENGINES)
            .into_iter()
            .find(|c| c.key == "ppn")
            .unwrap();
        assert!(!ppn.is_parameter, "an input beside p and the size");
        let report = commcalc_core::evaluate(&one).unwrap();
        assert_eq!(
            current(&one, Some(&report), "ppn", NONE),
            Current::Number(Some(1.0))
        );
        assert!(collective_facts(&one, Some(&report))
            .iter()
            .all(|(id, _)| *id != "intra"));

        let nodes = scenario("machine=custom&pattern=allreduce&p=64&ppn=32");
        let k = keys(&nodes);
        assert!(
            k.contains(&"intra_alpha") && k.contains(&"intra_beta"),
            "{k:?}"
        );
        let report = commcalc_core::evaluate(&nodes).unwrap();
        assert_eq!(
            current(&nodes, Some(&report), "intra_alpha", NONE),
            Current::Number(Some(ASSUMED_NODE.0))
        );
        let facts = collective_facts(&nodes, Some(&report));
        let intra = facts.iter().find(|(id, _)| *id == "intra").unwrap();
        assert!(intra.1.contains(ASSUMED_NODE_REASON), "{}", intra.1);
        let gamma = facts.iter().find(|(id, _)| *id == "gamma").unwrap();
        assert!(
            gamma
                .1
                .contains(commcalc_core::catalog::ASSUMED_GAMMA.reason),
            "{}",
            gamma.1
        );

        let given = scenario(
            "machine=custom&pattern=broadcast&p=64&ppn=24&intra_alpha=0.5&intra_beta=0.0001",
        );
        let report = commcalc_core::evaluate(&given).unwrap();
        let facts = collective_facts(&given, Some(&report));
        let ids: Vec<&str> = facts.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, ["placement"], "{facts:?}");
        // Not a collective: no node keys.
        assert!(!keys(&scenario("machine=custom&pattern=pingpong")).contains(&"ppn"));
    }

    /// The calculator's module asks the core with no engines (`app::CALCULATOR`), so that it
    /// links neither: a scenario of the papers' closed forms is read as with both, and one
    /// that needs an engine (handed over to the full module) offers what it declares, unread.
    #[test]
    fn the_core_is_asked_with_the_module_s_engines() {
        let keys = |q: &str, engines| -> Vec<&str> {
            (controls(&scenario(q), NONE, engines).iter())
                .map(|c| c.key)
                .collect()
        };
        let pingpong = "machine=intel-paragon&pattern=pingpong";
        assert_eq!(keys(pingpong, Engines::NONE), keys(pingpong, ENGINES));
        let allreduce = "machine=intel-delta&pattern=allreduce";
        let (read, declared) = (keys(allreduce, ENGINES), keys(allreduce, Engines::NONE));
        assert!(
            declared.iter().any(|k| !read.contains(k)),
            "{read:?} {declared:?}"
        );
    }

    #[test]
    fn every_slider_value_is_accepted_by_the_core() {
        use crate::edit::{apply, Edit};
        use crate::slider::{plain, STEPS};
        let mut refused = Vec::new();
        for o in commcalc_core::patterns::offered() {
            let q = o.query();
            let s = scenario(&q);
            for c in controls(&s, NONE, ENGINES) {
                let Kind::Number { slider: Some(sl) } = c.kind else {
                    continue;
                };
                // Every step near the ends (where zero and the smallest p sit), a dense sample
                // between.
                let steps = (0..=STEPS).filter(|pos| *pos < 8 || *pos > STEPS - 8 || pos % 13 == 0);
                for pos in steps {
                    let v = plain(sl.value(pos));
                    // The edit a slider makes (the depth resizes the hit list).
                    if let Err(e) = apply(&s, Edit::Set(c.key, &v)) {
                        refused.push(format!("{q}: {}={v} at step {pos}: {e:?}", c.key));
                    }
                }
            }
        }
        assert!(
            refused.is_empty(),
            "{} refused:\n{}",
            refused.len(),
            refused.join("\n")
        );
    }

    /// A parameter measured as part of a sum and the sum (the SP2's a_c of a_rt, the Paragon's
    /// a_c of a_pc): with either one anywhere its slider goes, every value the other's slider
    /// offers is an edit the page takes, the evaluation included. A slider over the catalog's
    /// range alone offered the SP2's a_rt below a_c, half its travel, which the evaluation
    /// refused; both now read `ParamSet::bounds`.
    #[test]
    fn the_sliders_of_a_sum_and_its_part_offer_only_what_evaluates() {
        use crate::edit::{apply, Edit};
        use crate::slider::{plain, STEPS};
        let value_at = |s: &Scenario, key: &str, pos: u32| {
            controls(s, NONE, ENGINES)
                .into_iter()
                .find_map(|c| match c.kind {
                    Kind::Number { slider: Some(sl) } if c.key == key => Some(plain(sl.value(pos))),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("no slider for {key}"))
        };
        let mut checked = 0;
        for m in MACHINES {
            for set in m.sets.iter().filter(|set| !set.parts.is_empty()) {
                // A pattern that reads the part: on a ping-pong the SP2's and the Paragon's a_c
                // cancel out and are not offered.
                let pattern = match set.model {
                    Model::Hyperbolic => "multigrid",
                    _ => "pingpong",
                };
                let q = format!(
                    "machine={}&pattern={pattern}&model={}",
                    m.id,
                    set.model.id()
                );
                let s = scenario(&q);
                // A range the machine lacks (a two-range fit's third) offers no slider.
                let offered = |key: &str| controls(&s, NONE, ENGINES).iter().any(|c| c.key == key);
                for &(part, whole) in set.parts {
                    if !(offered(part) && offered(whole)) {
                        continue;
                    }
                    for (moved, other) in [(part, whole), (whole, part)] {
                        for at in [0, STEPS / 2, STEPS] {
                            let v = value_at(&s, moved, at);
                            let moved_s = apply(&s, Edit::Set(moved, &v))
                                .unwrap_or_else(|e| panic!("{q}&{moved}={v}: {e:?}"));
                            for pos in (0..=STEPS).step_by(37).chain([STEPS]) {
                                let w = value_at(&moved_s, other, pos);
                                if let Err(e) = apply(&moved_s, Edit::Set(other, &w)) {
                                    panic!("{q}&{moved}={v}: {other}={w} at step {pos}: {e:?}");
                                }
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 0, "no set declares a part of a sum");
    }

    #[test]
    fn choices_and_mesh_come_from_the_declarations() {
        let s = scenario("machine=intel-delta&pattern=global-combine");
        let cs = controls(&s, NONE, ENGINES);
        let algo = cs.iter().find(|c| c.key == "algo").unwrap();
        assert!(matches!(&algo.kind, Kind::Choice(o) if o.len() == 4));
        assert!(cs.iter().any(|c| c.key == "mesh" && c.kind == Kind::Mesh));
        let r = evaluate(&s).unwrap();
        assert_eq!(
            current(&s, Some(&r), "mesh", NONE),
            Current::Mesh(Some((16, 16)))
        );
        assert_eq!(
            current(&s, Some(&r), "f", NONE),
            Current::Text(Some("nominal".into()))
        );
        // The Paragon has no algorithm choice for h-relations: no empty select.
        let s = scenario("machine=intel-paragon&pattern=h-relation");
        assert!(!controls(&s, NONE, ENGINES).iter().any(|c| c.key == "algo"));
    }

    /// Table-driven parameters (001 Table 1) show the row the report used.
    #[test]
    fn table_parameters_show_the_row_used() {
        let s = scenario("machine=intel-paragon&pattern=h-relation&p=16");
        let r = evaluate(&s).unwrap();
        assert_eq!(
            current(&s, Some(&r), "l", NONE),
            Current::Number(Some(4.3e3))
        );
        assert_eq!(current(&s, None, "l", NONE), Current::Number(None));
        let l = controls(&s, NONE, ENGINES)
            .into_iter()
            .find(|c| c.key == "l")
            .unwrap();
        assert!(l.reset_to.contains("001 Table 1"), "{}", l.reset_to);
    }

    #[test]
    fn machines_group_by_paper_with_custom_last() {
        let groups = machine_groups();
        let labels: Vec<_> = groups.iter().map(|(l, _)| &l[..3]).collect();
        assert_eq!(labels, ["000", "001", "002", "003", "004", "Tod", "You"]);
        let today = &groups[5];
        assert_eq!(today.0, TODAY_LABEL);
        assert!(today.1.iter().all(|m| m.provenance.is_some()));
        assert!(today.1.iter().any(|m| m.id == "csd3-ib"));
        assert_eq!(
            groups[6].1.iter().map(|m| m.id).collect::<Vec<_>>(),
            ["custom"]
        );
        assert_eq!(
            groups.iter().map(|(_, m)| m.len()).sum::<usize>(),
            MACHINES.len()
        );
    }

    #[test]
    fn paragon_offers_nx_and_mpi_for_pingpong() {
        let m = commcalc_core::catalog::machine("intel-paragon").unwrap();
        let p = commcalc_core::patterns::pattern("pingpong").unwrap();
        let labels: Vec<_> = model_choices(m, p).into_iter().map(|(_, l)| l).collect();
        assert_eq!(labels, ["NX (hockney)", "MPI (hyperbolic)"]);
        let delta = commcalc_core::catalog::machine("intel-delta").unwrap();
        let unsupported = pattern_choices(delta)
            .into_iter()
            .filter(|(_, why)| why.is_some())
            .count();
        assert!(unsupported > 0);
    }

    /// The fitted machine is described as fitted, once: not also as the custom machine's
    /// "starting from round values"; a machine of today by the runs it was fitted to.
    #[test]
    fn a_fitted_machine_is_described_as_fitted_only() {
        let custom = commcalc_core::Scenario::from_query("machine=custom")
            .unwrap()
            .machine;
        let (text, cite) = machine_about(custom, Some("ib"));
        let both = format!("{text} {cite}");
        assert!(
            both.starts_with("ib: ") && both.contains("fitted to your measurements"),
            "{both}"
        );
        assert!(!both.contains(custom.description), "{both}");
        let (text, _) = machine_about(custom, None);
        assert_eq!(text, custom.description);
        let csd3 = commcalc_core::catalog::machine("csd3-ib").unwrap();
        let (text, cite) = machine_about(csd3, None);
        assert_eq!(text, csd3.description);
        let p = csd3.provenance.unwrap();
        assert!(
            cite.contains(p.cluster) && cite.contains(p.upstream),
            "{cite}"
        );
    }
}
