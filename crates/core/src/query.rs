//! The query language: one string for the URL, the CLI, embeds and tests.
//! `Scenario::from_query` validates and reports every problem at once; `Scenario::to_query`
//! prints the canonical form, which parses back to the same scenario.

use crate::catalog::{self, Machine};
use crate::context::PatternDef;
use crate::error::{Error, Errors};
use crate::inputs::{Inputs, Key};
use crate::models::atm::Link;
use crate::models::nbl::FSet;
use crate::models::Model;
use crate::patterns::{self, collective};
use crate::scenario::Scenario;
use crate::traffic::query::{TrafficInputs, TrafficKey};
use crate::units::{parse_number, parse_size};

/// The largest size accepted anywhere, 10¹² bytes: beyond any machine in the papers by orders
/// of magnitude, and far from f64's limits.
pub const MAX_BYTES: f64 = 1e12;
/// Processor counts accepted.
pub const P_RANGE: (u32, u32) = (2, 4096);
/// Counts of bsp_put calls accepted (002 eq. 22's k).
pub const K_RANGE: (u32, u32) = (1, 1_000_000);

const FIXED_KEYS: [&str; 5] = ["machine", "pattern", "model", "from", "to"];

impl Scenario {
    /// Parses and validates a query. Every problem is reported, each naming its key.
    pub fn from_query(query: &str) -> Result<Scenario, Errors> {
        let (scenario, errors) = Scenario::from_query_lenient(query);
        match (scenario, errors.is_empty()) {
            (Some(s), true) => Ok(s),
            _ => Err(Errors(errors)),
        }
    }

    /// Parses what it can: a scenario built from every valid key (defaults for the bad ones) and
    /// the list of problems. The web app shows the problems and keeps the user's valid state.
    /// The scenario is `None` only when no machine/pattern pair could be formed at all.
    pub fn from_query_lenient(query: &str) -> (Option<Scenario>, Vec<Error>) {
        let mut errors = Vec::new();
        let pairs = split(query, &mut errors);
        let get = |k: &str| {
            pairs
                .iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.as_str())
        };

        let (machine, pattern) = machine_and_pattern(get("machine"), get("pattern"), &mut errors);
        let Some(default_model) = pattern.default_model(machine) else {
            return (None, errors);
        };
        let model = model_of(get("model"), machine, pattern, default_model, &mut errors);

