//! The page's address: the scenario's query plus the few keys that say which view is
//! open and what it shows beyond the scenario. The core rejects keys it does not know, so
//! these are taken out before the rest reaches `Scenario::from_query_lenient`.
//!
//! - `view`: `compare`, `validate`, `regimes`, `collectives`, `traffic` or `import`; absent
//!   for the calculator. The collectives and traffic views keep everything in the scenario
//!   (machine, collective, p, size; the simulator's keys), so their address is the scenario's
//!   query and `view=collectives` or `view=traffic`.
//! - `axes`: the charts' axes, `log-linear` or `linear`; absent for log–log.
//! - `edit`: in the compare view, which compared scenario (from 1) the scenario panel edits;
//!   absent for the first.
//! - `c`: a compared scenario, once per scenario in order, its query written with `;` for `&`
//!   so that it reads as it is typed (`c=machine=intel-ipsc;pattern=pingpong`); a
//!   percent-encoded query is read as well.
//! - `set`: the validation data set shown: a paper's, or `fitted` for the fitted machine's own
//!   points (a fixed word, since the address names the machine already: its parameters are the
//!   scenario's keys and its name is `fitted`; the points themselves stay in the browser that
//!   kept them), or `collective` for the collective check of the kept machine `fitted` names
//!   (its collective run against the prediction, computed again from the runs kept with it).
//! - `fa`, `fb`: the f(L) sets of the two regime maps.
//! - `bp`: the processors of the Paragon bulk-transfer chart in the regimes view.
//! - `fitted`: the name of the fitted machine the scenario's `custom` machine stands for
//!   (`fitted=my+machine+(fitted,+OSU+latency+5.6.3)`), shown in the machine picker and the
//!   compare view; its parameters are the scenario's own keys, so the link reproduces it.
//! - `embed=1`: the page is embedded in a course page: only the view's charts and results, and
//!   the controls named by `show` (`show=size,p`), without tabs or pickers; `rows` names the
//!   result rows it keeps (`rows=time_us,n_half_bytes`; all of them without it).
//! - `asked`: what the person asked the calculator's module for that only the full module
//!   carries (`asked=explain`, `share`, `view` for a tab, or an export's id: `asked.rs`); the
//!   full module does it once it has drawn and the key leaves the address.

use commcalc_core::compare::MAX_SCENARIOS;
use commcalc_core::figures::{BULK, REGIME_MAP_SETS};
use commcalc_core::models::nbl::FSet;
use commcalc_core::query::decode;
use commcalc_core::{validation, Scenario};

use crate::asked::Asked;
use crate::chart::Scale;
use crate::problem::Problem;
use crate::view::View;

/// What the address says besides the scenario. Every field is valid: `parse` reports and
/// drops what is not.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub view: View,
    /// The compared scenarios, at most [`MAX_SCENARIOS`].
    pub compare: Vec<Scenario>,
    /// Which of `compare` the scenario panel edits (from 0).
    pub edited: usize,
    /// The charts' axes.
    pub axes: Scale,
    /// The validation data set's id.
    pub set: &'static str,
    /// The f(L) sets of the left and right regime maps.
    pub maps: [FSet; 2],
    /// The processors of the regimes view's bulk-transfer chart: one of 001's table rows.
    pub bulk_p: u32,
    /// The name of the fitted machine that the `custom` machine stands for, if any.
    pub fitted: Option<String>,
    /// Embedded in another page (`embed=1`).
    pub embed: bool,
    /// The controls an embedded page keeps, by query key, in the order given.
    pub show: Vec<String>,
    /// The result rows an embedded page keeps, by metric key; all of them when empty.
    pub rows: Vec<String>,
    /// What the calculator's module was asked for and hands over (`asked=`), until it is done.
    pub asked: Option<Asked>,
}

impl Default for Page {
    fn default() -> Page {
        Page {
            view: View::Calculator,
            compare: Vec::new(),
            edited: 0,
            axes: Scale::default(),
            set: validation::ids().first().copied().unwrap_or(""),
            maps: REGIME_MAP_SETS,
            bulk_p: BULK.sizes[0],
            fitted: None,
            embed: false,
            show: Vec::new(),
            rows: Vec::new(),
            asked: None,
        }
    }
}