        let mut inputs = Inputs::default();
        let mut overrides = Vec::new();
        for (key, value) in &pairs {
            if matches!(key.as_str(), "machine" | "pattern" | "model") {
                continue;
            }
            if let Err(e) = apply(
                key,
                value,
                machine,
                pattern,
                model,
                &mut inputs,
                &mut overrides,
            ) {
                errors.push(e);
            }
        }
        if let (Some(from), Some(to)) = (inputs.from, inputs.to) {
            if from >= to {
                errors.push(Error::invalid(
                    "to",
                    to,
                    format!("a size above from={from}"),
                ));
                inputs.to = None;
            }
        }
        traffic_keys::drop_conflicts(&mut inputs.traffic, &mut errors);
        overrides.sort_by(|a, b| a.0.cmp(b.0));
        (
            Some(Scenario {
                machine,
                pattern,
                model,
                inputs,
                overrides,
            }),
            errors,
        )
    }

    /// The canonical query: machine, pattern, the model if it is not the default, then the
    /// inputs in the query language's order, then parameter overrides by name.
    pub fn to_query(&self) -> String {
        let mut out = vec![
            format!("machine={}", self.machine.id),
            format!("pattern={}", self.pattern.id),
        ];
        if Some(self.model) != self.pattern.default_model(self.machine) {
            out.push(format!("model={}", self.model.id()));
        }
        let i = &self.inputs;
        let mut push = |k: &str, v: Option<String>| {
            if let Some(v) = v {
                out.push(format!("{k}={v}"));
            }
        };
        push("size", i.size.map(num));
        push("data", i.data.map(num));
        push("p", i.p.map(|p| p.to_string()));
        push("mesh", i.mesh.map(|(w, h)| format!("{w}x{h}")));
        push("n", i.n.map(num));
        push("h", i.h.map(num));
        push("algo", i.algo.map(str::to_string));
        push("f", i.f.map(|f| f.id().to_string()));
        push("k", i.k.map(|k| k.to_string()));
        push("link", i.link.map(|l| l.id().to_string()));
        for (key, value) in traffic_keys::pairs(&i.traffic) {
            push(key, Some(value));
        }
        push("from", i.from.map(num));
        push("to", i.to.map(num));
        for (name, v) in &self.overrides {
            out.push(format!("{name}={}", num(*v)));
        }
        out.join("&")
    }

    /// This scenario with one key set to a value, validated as a whole: the way every UI edit
    /// is applied, so a slider, a typed number and a pasted URL pass the same checks.
    pub fn with(&self, key: &str, value: &str) -> Result<Scenario, Errors> {
        Scenario::from_query(&self.query_with(key, Some(value)))
    }

    /// This scenario without a key: the input or parameter returns to its default.
    pub fn without(&self, key: &str) -> Scenario {
        // Removing a key from a valid scenario leaves a valid one.
        Scenario::from_query(&self.query_with(key, None)).unwrap_or_else(|_| self.clone())
    }

    /// This scenario on another machine, pattern or model, keeping every input and parameter
    /// that still applies and dropping the rest. Fails only if the new value itself is not
    /// accepted (an unknown id, or a pattern the machine does not offer).
    pub fn switched(&self, key: &str, value: &str) -> Result<Scenario, Errors> {
        let mut query = self.query_with(key, Some(value));
        if key == "machine" {
            // A new machine starts from its own parameters and natural model; a pattern it does
            // not offer falls back to its first one.
            let keep = |k: &str| {
                matches!(k, "machine" | "pattern" | "from" | "to")
                    || Key::all().any(|x| x.id() == k)
            };
            query = query
                .split('&')
                .filter(|kv| kv.split_once('=').is_some_and(|(k, _)| keep(k)))
                .collect::<Vec<_>>()
                .join("&");
        }
        let (scenario, errors) = Scenario::from_query_lenient(&query);
        match (
            scenario,
            errors
                .iter()
                .filter(|e| e.key() == Some(key))
                .cloned()
                .collect::<Vec<_>>(),
        ) {
            (Some(s), own) if own.is_empty() => Ok(s),
            (_, own) if !own.is_empty() => Err(Errors(own)),
            (_, _) => Err(Errors(errors)),
        }
    }

    /// The canonical query with `key` replaced (or removed, for `None`), keeping key order.
    fn query_with(&self, key: &str, value: Option<&str>) -> String {
        let canonical = self.to_query();
        let mut parts: Vec<String> = canonical
            .split('&')
            .filter(|kv| kv.split_once('=').map(|(k, _)| k) != Some(key))
            .map(str::to_string)
            .collect();
        if let Some(v) = value {
            parts.push(format!("{key}={}", encode(v)));
        }
        parts.join("&")
    }

    /// Refuses each of `keys` this scenario was given, with its canonical value and the
    /// `reason` for its key: how a view that reads only part of a query (a map drawn over axes
    /// of its own) says so, rather than ignore the rest.
    pub fn refuse_given(
        &self,
        keys: &[&str],
        reason: impl Fn(&str) -> String,
    ) -> Result<(), Errors> {
        let refused: Vec<Error> = self
            .to_query()
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .filter(|(k, _)| keys.contains(k))
            .map(|(k, v)| Error::Unsupported {
                key: k.to_string(),
                value: v.to_string(),
                reason: reason(k),
            })
            .collect();
        match refused.is_empty() {
            true => Ok(()),
            false => Err(Errors(refused)),
        }
    }

    /// The keys this scenario accepts: fixed keys, the pattern's inputs, the parameters.
    pub fn accepted_keys(
        machine: &Machine,
        pattern: &PatternDef,
        model: Model,
    ) -> Vec<&'static str> {
        let mut keys: Vec<&'static str> = FIXED_KEYS.to_vec();
        keys.extend(pattern.inputs.iter().map(|k| k.id()));
        if let Some(set) = machine.set(model) {
            keys.extend(set.params.iter().map(|p| p.name));
        }
        for p in &collective::PARAMS {
            let takes = collective::is_collective(pattern.id)
                || collective::carried(model, p.name).is_some();
            if takes && !keys.contains(&p.name) {
                keys.push(p.name);
            }
        }
        keys
    }
}