/// The keys this module takes out of the address.
const PAGE_KEYS: [&str; 13] = [
    "view", "c", "edit", "axes", "set", "fa", "fb", "bp", "fitted", "embed", "show", "rows",
    "asked",
];

/// The longest name a fitted machine may have, in characters.
pub const MAX_FITTED_NAME: usize = 80;

/// Splits an address's query into the page's keys and the scenario's query, with a problem for
/// each page key that is wrong (named by its key: `c2` for the second compared scenario).
pub fn parse(search: &str) -> (Page, String, Vec<Problem>) {
    let mut page = Page::default();
    let mut rest = Vec::new();
    let mut problems = Vec::new();
    let mut bad = |key: &str, message: String| {
        problems.push(Problem {
            key: key.to_string(),
            message,
        })
    };
    let query = search.trim().trim_start_matches('?');
    for fragment in query.split('&').filter(|f| !f.is_empty()) {
        let (key, value) = fragment.split_once('=').unwrap_or((fragment, ""));
        let key = decode(key);
        if !PAGE_KEYS.contains(&key.trim()) {
            rest.push(fragment);
            continue;
        }
        let value = decode(value);
        let value = value.trim();
        read_key(&mut page, key.trim(), value, &mut bad);
    }
    if page.edited >= page.compare.len().max(1) {
        problems.push(Problem {
            key: "edit".into(),
            message: format!(
                "edit: there is no compared scenario {}; the first is edited",
                page.edited + 1
            ),
        });
        page.edited = 0;
    }
    (page, rest.join("&"), problems)
}

/// Reads one page key's value into `page`, or calls `bad` with the key and why it is refused.
fn read_key(page: &mut Page, key: &str, value: &str, bad: &mut dyn FnMut(&str, String)) {
    match key {
        "view" => match View::ALL.into_iter().find(|v| v.id() == value) {
            Some(v) => page.view = v,
            None => bad(
                "view",
                format!("view: unknown view \"{value}\"; accepted: compare, validate, regimes, collectives, traffic, import (or none for the calculator)"),
            ),
        },
        "c" => {
            let n = page.compare.len() + 1;
            let key = format!("c{n}");
            if n > MAX_SCENARIOS {
                bad(&key, format!("c: at most {MAX_SCENARIOS} scenarios are compared; the rest are left out"));
                return;
            }
            match Scenario::from_query(&value.replace(';', "&")) {
                Ok(s) => page.compare.push(s),
                Err(e) => bad(&key, format!("compared scenario {n} (c={value}) is left out: {e}")),
            }
        }
        "axes" => match Scale::from_id(value) {
            Some(a) => page.axes = a,
            None => bad(
                "axes",
                format!(
                    "axes: unknown axes \"{value}\"; accepted: {} (or none for log–log)",
                    Scale::ALL.map(Scale::id).join(", ")
                ),
            ),
        },
        "edit" => match value.parse::<usize>() {
            Ok(n) if (1..=MAX_SCENARIOS).contains(&n) => page.edited = n - 1,
            _ => bad(
                "edit",
                format!("edit: \"{value}\" is not a compared scenario; accepted: 1 to {MAX_SCENARIOS}"),
            ),
        },
        "set" => match set_ids().find(|id| *id == value) {
            Some(id) => page.set = id,
            None => bad(
                "set",
                format!(
                    "set: unknown data set \"{value}\"; accepted: {} (the fitted machine's own points, its collective check)",
                    set_ids().collect::<Vec<_>>().join(", ")
                ),
            ),
        },
        "bp" => {
            if let Some(p) = bulk_size(value, bad) {
                page.bulk_p = p;
            }
        }
        "embed" => match value {
            "1" => page.embed = true,
            "0" => page.embed = false,
            _ => bad("embed", format!("embed: \"{value}\" is not accepted; accepted: 1 (embedded) or 0")),
        },
        "fitted" => match fitted_name(value) {
            Some(name) => page.fitted = Some(name),
            None => bad(
                "fitted",
                format!("fitted: \"{value}\" is not a machine name; accepted: 1 to {MAX_FITTED_NAME} characters, no control characters"),
            ),
        },
        "show" => page.show = list(value),
        "rows" => page.rows = list(value),
        "asked" => page.asked = asked(value, bad),
        side => match FSet::ALL.into_iter().find(|f| f.id() == value) {
            Some(f) => page.maps[usize::from(side == "fb")] = f,
            None => bad(side, format!("{side}: unknown f(L) set \"{value}\"; accepted: {}", FSet::ALL.map(FSet::id).join(", "))),
        },
    }
}