/// How a caller sets the axes of a map drawn over axes of its own (the command line's
/// options): a key of the query that an axis stands for is refused with the axis's name.
#[derive(Clone, Copy, Debug)]
pub struct Axes {
    /// What sets the map's columns (`--p LIST`, `--lengths N`).
    pub columns: &'static str,
    /// What sets its rows (`--sizes FROM:TO`, `--meshes N`).
    pub rows: &'static str,
}

/// Whether `query` gives `key` at all, before it is validated: a command that must be told
/// the pattern tells a missing one from the query language's default.
pub fn gives(query: &str, key: &str) -> bool {
    query
        .trim()
        .trim_start_matches('?')
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .any(|(k, _)| decode(k).trim() == key)
}

/// Percent-encodes the characters that would end a value early.
fn encode(v: &str) -> String {
    v.replace('%', "%25")
        .replace('&', "%26")
        .replace('=', "%3D")
        .replace('+', "%2B")
        .replace('#', "%23")
}

/// The shortest decimal that reads back to the same f64 (Rust's `Display` for f64).
fn num(v: f64) -> String {
    format!("{v}")
}

/// The query's machine and pattern (defaults where absent), each wrong one reported and
/// replaced: an unknown id, or a pattern the machine does not support.
fn machine_and_pattern(
    machine: Option<&str>,
    pattern: Option<&str>,
    errors: &mut Vec<Error>,
) -> (&'static Machine, &'static PatternDef) {
    let machine = match machine {
        None => Some(default_machine()),
        Some(id) => catalog::machine(id).or_else(|| {
            errors.push(Error::invalid(
                "machine",
                id,
                format!("one of {}", catalog::machine_ids().join(", ")),
            ));
            None
        }),
    };
    let pattern = match pattern {
        None => None,
        Some(id) => patterns::pattern(id).or_else(|| {
            errors.push(Error::invalid(
                "pattern",
                id,
                format!("one of {}", patterns::pattern_ids().join(", ")),
            ));
            None
        }),
    };
    let machine = machine.unwrap_or(default_machine());
    let pattern = match pattern {
        Some(p) => match p.unsupported_on(machine) {
            None => p,
            Some(reason) => {
                errors.push(Error::Unsupported {
                    key: "pattern".into(),
                    value: p.id.into(),
                    reason,
                });
                default_pattern(machine)
            }
        },
        None => default_pattern(machine),
    };
    (machine, pattern)
}

/// The query's model, or the pattern's default on the machine with an error naming the
/// models accepted.
fn model_of(
    id: Option<&str>,
    machine: &'static Machine,
    pattern: &'static PatternDef,
    default_model: Model,
    errors: &mut Vec<Error>,
) -> Model {
    match id {
        None => default_model,
        Some(id) => match Model::from_id(id) {
            Some(m) if pattern.models_on(machine).any(|x| x == m) => m,
            other => {
                let ok: Vec<_> = pattern.models_on(machine).map(Model::id).collect();
                let why = other.and_then(|m| pattern.excluded_because(machine, m));
                errors.push(Error::invalid(
                    "model",
                    id,
                    format!(
                        "for {} on {}: {}{}",
                        pattern.id,
                        machine.id,
                        ok.join(", "),
                        why.map(|w| format!(" ({w})")).unwrap_or_default()
                    ),
                ));
                default_model
            }
        },
    }
}

/// The traffic pattern's keys (`TrafficInputs`): read, checked against each other and printed
/// by every program built with the `traffic-keys` feature (the default). The web page's
/// calculator module is built without it: it hands the traffic pattern over to the full module
/// (which has the feature), and so leaves out the keys' parsing, their messages and the
/// simulator's configuration checks.
#[cfg(feature = "traffic-keys")]
mod traffic_keys {
    use super::*;

    /// Parses one key's value, checking what the value alone can tell.
    pub fn set(
        traffic: &mut TrafficInputs,
        key: TrafficKey,
        value: &str,
        _: &PatternDef,
    ) -> Result<(), Error> {
        traffic.set(key, value)
    }

    /// The keys' rules between each other: each conflict is reported and settled by dropping
    /// one key, so that every other key given stands (the defaults always pass).
    ///
    /// A key given that breaks a rule is reported and dropped; the stack's depth counts as
    /// given where `hit` sets it (its number of values: the page's depth field does so), and
    /// is reported as `stack`, the depth being what is wrong. The depth and a list of that many
    /// values are one stack, so dropping either drops both: `stack=2&hit=0.6,0.6` is one
    /// problem, the sum; a depth refused says that its list goes with it. A depth that differs
    /// from the list is dropped alone.
    ///
    /// A key left at its default can break a rule too (count's 3000 with `dim=12&per=node`:
    /// 12 288 000 messages). That default is no one's value to drop, and dropping everything
    /// would lose the keys given in silence, so the key given whose dropping settles the rule
    /// is dropped, the last in canonical order (`per` before `dim`), and named with the rule.
    /// Its message gives the default's value only where no one gave the key: after
    /// `count=5000` is refused, the 3000 that stands in is a value no one gave.
    ///
    /// A depth given with a `hit` list whose own value was refused (`stack=3&hit=0.5,,0.2`) is
    /// dropped with it, unreported: "hit has 0 values" would be about a list no one gave.
    pub fn drop_conflicts(traffic: &mut TrafficInputs, errors: &mut Vec<Error>) {
        let refused =
            |k: TrafficKey, errors: &[Error]| errors.iter().any(|e| e.key() == Some(k.id()));
        let hit_refused = refused(TrafficKey::Hit, errors);
        let named: Vec<TrafficKey> = TrafficKey::ALL
            .into_iter()
            .filter(|k| given(traffic, *k) || refused(*k, errors))
            .collect();
        // Each pass drops at least one key given, so the loop ends with the defaults at worst.
        for _ in 0..=TrafficKey::ALL.len() {
            let Err((key, e)) = traffic.check() else {
                return;
            };
            if given(traffic, key) {
                let depth = key == TrafficKey::Stack;
                if !(depth && hit_refused) {
                    let list_too = depth && traffic.hit.is_some() && one_stack(traffic);
                    errors.push(if list_too { with_its_list(e) } else { e });
                }
                drop_key(traffic, key);
            } else {
                let culprit = settling(traffic, key);
                errors.push(dropped_for(traffic, culprit, key, named.contains(&key), e));
                drop_key(traffic, culprit);
            }
        }
        debug_assert!(traffic.check().is_ok(), "{traffic:?}");
    }

    /// Whether the query gives `key`: the stack's depth is given by a `hit` list too.
    fn given(traffic: &TrafficInputs, key: TrafficKey) -> bool {
        let listed = traffic.pairs().iter().any(|(k, _)| *k == key.id());
        listed || (key == TrafficKey::Stack && traffic.hit.is_some())
    }

    /// Whether the depth is the hit list's: not given apart, or equal to its number of values.
    fn one_stack(traffic: &TrafficInputs) -> bool {
        let values = traffic.hit.as_ref().map_or(0, Vec::len);
        traffic.stack.is_none_or(|d| d as usize == values)
    }

    /// A depth's refusal that says its hit list goes with it: where only `hit` was given, the
    /// refused `stack` is that list's length.
    fn with_its_list(e: Error) -> Error {
        match e {
            Error::InvalidValue {
                key,
                value,
                expected,
            } => Error::InvalidValue {
                key,
                value,
                expected: format!(
                    "{expected}; the depth is the number of hit probabilities b₁,…,bₙ, and hit goes with it"
                ),
            },
            other => other,
        }
    }

    /// Drops a key; the depth and a hit list of that many values go together (one stack).
    fn drop_key(traffic: &mut TrafficInputs, key: TrafficKey) {
        let depth_of_list = one_stack(traffic);
        traffic.clear(key);
        match key {
            TrafficKey::Hit => traffic.clear(TrafficKey::Stack),
            TrafficKey::Stack if depth_of_list => traffic.clear(TrafficKey::Hit),
            _ => {}
        }
    }