/// What an `asked=` value asks for, or `None` after calling `bad` with why it is refused.
fn asked(value: &str, bad: &mut dyn FnMut(&str, String)) -> Option<Asked> {
    Asked::parse(value).map_err(|why| bad("asked", why)).ok()
}

/// The bulk-transfer chart's machine size a `bp=` value names, or `None` after calling `bad`
/// with the sizes the chart draws and the tables that give them (`figures::BULK`).
fn bulk_size(value: &str, bad: &mut dyn FnMut(&str, String)) -> Option<u32> {
    let p = value.parse::<u32>().ok().filter(|p| BULK.sizes.contains(p));
    if p.is_none() {
        bad(
            "bp",
            format!(
                "bp: \"{value}\" is not one of the {} sizes both tables give ({}); accepted: {}",
                BULK.machine_name(),
                BULK.sizes_source,
                BULK.sizes.map(|p| p.to_string()).join(", ")
            ),
        );
    }
    p
}

/// The value of `set` for a kept machine's collective check: a fixed word, since `fitted`
/// names the machine and the runs stay in the browser that kept them.
pub const COLLECTIVE_ID: &str = "collective";

/// The values of `set`: the papers' data sets, then the fitted machine's own points and its
/// collective check.
pub fn set_ids() -> impl Iterator<Item = &'static str> {
    validation::ids()
        .into_iter()
        .chain([validation::FITTED_ID, COLLECTIVE_ID])
}

/// The data set Validate shows when it is opened from its tab: the fitted machine's own
/// points when the scenario is a fitted machine, else the set shown before (a paper's one:
/// the fitted set has nothing to show without a fitted machine).
pub fn set_on_open(page: &Page, scenario: &Scenario) -> &'static str {
    if page.fitted.is_some() && scenario.machine.id == "custom" {
        validation::FITTED_ID
    } else if page.set == validation::FITTED_ID || page.set == COLLECTIVE_ID {
        Page::default().set
    } else {
        page.set
    }
}

/// A fitted machine's name as the address gives it, if it is one.
fn fitted_name(value: &str) -> Option<String> {
    let n = value.chars().count();
    ((1..=MAX_FITTED_NAME).contains(&n) && !value.chars().any(char::is_control))
        .then(|| value.to_string())
}

/// The address (`?` and [`print`]) of `page` on `scenario`: every link the page writes to
/// one of its own views is written so, as its own address is.
pub fn link(page: &Page, scenario: &Scenario) -> String {
    format!("?{}", print(page, scenario))
}

/// The address of a view of one scenario, under the fitted machine's name where it is the
/// custom machine (`fitted=`).
pub fn named_link(view: View, scenario: &Scenario, fitted: Option<&str>) -> String {
    let page = Page {
        view,
        fitted: fitted.map(str::to_string),
        ..Page::default()
    };
    link(&page, scenario)
}

/// The Compare view of these canonical queries (`c=`, `;` for `&`), under the fitted
/// machine's name where one of them is the custom machine; `None` where a query is not a
/// scenario or there is none.
pub fn compare_link<'a>(
    queries: impl IntoIterator<Item = &'a str>,
    fitted: Option<&str>,
) -> Option<String> {
    let compare = queries
        .into_iter()
        .map(Scenario::from_query)
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    let first = compare.first()?.clone();
    let page = Page {
        view: View::Compare,
        compare,
        fitted: fitted.map(str::to_string),
        ..Page::default()
    };
    Some(link(&page, &first))
}

/// A page key's value percent-encoded where it would end the value or read as a space.
fn encode_value(v: &str) -> String {
    v.replace('%', "%25")
        .replace('&', "%26")
        .replace('=', "%3D")
        .replace('+', "%2B")
        .replace('#', "%23")
        .replace(' ', "+")
}

/// What the picker, the compare view and the title call a scenario's machine: the fitted
/// machine's name for the `custom` machine of a page that names one.
pub fn machine_label(fitted: Option<&str>, s: &Scenario) -> String {
    match fitted {
        Some(name) if s.machine.id == "custom" => name.to_string(),
        _ => s.machine.name.to_string(),
    }
}

/// A comma-separated list of keys.
fn list(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(String::from)
        .collect()
}

/// The address's query for a page and its scenario: the scenario's canonical query, then the
/// keys the view needs (and only those, so that a calculator link stays a plain scenario).
pub fn print(page: &Page, scenario: &Scenario) -> String {
    let mut parts = Vec::new();
    match page.view {
        View::Calculator => parts.push(scenario.to_query()),
        View::Compare => {
            parts.push(format!("view={}", page.view.id()));
            for s in &page.compare {
                parts.push(format!("c={}", s.to_query().replace('&', ";")));
            }
            if page.edited > 0 {
                parts.push(format!("edit={}", page.edited + 1));
            }
        }
        // The fitted machine's sets need the machine: its parameters, and its name below.
        View::Validate if page.set == validation::FITTED_ID || page.set == COLLECTIVE_ID => {
            parts.push(scenario.to_query());
            parts.push(format!("view={}&set={}", page.view.id(), page.set));
        }
        View::Validate => {
            parts.push(format!("view={}&set={}", page.view.id(), page.set));
        }
        View::Import => parts.push(format!("view={}", page.view.id())),
        View::Collectives | View::Traffic => {
            parts.push(scenario.to_query());
            parts.push(format!("view={}", page.view.id()));
        }
        View::Regimes => {
            parts.push(scenario.to_query());
            parts.push(format!(
                "view={}&fa={}&fb={}&bp={}",
                page.view.id(),
                page.maps[0].id(),
                page.maps[1].id(),
                page.bulk_p
            ));
        }
    }
    if let Some(name) = page
        .fitted
        .as_ref()
        .filter(|_| names_custom(page, scenario))
    {
        parts.push(format!("fitted={}", encode_value(name)));
    }
    if page.axes != Scale::default() && page.view != View::Validate {
        parts.push(format!("axes={}", page.axes.id()));
    }
    if page.embed {
        parts.push("embed=1".into());
        if !page.show.is_empty() {
            parts.push(format!("show={}", page.show.join(",")));
        }
        if !page.rows.is_empty() {
            parts.push(format!("rows={}", page.rows.join(",")));
        }
    }
    if let Some(asked) = page.asked {
        parts.push(format!("asked={}", asked.id()));
    }
    parts.join("&")
}

/// Whether the view shows a `custom` machine the fitted name can stand for.
fn names_custom(page: &Page, scenario: &Scenario) -> bool {
    let custom = |s: &Scenario| s.machine.id == "custom";
    match page.view {
        View::Calculator | View::Regimes | View::Collectives | View::Traffic => custom(scenario),
        View::Compare => page.compare.iter().any(custom),
        // The collective check is computed from the kept runs, whatever the scenario.
        View::Validate => {
            (page.set == validation::FITTED_ID && custom(scenario)) || page.set == COLLECTIVE_ID
        }
        View::Import => false,
    }
}

/// The document's title: the view and what it shows, then the app's name, so that a tab, a
/// bookmark or the history names the page ("Ping-pong on Intel Paragon · Calculator —
/// commcalc"). `set_title` names a paper's validation data set (building the sets is the
/// validation view's code, which the calculator's module does not carry: it gives `None`, and
/// the set's id stands in until the full module takes over).
pub fn title(page: &Page, scenario: &Scenario, set_title: fn(&str) -> Option<String>) -> String {
    let on = |s: &Scenario| {
        format!(
            "{} on {}",
            s.pattern.title,
            machine_label(page.fitted.as_deref(), s)
        )
    };
    let what = match page.view {
        View::Calculator | View::Regimes | View::Collectives | View::Traffic => on(scenario),
        View::Compare => page
            .compare
            .iter()
            .map(|s| machine_label(page.fitted.as_deref(), s))
            .collect::<Vec<_>>()
            .join(" vs "),
        View::Validate if page.set == validation::FITTED_ID => format!(
            "{}: your run against its fit",
            page.fitted.as_deref().unwrap_or("your fitted machine")
        ),
        View::Validate if page.set == COLLECTIVE_ID => format!(
            "{}: its collective run against the prediction",
            page.fitted.as_deref().unwrap_or("your kept machine")
        ),
        View::Validate => set_title(page.set).unwrap_or_else(|| page.set.to_string()),
        View::Import => "your own measurements".to_string(),
    };
    format!("{what} · {} — commcalc", page.view.title())
}