    /// The key given to drop when `key`, at its default, breaks a rule: the last in canonical
    /// order whose dropping settles that rule (the check then passes, or fails on another
    /// key), else the last given.
    fn settling(traffic: &TrafficInputs, key: TrafficKey) -> TrafficKey {
        let candidates: Vec<TrafficKey> = (TrafficKey::ALL.into_iter().rev())
            .filter(|k| *k != key && given(traffic, *k))
            .collect();
        let settles = |k: &TrafficKey| {
            let mut without = traffic.clone();
            drop_key(&mut without, *k);
            without.check().err().is_none_or(|(other, _)| other != key)
        };
        let first = candidates.first().copied().unwrap_or(key);
        candidates.into_iter().find(settles).unwrap_or(first)
    }

    /// The refusal of `culprit`, a key given, dropped because `key`'s default breaks a rule
    /// with it (`e`). The default's value is shown only where the query did not name `key`.
    fn dropped_for(
        traffic: &TrafficInputs,
        culprit: TrafficKey,
        key: TrafficKey,
        key_named: bool,
        e: Error,
    ) -> Error {
        let (default, expected) = match e {
            Error::InvalidValue {
                value, expected, ..
            } => (value, expected),
            other => (String::new(), other.to_string()),
        };
        let k = key.id();
        let reason = match key_named {
            true => format!(
                "not accepted, as {k}'s default does not go with it either: expected {expected}"
            ),
            false => format!(
                "not accepted, as {k} is not given and its default, {default}, does not go with it: expected {expected}"
            ),
        };
        let value = traffic
            .pairs()
            .into_iter()
            .find(|(k, _)| *k == culprit.id());
        Error::Unsupported {
            key: culprit.id().into(),
            value: value.map(|(_, v)| v).unwrap_or_default(),
            reason,
        }
    }

    /// The keys given, in canonical order and form.
    pub fn pairs(traffic: &TrafficInputs) -> Vec<(&'static str, String)> {
        traffic.pairs()
    }
}

/// Without the `traffic-keys` feature no traffic key is read, so the scenario's are always
/// the defaults. A traffic key of another pattern is reported as any key the pattern does not
/// take (`apply`, without reading its value); one of the traffic pattern is this program's to
/// hand over ([`Error::Elsewhere`]).
#[cfg(not(feature = "traffic-keys"))]
mod traffic_keys {
    use super::*;

    pub fn set(
        _: &mut TrafficInputs,
        key: TrafficKey,
        value: &str,
        pattern: &PatternDef,
    ) -> Result<(), Error> {
        match pattern.takes(Key::Traffic(key)) {
            true => Err(Error::Elsewhere {
                key: key.id().into(),
                value: value.into(),
                needs: "the traffic pattern's keys",
            }),
            false => Ok(()),
        }
    }

    pub fn drop_conflicts(_: &mut TrafficInputs, _: &mut Vec<Error>) {}

    pub fn pairs(_: &TrafficInputs) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

fn default_machine() -> &'static Machine {
    catalog::machine("intel-paragon").unwrap_or(&catalog::MACHINES[0])
}

fn default_pattern(machine: &Machine) -> &'static PatternDef {
    patterns::PATTERNS
        .iter()
        .find(|p| p.unsupported_on(machine).is_none())
        .unwrap_or(&patterns::PATTERNS[0])
}

/// Splits `a=1&b=2` (a leading `?` is allowed), decoding `%xx` and `+`.
fn split(query: &str, errors: &mut Vec<Error>) -> Vec<(String, String)> {
    let query = query.trim().trim_start_matches('?');
    let mut out: Vec<(String, String)> = Vec::new();
    for fragment in query.split('&').filter(|f| !f.is_empty()) {
        let Some((k, v)) = fragment.split_once('=') else {
            errors.push(Error::Syntax {
                fragment: fragment.to_string(),
            });
            continue;
        };
        let (k, v) = (decode(k).trim().to_string(), decode(v).trim().to_string());
        if out.iter().any(|(key, _)| *key == k) {
            errors.push(Error::Duplicate { key: k });
            continue;
        }
        out.push((k, v));
    }
    out
}