/// The metric keys of a scenario's results table, in its order: the time and bandwidth at
/// the query's size, then the pattern's metrics.
pub fn result_keys(scenario: &Scenario) -> Vec<&'static str> {
    ["time_us", "bandwidth_MBps"]
        .into_iter()
        .chain(scenario.pattern.metrics.iter().copied())
        .collect()
}

/// Problems with `show` and `rows`: the control keys the scenario does not accept and the
/// result rows its pattern does not have, each named with the accepted ones (checked once the
/// scenario is known).
pub fn check_show(page: &Page, scenario: &Scenario) -> Vec<Problem> {
    let controls = Scenario::accepted_keys(scenario.machine, scenario.pattern, scenario.model);
    let rows = result_keys(scenario);
    let unknown = |key: &'static str, what: &str, given: &[String], accepted: &[&str]| {
        given
            .iter()
            .filter(|k| !accepted.contains(&k.as_str()))
            .map(|k| Problem {
                key: key.into(),
                message: format!(
                    "{key}: this scenario has no {what} \"{k}\"; accepted: {}",
                    accepted.join(", ")
                ),
            })
            .collect::<Vec<_>>()
    };
    let mut out = unknown("show", "control", &page.show, &controls);
    out.extend(unknown("rows", "result row", &page.rows, &rows));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation_plot::set_title;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    const FITTED: &str =
        "machine=custom&pattern=pingpong&alpha=1.1&beta=0.0001&fitted=my+cluster+(fitted,+OSU+5.6.3)";

    #[test]
    fn the_fitted_name_travels_with_the_parameters() {
        let (page, rest, problems) = parse(&format!("?{FITTED}"));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            page.fitted.as_deref(),
            Some("my cluster (fitted, OSU 5.6.3)")
        );
        let s = scenario(&rest);
        assert_eq!(
            machine_label(page.fitted.as_deref(), &s),
            "my cluster (fitted, OSU 5.6.3)"
        );
        assert_eq!(print(&page, &s), FITTED);
        assert_eq!(
            title(&page, &s, set_title),
            "Ping-pong on my cluster (fitted, OSU 5.6.3) · Calculator — commcalc"
        );
        // Beside the Paragon, only the custom machine takes the name.
        let compare = format!(
            "view=compare&c={}&c=machine=intel-paragon;pattern=pingpong&fitted=a%26b+%2B+c",
            rest.replace('&', ";")
        );
        let (page, _, problems) = parse(&compare);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            machine_label(page.fitted.as_deref(), &page.compare[1]),
            "Intel Paragon"
        );
        assert_eq!(
            machine_label(page.fitted.as_deref(), &page.compare[0]),
            "a&b + c"
        );
        assert_eq!(print(&page, &page.compare[0]), compare);
        // An embedded page carries the name too.
        let embedded = Page {
            embed: true,
            ..page.clone()
        };
        assert!(print(&embedded, &page.compare[0]).ends_with("&fitted=a%26b+%2B+c&embed=1"));
        // A catalog machine drops the name from the address.
        let calculator = Page {
            fitted: Some("mine".into()),
            ..Page::default()
        };
        assert_eq!(
            print(&calculator, &scenario("machine=intel-paragon")),
            "machine=intel-paragon&pattern=pingpong"
        );
    }

    /// `set=fitted` carries the machine (its parameters and name) as the calculator does; a
    /// paper's set does not; the tab chooses the fitted set on a fitted machine.
    #[test]
    fn the_fitted_set_carries_its_machine() {
        let address = format!(
            "{}&view=validate&set=fitted&fitted=my+cluster",
            &FITTED[..FITTED.find("&fitted").unwrap()]
        );
        let (page, rest, problems) = parse(&address);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            (page.view, page.set),
            (View::Validate, validation::FITTED_ID)
        );
        let s = scenario(&rest);
        assert_eq!(print(&page, &s), address);
        assert_eq!(
            title(&page, &s, set_title),
            "my cluster: your run against its fit · Validate — commcalc"
        );
        let paper = Page {
            set: "atm-separate",
            ..page.clone()
        };
        assert_eq!(print(&paper, &s), "view=validate&set=atm-separate");
        // Opened from the tab: the fitted set on the fitted machine, a paper's set elsewhere.
        assert_eq!(set_on_open(&paper, &s), validation::FITTED_ID);
        let paragon = scenario("machine=intel-paragon");
        assert_eq!(set_on_open(&paper, &paragon), "atm-separate");
        assert_eq!(set_on_open(&page, &paragon), Page::default().set);
        let unnamed = Page {
            fitted: None,
            ..page.clone()
        };
        assert_eq!(set_on_open(&unnamed, &s), Page::default().set);
        // A bad set names the accepted ones, the fitted one among them.
        let (page, _, problems) = parse("?view=validate&set=nosuch");
        assert_eq!(page.set, Page::default().set);
        assert_eq!(problems[0].key, "set");
        assert!(
            problems[0]
                .message
                .contains("paragon-bpram-ell, fitted, collective (the fitted machine's own points, its collective check)"),
            "{problems:?}"
        );
    }

    /// `set=collective` names the kept machine whatever the scenario (its check is computed
    /// from the kept runs), with the machine's parameters where the scenario is it.
    #[test]
    fn the_collective_set_names_its_machine() {
        let address = format!(
            "{}&view=validate&set=collective&fitted=my+cluster",
            &FITTED[..FITTED.find("&fitted").unwrap()]
        );
        let (page, rest, problems) = parse(&address);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!((page.view, page.set), (View::Validate, COLLECTIVE_ID));
        let s = scenario(&rest);
        assert_eq!(print(&page, &s), address);
        assert_eq!(
            title(&page, &s, set_title),
            "my cluster: its collective run against the prediction · Validate — commcalc"
        );
        let (page, rest, _) = parse("?view=validate&set=collective&fitted=my+cluster");
        assert!(print(&page, &scenario(&rest))
            .ends_with("&view=validate&set=collective&fitted=my+cluster"));
        // Opened from the tab on a catalog machine: a paper's set.
        assert_eq!(
            set_on_open(&page, &scenario("machine=intel-paragon")),
            Page::default().set
        );
    }

    #[test]
    fn a_bad_fitted_name_is_reported_and_dropped() {
        let long = "x".repeat(MAX_FITTED_NAME + 1);
        for bad in ["", long.as_str(), "a%0Ab"] {
            let (page, _, problems) = parse(&format!("?machine=custom&fitted={bad}"));
            assert_eq!(page.fitted, None, "{bad}");
            assert_eq!(problems.len(), 1, "{bad}");
            assert_eq!(problems[0].key, "fitted");
            assert!(
                problems[0].message.contains("1 to 80 characters"),
                "{problems:?}"
            );
        }
    }

    #[test]
    fn a_plain_scenario_is_the_calculator() {
        let (page, rest, problems) = parse("?machine=intel-ipsc&pattern=pingpong");
        assert_eq!(page, Page::default());
        assert_eq!(rest, "machine=intel-ipsc&pattern=pingpong");
        assert!(problems.is_empty());
        assert_eq!(print(&page, &scenario(&rest)), scenario(&rest).to_query());
    }

    #[test]
    fn compared_scenarios_round_trip() {
        let search = "?view=compare&c=machine=intel-ipsc;pattern=pingpong&c=machine%3Dametek-s14%26pattern%3Dpingpong";
        let (page, rest, problems) = parse(search);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(rest, "");
        assert_eq!(page.view, View::Compare);
        assert_eq!(page.compare.len(), 2);
        assert_eq!(page.compare[1].machine.id, "ametek-s14");
        let printed = print(&page, &page.compare[0]);
        assert!(
            printed.starts_with("view=compare&c=machine=intel-ipsc;pattern=pingpong"),
            "{printed}"
        );
        let (again, _, problems) = parse(&printed);
        assert!(problems.is_empty());
        assert_eq!(again, page);
    }

    #[test]
    fn the_collectives_view_keeps_the_whole_scenario_in_the_address() {
        let search = "?machine=intel-paragon&pattern=broadcast&p=16&size=16000&view=collectives";
        let (page, rest, problems) = parse(search);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(page.view, View::Collectives);
        let s = scenario(&rest);
        let printed = print(&page, &s);
        assert_eq!(printed, format!("{}&view=collectives", s.to_query()));
        let (again, rest_again, _) = parse(&printed);
        assert_eq!(again, page);
        assert_eq!(scenario(&rest_again), s);
        assert_eq!(
            title(&page, &s, set_title),
            "Single-node broadcast on Intel Paragon · Collectives — commcalc"
        );
    }

    #[test]
    fn bad_page_keys_are_named_and_the_rest_kept() {
        let search = "view=sideways&c=machine=nosuch&c=machine=intel-ipsc;pattern=pingpong&fa=fast&machine=intel-delta";
        let (page, rest, problems) = parse(search);
        let keys: Vec<&str> = problems.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(keys, ["view", "c1", "fa"]);
        assert!(problems[0].message.contains("compare, validate, regimes"));
        assert!(problems[2].message.contains("standard, nominal"));
        assert_eq!(page.compare.len(), 1);
        assert_eq!(rest, "machine=intel-delta");
    }

    #[test]
    fn at_most_four_scenarios_are_compared() {
        let one = "c=machine=intel-ipsc;pattern=pingpong";
        let search = format!("view=compare&{}", [one; 5].join("&"));
        let (page, _, problems) = parse(&search);
        assert_eq!(page.compare.len(), MAX_SCENARIOS);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].key, "c5");
    }

    #[test]
    fn an_embedded_page_keeps_its_view_and_controls() {
        let s = scenario("machine=intel-paragon&pattern=pingpong&size=12k");
        let page = Page {
            embed: true,
            show: vec!["size".into(), "alpha".into()],
            ..Page::default()
        };
        let printed = print(&page, &s);
        assert!(printed.ends_with("&embed=1&show=size,alpha"), "{printed}");
        let (again, rest, problems) = parse(&printed);
        assert!(problems.is_empty());
        assert_eq!(again, page);
        assert!(check_show(&again, &scenario(&rest)).is_empty());
        let (bad, rest, problems) = parse("machine=intel-paragon&embed=yes&show=size,nosuch");
        assert_eq!(problems.len(), 1);
        assert!(problems[0].message.contains("accepted: 1"));
        let unknown = check_show(&bad, &scenario(&rest));
        assert_eq!(unknown.len(), 1);
        assert!(unknown[0].message.contains("\"nosuch\"") && unknown[0].message.contains("size"));
    }

    /// The calculator's module hands what it was asked for over in the address: it reads
    /// back, and a value that names nothing is refused by name with the accepted ones.
    #[test]
    fn what_was_asked_passes_in_the_address() {
        let (page, rest, problems) = parse("machine=intel-paragon&pattern=pingpong&asked=csv");
        assert_eq!(page.asked, Some(Asked::Export("csv")));
        assert!(problems.is_empty(), "{problems:?}");
        let scenario = Scenario::from_query(&rest).unwrap();
        assert!(print(&page, &scenario).ends_with("&asked=csv"));
        let done = Page {
            asked: None,
            ..page
        };
        assert!(!print(&done, &scenario).contains("asked"));
        let (bad, _, problems) = parse("machine=intel-paragon&asked=print");
        assert_eq!(bad.asked, None);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].key, "asked");
        assert!(problems[0]
            .message
            .contains("accepted: view, explain, share"));
    }

    /// An embed author may keep a few result rows: they round-trip, and an unknown one is
    /// named with the pattern's rows.
    #[test]
    fn an_embedded_page_keeps_its_result_rows() {
        let s = scenario("machine=intel-paragon&pattern=pingpong");
        let page = Page {
            embed: true,
            show: vec!["size".into()],
            rows: vec!["time_us".into(), "n_half_bytes".into()],
            ..Page::default()
        };
        let printed = print(&page, &s);
        assert!(
            printed.ends_with("&show=size&rows=time_us,n_half_bytes"),
            "{printed}"
        );
        let (again, rest, problems) = parse(&printed);
        assert!(problems.is_empty());
        assert_eq!(again, page);
        assert!(check_show(&again, &scenario(&rest)).is_empty());
        let (bad, rest, _) = parse("machine=intel-paragon&embed=1&rows=time_us,fence_us");
        let unknown = check_show(&bad, &scenario(&rest));
        assert_eq!(unknown.len(), 1);
        assert_eq!(unknown[0].key, "rows");
        assert!(unknown[0].message.contains("\"fence_us\""));
        assert!(unknown[0].message.contains("n_half_bytes"));
    }

    /// The axes and the edited compared scenario are in the address, so a reload or a shared
    /// link keeps them.
    #[test]
    fn axes_and_the_edited_scenario_round_trip() {
        let s = scenario("machine=intel-ipsc&pattern=pingpong");
        for axes in Scale::ALL {
            let page = Page {
                axes,
                ..Page::default()
            };
            let printed = print(&page, &s);
            assert_eq!(printed.contains("axes="), axes != Scale::Log, "{printed}");
            let (again, _, problems) = parse(&printed);
            assert!(problems.is_empty());
            assert_eq!(again, page);
        }
        let page = Page {
            view: View::Compare,
            compare: vec![s.clone(), scenario("machine=ametek-s14&pattern=pingpong")],
            edited: 1,
            axes: Scale::LogLinear,
            ..Page::default()
        };
        let printed = print(&page, &s);
        assert!(printed.ends_with("&edit=2&axes=log-linear"), "{printed}");
        let (again, _, problems) = parse(&printed);
        assert!(problems.is_empty());
        assert_eq!(again, page);
        let (bad, _, problems) = parse("axes=semilog&view=compare&c=machine=intel-ipsc&edit=3");
        let keys: Vec<&str> = problems.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(keys, ["axes", "edit"]);
        assert!(problems[0].message.contains("log, log-linear, linear"));
        assert_eq!((bad.axes, bad.edited), (Scale::Log, 0));
    }

    /// The title names the view and what it shows.
    #[test]
    fn the_title_names_the_view_machine_and_pattern() {
        let s = scenario("machine=intel-paragon&pattern=pingpong");
        assert_eq!(
            title(&Page::default(), &s, set_title),
            "Ping-pong on Intel Paragon · Calculator — commcalc"
        );
        let compare = Page {
            view: View::Compare,
            compare: vec![s.clone(), scenario("machine=ibm-sp2&pattern=pingpong")],
            ..Page::default()
        };
        assert!(title(&compare, &s, set_title).starts_with("Intel Paragon vs IBM SP2 · Compare"));
        let validate = Page {
            view: View::Validate,
            ..Page::default()
        };
        let t = title(&validate, &s, set_title);
        assert!(
            t.ends_with("· Validate — commcalc") && t.contains("002"),
            "{t}"
        );
        // Without the data sets (the calculator's module), the set's id stands in.
        let first = Page::default().set;
        assert_eq!(
            title(&validate, &s, |_| None),
            format!("{first} · Validate — commcalc")
        );
    }

    #[test]
    fn regime_maps_keep_their_scenario_and_f_sets() {
        let s = scenario("machine=intel-delta&pattern=global-combine&n=1000");
        let page = Page {
            view: View::Regimes,
            maps: [FSet::Fitted, FSet::Nominal],
            bulk_p: 36,
            ..Page::default()
        };
        let printed = print(&page, &s);
        let (again, rest, problems) = parse(&printed);
        assert!(problems.is_empty());
        assert_eq!(again, page);
        assert_eq!(scenario(&rest), s);
    }

    /// The maps open on the sets 004 compares and the bulk chart on its first size; a size
    /// 001 has in one table only is refused with the sizes both give and their source.
    #[test]
    fn the_regimes_view_opens_on_the_figures_defaults() {
        let (page, _, problems) = parse("view=regimes");
        assert!(problems.is_empty());
        assert_eq!(page.maps, [FSet::Standard, FSet::Nominal]);
        assert_eq!(page.bulk_p, 8);
        let (page, _, problems) = parse("view=regimes&bp=100");
        assert_eq!(page.bulk_p, 8);
        assert_eq!(
            problems[0].message,
            "bp: \"100\" is not one of the Intel Paragon sizes both tables give (001 Table 1, Table 2); accepted: 8, 16, 32, 36, 64"
        );
    }
}