/// Percent-decoding of a URL query component (`+` is a space); a malformed escape stays as
/// written so that the error message shows what the user typed. Public for the web app's
/// page keys, which share the address bar with the scenario.
pub fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| {
                s.get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
            })
            .flatten();
        match (bytes[i], escaped) {
            (_, Some(v)) => {
                out.push(v);
                i += 3;
            }
            (b'+', None) => {
                out.push(b' ');
                i += 1;
            }
            (b, None) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn apply(
    key: &str,
    value: &str,
    machine: &Machine,
    pattern: &PatternDef,
    model: Model,
    inputs: &mut Inputs,
    overrides: &mut Vec<(&'static str, f64)>,
) -> Result<(), Error> {
    match key {
        "from" => inputs.from = Some(bytes(key, value, "the curve's first size in bytes")?),
        "to" => inputs.to = Some(bytes(key, value, "the curve's last size in bytes")?),
        _ => match Key::all().find(|k| k.id() == key) {
            Some(input) => {
                // The value is checked before the pattern's inputs, so that `p=-3` is reported
                // as a bad number even where the pattern takes no p.
                let mut scratch = inputs.clone();
                set_input(input, value, machine, pattern, &mut scratch)?;
                if !pattern.takes(input) {
                    let takes: Vec<_> = pattern.inputs.iter().map(|k| k.id()).collect();
                    return Err(Error::Unsupported {
                        key: key.into(),
                        value: value.into(),
                        reason: format!(
                            "pattern {} does not take {key}; it takes {}, from, to",
                            pattern.id,
                            takes.join(", ")
                        ),
                    });
                }
                *inputs = scratch;
            }
            None => overrides.push(parameter(key, value, machine, pattern, model)?),
        },
    }
    Ok(())
}

/// A size in bytes (or elements, or words): a whole number from 1 to `MAX_BYTES`. Nothing
/// smaller than a byte, an element or a word is sent, so a fraction is rejected rather than
/// shown as milli-bytes; a suffix that lands on a whole number up to rounding (`12.7k`,
/// `1.1M`) is that whole number.
fn bytes(key: &str, value: &str, what: &str) -> Result<f64, Error> {
    let whole = parse_size(value).and_then(|v| {
        let r = v.round();
        ((v - r).abs() <= 1e-9 * r.max(1.0)).then_some(r)
    });
    match whole {
        Some(v) if (1.0..=MAX_BYTES).contains(&v) => Ok(v),
        _ => Err(Error::invalid(key, value, size_accepted(what))),
    }
}

/// What a size key accepts, in words: the message of every rejected size.
fn size_accepted(what: &str) -> String {
    format!("{what}: a whole number from 1 to 10¹², optionally with k, M, G, Ki, Mi or Gi")
}

fn count(key: &str, value: &str, (lo, hi): (u32, u32), what: &str) -> Result<u32, Error> {
    value
        .parse::<u32>()
        .ok()
        .filter(|v| (lo..=hi).contains(v))
        .ok_or_else(|| {
            Error::invalid(
                key,
                value,
                format!("{what}: a whole number from {lo} to {hi}"),
            )
        })
}

fn set_input(
    input: Key,
    value: &str,
    machine: &Machine,
    pattern: &PatternDef,
    inputs: &mut Inputs,
) -> Result<(), Error> {
    let key = input.id();
    match input {
        Key::Size => inputs.size = Some(bytes(key, value, "a message size in bytes")?),
        Key::Data => inputs.data = Some(bytes(key, value, "a data size in bytes")?),
        Key::N => inputs.n = Some(bytes(key, value, "a vector length in elements")?),
        Key::H => inputs.h = Some(bytes(key, value, "h in words")?),
        Key::P => inputs.p = Some(count(key, value, P_RANGE, "processors")?),
        Key::K => inputs.k = Some(count(key, value, K_RANGE, "bsp_put calls")?),
        Key::Mesh => {
            let bad = || {
                Error::invalid(
                    key,
                    value,
                    "W×H (e.g. 16x16), each at least 1, with 2 to 4096 nodes",
                )
            };
            let (w, h) = value.split_once(['x', 'X', '×']).ok_or_else(bad)?;
            let (w, h): (u32, u32) = (
                w.trim().parse().map_err(|_| bad())?,
                h.trim().parse().map_err(|_| bad())?,
            );
            let nodes = u64::from(w) * u64::from(h);
            if w == 0 || h == 0 || !(2..=4096).contains(&nodes) {
                return Err(bad());
            }
            inputs.mesh = Some((w, h));
        }
        Key::Algo => {
            let algos = (pattern.algos)(machine);
            let found = algos.iter().copied().find(|a| *a == value);
            inputs.algo = Some(found.ok_or_else(|| {
                if algos.is_empty() {
                    Error::Unsupported {
                        key: key.into(),
                        value: value.into(),
                        reason: format!("{} on {} has no algorithm choice", pattern.id, machine.id),
                    }
                } else {
                    Error::invalid(key, value, format!("one of {}", algos.join(", ")))
                }
            })?);
        }
        Key::F => {
            let found = FSet::ALL.into_iter().find(|f| f.id() == value);
            inputs.f = Some(found.ok_or_else(|| {
                Error::invalid(key, value, "one of standard, nominal, fitted, testjig")
            })?);
        }
        Key::Link => {
            let found = Link::ALL.into_iter().find(|l| l.id() == value);
            inputs.link = Some(found.ok_or_else(|| Error::invalid(key, value, "paper or exact"))?);
        }
        Key::Traffic(k) => traffic_keys::set(&mut inputs.traffic, k, value, pattern)?,
    }
    Ok(())
}

/// A parameter override: a name of the machine's parameter set for the model, within the
/// parameter's range.
fn parameter(
    key: &str,
    value: &str,
    machine: &Machine,
    pattern: &PatternDef,
    model: Model,
) -> Result<(&'static str, f64), Error> {
    let param = machine
        .set(model)
        .and_then(|s| s.param(key))
        .or_else(|| {
            collective::is_collective(pattern.id)
                .then(|| collective::param(key))
                .flatten()
        })
        .or_else(|| collective::carried(model, key))
        .ok_or_else(|| Error::UnknownKey {
            key: key.into(),
            value: value.into(),
            accepted: Scenario::accepted_keys(machine, pattern, model).join(", "),
        })?;
    let v = parse_number(value).ok_or_else(|| {
        Error::invalid(
            key,
            value,
            format!("{} in {}: a finite number ≥ 0", param.symbol, param.unit),
        )
    })?;
    if v < param.range.0 || v > param.range.1 {
        return Err(Error::invalid(
            key,
            value,
            format!(
                "{} from {} to {} {} ({})",
                param.name, param.range.0, param.range.1, param.unit, param.source
            ),
        ));
    }
    Ok((param.name, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A traffic key on a pattern that does not take it is refused by name, and the rest of
    /// the query stands: with the traffic keys, or without them (the web page's calculator
    /// module, which does not read the value).
    #[test]
    fn a_traffic_key_of_another_pattern_is_refused_by_name() {
        let (scenario, errors) =
            Scenario::from_query_lenient("machine=intel-ipsc&pattern=pingpong&dim=3&size=100");
        let scenario = scenario.expect("a scenario without the refused key");
        assert_eq!(scenario.inputs.size, Some(100.0));
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].key(), Some("dim"));
        assert!(
            errors[0].to_string().contains("does not take dim"),
            "{}",
            errors[0]
        );
    }

    /// Without the traffic keys, a key of the traffic pattern is another program's to read:
    /// the calculator module hands the pattern over to the full module.
    #[cfg(not(feature = "traffic-keys"))]
    #[test]
    fn without_the_traffic_keys_the_traffic_pattern_s_keys_are_elsewhere() {
        let (_, errors) = Scenario::from_query_lenient("machine=intel-ipsc&pattern=traffic&dim=3");
        assert!(
            matches!(&errors[..], [Error::Elsewhere { key, .. }] if key == "dim"),
            "{errors:?}"
        );
        let s = Scenario::from_query("machine=intel-ipsc&pattern=traffic").unwrap();
        assert_eq!(s.to_query(), "machine=intel-ipsc&pattern=traffic");
    }
}
