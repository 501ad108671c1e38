//! The `commcalc` binary as a person or a script runs it: tables, JSON, listings and exit codes.

use std::process::{Command, Output};

use serde_json::Value;

fn commcalc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_commcalc"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run commcalc {args:?}: {e}"))
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs a command that must succeed and returns its stdout.
fn ok(args: &[&str]) -> String {
    let o = commcalc(args);
    assert!(
        o.status.success(),
        "commcalc {args:?} failed: {}",
        stderr(&o)
    );
    assert!(stderr(&o).is_empty(), "stderr: {}", stderr(&o));
    stdout(&o)
}

/// Runs a command that must be rejected: exit code 2, nothing on stdout, a message on stderr.
fn rejected(args: &[&str]) -> String {
    let o = commcalc(args);
    assert_eq!(o.status.code(), Some(2), "commcalc {args:?}: {o:?}");
    assert!(o.stdout.is_empty(), "stdout must be empty: {}", stdout(&o));
    let err = stderr(&o);
    assert!(!err.trim().is_empty(), "no message for {args:?}");
    err
}

const PARAGON: &str = "machine=intel-paragon&pattern=pingpong&size=12.7k";

#[test]
fn eval_prints_a_table_with_units() {
    let out = ok(&["eval", PARAGON]);
    assert!(out.contains("Ping-pong on Intel Paragon"), "{out}");
    // The canonical query: 12.7k is printed as bytes.
    assert!(
        out.contains("query  machine=intel-paragon&pattern=pingpong&size=12700"),
        "{out}"
    );
    // r∞ ≈ 87 MB/s and n½ ≈ 12.7 kB, shown with SI units.
    assert!(out.contains("87 MB/s"), "{out}");
    assert!(out.contains("12.7 kB"), "{out}");
    assert!(out.contains("µs"), "{out}");
    assert!(out.contains("warnings: none"), "{out}");
    assert!(out.contains("curve: 512 points"), "{out}");
    assert!(out.contains("8 shown"), "{out}");
    // Never a raw float such as 100000.0 (docs/models.md, Units).
    assert!(!out.contains(".0 "), "{out}");
}

#[test]
fn eval_table_shows_warnings_and_rows() {
    let out = ok(&[
        "eval",
        "--rows",
        "3",
        "machine=ethernet-now&pattern=all-to-all&p=16",
    ]);
    assert!(out.contains("warnings:\n  ! "), "{out}");
    assert!(out.contains("p = 16"), "{out}");
    assert!(out.contains("3 shown"), "{out}");
}

#[test]
fn eval_json_has_the_report_shape() {
    let out = ok(&["eval", "--json", PARAGON]);
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    let obj = v.as_object().expect("an object");
    let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["curve", "metrics", "query", "warnings"]);
    assert_eq!(
        v["query"],
        "machine=intel-paragon&pattern=pingpong&size=12700"
    );
    let r_inf = v["metrics"]["r_inf_MBps"].as_f64().expect("r_inf_MBps");
    assert!((r_inf - 87.0).abs() < 0.87, "{r_inf}");
    assert!(v["metrics"]["time_us"].is_f64());
    let curve = v["curve"].as_array().expect("curve");
    assert_eq!(curve.len(), 512);
    for p in curve {
        for key in ["size_bytes", "time_us", "bandwidth_MBps"] {
            assert!(p[key].is_f64(), "{key} in {p}");
        }
    }
    assert!(v["warnings"].as_array().is_some_and(Vec::is_empty));
}

#[test]
fn eval_json_points_option() {
    let out = ok(&["eval", "--points=16", "--json", "--", PARAGON]);
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["curve"].as_array().map(Vec::len), Some(16));
}

/// A machine of today lists its nodes: its own facts with their sources, the assumptions
/// said to be assumed; the JSON carries the facts.
#[test]
fn a_cluster_lists_its_nodes() {
    let text = ok(&["machines", "csd3-ib"]);
    assert!(
        text.contains("nodes: ppn 32 (its own: the cluster's own collective runs: 64 ranks")
            && text.contains("--ntasks-per-node=32"),
        "{text}"
    );
    assert!(
        text.contains("within a node: α 150 ns, β 77 ps/B (assumed:"),
        "{text}"
    );
    let juno = ok(&["machines", "juno-eth"]);
    assert!(
        juno.contains("within a node: α 4.02 µs, β 576 ps/B (its own: fitted to juno-shm"),
        "{juno}"
    );
    let v: Value =
        serde_json::from_str(&ok(&["machines", "--json", "clariden-slingshot"])).expect("JSON");
    let nodes = &v["provenance"]["nodes"];
    assert_eq!(nodes["placement"]["ppn"], 4, "{v}");
    assert_eq!(nodes["nics"]["count"], 4, "{v}");
}

#[test]
fn machines_json_lists_the_catalog_with_sources() {
    let v: Value = serde_json::from_str(&ok(&["machines", "--json"])).expect("JSON");
    let list = v.as_array().expect("an array");
    assert_eq!(list.len(), commcalc_core::catalog::MACHINES.len());
    let ids: Vec<&str> = list.iter().filter_map(|m| m["id"].as_str()).collect();
    for id in ["intel-paragon", "atm-sparc20", "intel-delta", "custom"] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    let paragon = list
        .iter()
        .find(|m| m["id"] == "intel-paragon")
        .expect("paragon");
    assert_eq!(paragon["paper"], "001");
    assert!(paragon["models"]
        .as_array()
        .is_some_and(|m| m.contains(&Value::from("hockney"))));
    let nx = paragon["sets"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["model"] == "hockney"))
        .expect("NX set");
    let alpha = nx["parameters"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["name"] == "alpha"))
        .expect("alpha");
    assert_eq!(alpha["value"], 146.0);
    assert_eq!(alpha["unit"], "µs");
    assert_eq!(alpha["source"], "001 §2 eq. 1");

    let one: Value =
        serde_json::from_str(&ok(&["machines", "--json", "intel-delta"])).expect("JSON");
    assert_eq!(one["id"], "intel-delta");
}

#[test]
fn patterns_json_lists_declarations() {
    let v: Value = serde_json::from_str(&ok(&["patterns", "--json"])).expect("JSON");
    let list = v.as_array().expect("an array");
    assert_eq!(list.len(), commcalc_core::patterns::PATTERNS.len());
    for p in list {
        for key in [
            "id", "machines", "models", "inputs", "algos", "metrics", "source",
        ] {
            assert!(!p[key].is_null(), "{key} missing in {}", p["id"]);
        }
    }
    let pairs = list.iter().find(|p| p["id"] == "pairs").expect("pairs");
    assert_eq!(
        pairs["algos"]["ibm-sp2"],
        serde_json::json!(["one-frame", "two-frames"])
    );
    assert!(pairs["metrics"]
        .as_array()
        .is_some_and(|m| m.contains(&Value::from("time_us"))));
}

/// Each pattern's inputs are listed in the core's words (`glossary`), in text and in JSON.
#[test]
fn patterns_say_what_each_input_is() {
    use commcalc_core::glossary;
    use commcalc_core::inputs::Key;
    let pattern = |id: &str| {
        commcalc_core::patterns::PATTERNS
            .iter()
            .find(|p| p.id == id)
            .expect("a pattern")
    };
    let text = ok(&["patterns", "pipelined-send"]);
    let size = glossary::input(Key::Size, pattern("pipelined-send")).expect("words");
    assert!(
        text.contains(&format!("    size  {} (B). {}\n", size.name, size.note)),
        "{text}"
    );
    let v: Value = serde_json::from_str(&ok(&["patterns", "--json", "traffic"])).expect("JSON");
    let words = v["input_words"].as_array().expect("an array");
    let decay = words.iter().find(|w| w["key"] == "decay").expect("decay");
    let expected = glossary::traffic(commcalc_core::traffic::query::TrafficKey::Decay);
    assert_eq!(decay["name"], expected.name.as_str());
    assert_eq!(decay["note"], expected.note.as_str());
    assert_eq!(words.len(), pattern("traffic").inputs.len());
}

#[test]
fn listings_as_text() {
    let machines = ok(&["machines"]);
    assert!(machines.contains("intel-paragon  Intel Paragon (paper 001)"));
    assert!(machines.contains("146 µs"));
    let patterns = ok(&["patterns", "global-combine"]);
    assert!(patterns.starts_with("global-combine"));
    assert!(patterns.contains("tree|snake|fence") || patterns.contains("best|tree"));
}

#[test]
fn help_and_version_succeed() {
    assert!(ok(&["--help"]).contains("eval"));
    assert!(ok(&["eval", "--help"]).contains("Usage: commcalc eval"));
    assert!(ok(&["help", "eval"]).contains("--json"));
    assert!(ok(&["eval", "--help"]).contains("--points"));
    assert!(ok(&["--version"]).starts_with("commcalc "));
}

#[test]
fn a_bad_query_exits_2_naming_the_key() {
    let err = rejected(&["eval", "machine=intel-paragon&pattern=pingpong&size=-5"]);
    assert!(err.contains("size"), "{err}");
    assert!(err.contains("-5"), "{err}");

    let err = rejected(&["eval", "machine=nowhere"]);
    assert!(err.contains("machine"), "{err}");
    assert!(err.contains("intel-paragon"), "accepted values: {err}");

    let err = rejected(&["eval", "--json", "machine=intel-paragon&colour=blue"]);
    assert!(err.contains("colour"), "{err}");

    let err = rejected(&["eval", "machine=jpl-mark3&pattern=pairs"]);
    assert!(err.contains("pattern"), "{err}");
}

#[test]
fn a_query_whose_evaluation_fails_exits_2() {
    // An odd number of processors cannot form disjoint pairs (000 eq. 8).
    let err = rejected(&["eval", "machine=ibm-sp2&pattern=pairs&p=7"]);
    assert!(err.contains('p'), "{err}");
}

#[test]
fn command_line_mistakes_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["eval"],
        &["eval", "a=1", "b=2"],
        &["eval", "--points", "1", PARAGON],
        &["eval", "--nope", PARAGON],
        &["machines", "nowhere"],
        &["patterns", "--nope"],
    ] {
        rejected(args);
    }
    assert!(rejected(&["frobnicate"]).contains("frobnicate"));
    assert!(rejected(&["machines", "nowhere"]).contains("intel-paragon"));
}

const IPSC: &str = "machine=intel-ipsc&pattern=pingpong";
const AMETEK: &str = "machine=ametek-s14&pattern=pingpong";

/// 003 Table 5: t_l 1700 vs 550 µs, t_c 2.83 vs 9.53 µs/B cross at 1150/6.70 = 171.6 B, where
/// both take 550 + 9.53 × 171.6 = 2185.7 µs; the Ametek, with the lower latency, is faster below.
#[test]
fn compare_prints_the_scenarios_and_the_crossover() {
    let out = ok(&["compare", IPSC, AMETEK]);
    assert!(
        out.starts_with("2 scenarios on one axis: message size from 1 B to 1 MB"),
        "{out}"
    );
    assert!(out.contains("#1 Intel iPSC"), "{out}");
    assert!(out.contains(&format!("#1  {IPSC}")), "{out}");
    assert!(out.contains(&format!("#2  {AMETEK}")), "{out}");
    // r∞ = 1/t_c and n½ = t_l/t_c of the iPSC: 353 kB/s and 601 B.
    assert!(out.contains("353 kB/s") && out.contains("601 B"), "{out}");
    assert!(
        out.contains(
            "#1 Intel iPSC vs #2 Ametek S/14: 172 B, 2.19 ms; #2 Ametek S/14 faster below"
        ),
        "{out}"
    );
    assert!(!out.contains(".0 "), "{out}");

    // Out of the crossover's range, and a lone scenario: no crossover.
    let out = ok(&[
        "compare",
        &format!("{IPSC}&from=200"),
        &format!("{AMETEK}&from=200"),
    ]);
    assert!(
        out.contains("crossovers: none between 200 B and 1 MB"),
        "{out}"
    );
    assert!(ok(&["compare", IPSC]).contains("crossovers: none"));
}

#[test]
fn compare_json_has_reports_and_crossovers() {
    let out = ok(&["compare", "--json", "--points", "16", IPSC, AMETEK]);
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    let keys = sorted_keys(&v);
    assert_eq!(
        keys,
        [
            "abscissae",
            "crossovers",
            "from_bytes",
            "notes",
            "scenarios",
            "to_bytes"
        ]
    );
    let scenarios = v["scenarios"].as_array().expect("scenarios");
    assert_eq!(scenarios.len(), 2);
    for (s, q) in scenarios.iter().zip([IPSC, AMETEK]) {
        let mut keys: Vec<&str> = s
            .as_object()
            .expect("report")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["curve", "metrics", "query", "warnings"]);
        assert_eq!(s["query"], q);
        assert_eq!(s["curve"].as_array().map(Vec::len), Some(16));
        assert_eq!(s["curve"][0]["size_bytes"], 1.0);
    }
    assert_eq!(
        (v["from_bytes"].as_f64(), v["to_bytes"].as_f64()),
        (Some(1.0), Some(1e6))
    );
    let crossovers = v["crossovers"].as_array().expect("crossovers");
    assert_eq!(crossovers.len(), 1);
    let c = &crossovers[0];
    assert_eq!((c["a"].as_u64(), c["b"].as_u64()), (Some(0), Some(1)));
    assert_eq!(c["faster_below"].as_u64(), Some(1));
    let size = c["size_bytes"].as_f64().expect("size_bytes");
    assert!((size - 1150.0 / 6.70).abs() < 1e-6, "{size}");
    let time = c["time_us"].as_f64().expect("time_us");
    assert!(
        (time - (550.0 + 9.53 * 1150.0 / 6.70)).abs() < 1e-6,
        "{time}"
    );
}

#[test]
fn compare_reports_every_bad_query_with_its_position() {
    let err = rejected(&[
        "compare",
        IPSC,
        "machine=nowhere",
        "machine=ibm-sp2&pattern=pairs&p=7",
    ]);
    assert!(err.contains("query 2 (`machine=nowhere`)"), "{err}");
    assert!(err.contains("intel-paragon"), "accepted machines: {err}");
    assert!(err.contains("query 3"), "{err}");
    assert!(err.contains("p=7"), "{err}");
    assert!(!err.contains("query 1"), "{err}");

    let err = rejected(&["compare"]);
    assert!(err.contains("1 to 4"), "{err}");
    let err = rejected(&["compare", IPSC, IPSC, IPSC, IPSC, AMETEK]);
    assert!(err.contains(AMETEK) && err.contains("1 to 4"), "{err}");
    rejected(&["compare", "--points", "1", IPSC]);
    rejected(&["compare", "--rows", "3", IPSC]);
}

#[test]
fn regimes_json_is_the_map() {
    let out = ok(&[
        "regimes",
        "--json",
        "--lengths",
        "5",
        "--meshes=3",
        "machine=intel-delta&pattern=global-combine&f=standard",
    ]);
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    let keys = sorted_keys(&v);
    assert_eq!(keys, ["cells", "f", "lengths", "meshes"]);
    assert_eq!(v["f"], "standard", "the query's f(L) set");
    assert_eq!(v["lengths"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["meshes"].as_array().map(Vec::len), Some(3));
    assert_eq!(
        v["meshes"][2],
        serde_json::json!({"width": 16, "height": 32})
    );
    let cells = v["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 15, "row-major, one per length and mesh");
    for cell in cells {
        assert!(["tree", "snake", "fence"].contains(&cell["fastest"].as_str().unwrap_or("")));
        assert!(cell["margin"]
            .as_f64()
            .is_some_and(|m| (0.0..1.0).contains(&m)));
        assert_eq!(cell["times_us"].as_array().map(Vec::len), Some(3));
        assert_eq!(cell["blocks"].as_array().map(Vec::len), Some(3));
    }
    // Without f= the map uses global combining's default, nominal.
    let v: Value = serde_json::from_str(&ok(&[
        "regimes",
        "--json",
        "--lengths=2",
        "--meshes=2",
        "machine=intel-delta",
    ]))
    .expect("JSON");
    assert_eq!(v["f"], "nominal");
}

#[test]
fn regimes_prints_a_grid_and_a_legend() {
    let out = ok(&["regimes", "machine=intel-delta&pattern=global-combine"]);
    assert!(
        out.contains("Intel Touchstone DELTA, f(L) nominal"),
        "{out}"
    );
    assert!(out.contains("128 vector lengths"), "{out}");
    assert!(out.contains("64 × 32 shown"), "{out}");
    assert!(out.contains("T Tree, S Snake, F Fence"), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 32, "{out}");
    assert!(rows[0].trim_start().starts_with("2x2 "), "{out}");
    assert!(rows[31].trim_start().starts_with("16x32 "), "{out}");
    for row in &rows {
        let cells = row.split_whitespace().nth(1).expect("cells");
        assert_eq!(cells.chars().count(), 64, "{row}");
        assert!(cells.chars().all(|c| "TSFtsf".contains(c)), "{row}");
    }
    // 004 §4.1: Tree wins short vectors, Snake long ones (under the nominal model).
    assert!(rows[31]
        .split_whitespace()
        .nth(1)
        .is_some_and(|c| c.starts_with('T') && c.ends_with('S')));
}

#[test]
fn regimes_rejects_machines_without_nbl_and_bad_sizes() {
    let err = rejected(&["regimes", "machine=intel-ipsc"]);
    assert!(
        err.contains("global-combine is defined on intel-delta, custom only"),
        "{err}"
    );
    let err = rejected(&[
        "regimes",
        "machine=intel-delta&pattern=global-combine&f=often",
    ]);
    assert!(err.contains("f=often"), "{err}");
    let err = rejected(&["regimes", "--meshes", "0", "machine=intel-delta"]);
    assert!(err.contains("--meshes"), "{err}");
    rejected(&["regimes"]);
    rejected(&["regimes", "machine=intel-delta", "machine=custom"]);
}

/// The map is of global combining, and its vector lengths and meshes are its axes: another
/// pattern and the query's n, mesh, algo, from and to are refused by name with what to use,
/// rather than printed above a map they did not change; a query without a pattern is of
/// global combining, not of the machine's first pattern.
#[test]
fn regimes_refuses_other_patterns_and_the_keys_its_axes_stand_for() {
    let err = rejected(&["regimes", "machine=intel-delta&pattern=pingpong"]);
    assert!(
        err.contains("`pattern=pingpong` is not accepted: expected global-combine, the pattern the map is of (or no pattern)"),
        "{err}"
    );
    let err = rejected(&[
        "regimes",
        "machine=intel-delta&pattern=global-combine&n=5&mesh=4x4&algo=tree&from=10&to=100",
    ]);
    assert!(err.contains("(5 problems)"), "{err}");
    for key in ["n=5", "from=10", "to=100"] {
        assert!(
            err.contains(&format!("`{key}`: the map's vector lengths are its columns, not read from the query: set how many with --lengths N")),
            "{key}: {err}"
        );
    }
    assert!(err.contains("`mesh=4x4`: the map's meshes are its rows, not read from the query: set how many with --meshes N"), "{err}");
    assert!(
        err.contains("`algo=tree`: the map compares Tree, Snake and Fence: leave algo out"),
        "{err}"
    );
    let out = ok(&[
        "regimes",
        "--lengths",
        "4",
        "--meshes",
        "2",
        "machine=intel-delta",
    ]);
    assert!(
        out.contains("query  machine=intel-delta&pattern=global-combine\n"),
        "{out}"
    );
}

#[test]
fn help_covers_compare_and_regimes() {
    let general = ok(&["--help"]);
    assert!(
        general.contains("crossovers") || general.contains("swap order"),
        "{general}"
    );
    assert!(general.contains("004 Fig. 5"), "{general}");
    assert!(ok(&["compare", "--help"]).contains("Usage: commcalc compare [OPTIONS]"));
    assert!(ok(&["regimes", "--help"]).contains("Usage: commcalc regimes [OPTIONS]"));
    assert!(ok(&["help", "compare"]).contains("crossovers"));
    assert!(ok(&["compare", "--help"]).contains("--points"));
    assert!(ok(&["regimes", "--help"]).contains("--lengths"));
}

/// A JSON object's keys, sorted.
fn sorted_keys(v: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = v
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

/// A real OSU latency run (provenance in tests/data/measurements/README.md).
const OSU_LATENCY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/measurements/csd3-ib-osu_latency.txt"
);
const OSU_BW: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/measurements/alaska-ib-osu_bw.txt"
);

#[test]
fn fit_json_has_the_series_fits_and_a_query_eval_accepts() {
    let out = ok(&["fit", "--json", OSU_LATENCY, OSU_BW]);
    let v: Value = serde_json::from_str(&out).expect("fit --json is JSON");
    json_keys(
        &v,
        &[
            "series",
            "fitted_series",
            "fits",
            "best",
            "query",
            "gamma",
            "runs",
            "warnings",
        ],
    );
    let series = v["series"].as_array().unwrap();
    assert_eq!(series.len(), 2);
    json_keys(
        &series[0],
        &[
            "name",
            "format",
            "benchmark",
            "version",
            "processes",
            "kind",
            "points",
            "skipped",
            "notes",
        ],
    );
    assert_eq!(series[0]["format"], "osu");
    assert_eq!(series[0]["points"][0], serde_json::json!([0.0, 0.98]));
    let fits = &v["fits"];
    for key in [
        "a_us",
        "b_us_per_byte",
        "r_inf_MBps",
        "n_half_bytes",
        "rms_rel_err",
        "max_rel_err",
        "residuals",
    ] {
        assert!(
            fits["hockney"][key].is_number() || fits["hockney"][key].is_array(),
            "hockney.{key}"
        );
    }
    for key in ["breaks_bytes", "pieces", "rms_rel_err", "max_rel_err"] {
        assert!(!fits["piecewise"][key].is_null(), "piecewise.{key}");
    }
    json_keys(
        &fits["piecewise"]["pieces"][0],
        &["from_bytes", "to_bytes", "a_us", "b_us_per_byte"],
    );
    assert!(fits["hyperbolic"]["a_us"].is_number());
    for key in ["L_plus_2o_us", "g_us", "G_us_per_byte"] {
        assert!(fits["loggp"][key].is_number(), "loggp.{key}");
    }
    // The query is the fitted machine, the fit with the least error (here the piecewise one,
    // its last range's β the bandwidth run's): eval reproduces a + b·m of its range at 1 MB.
    let query = v["query"].as_str().unwrap();
    assert_eq!(v["best"]["model"], "piecewise");
    assert_eq!(query, fits["piecewise"]["query"].as_str().unwrap());
    assert_eq!(v["gamma"]["fitted"], false);
    assert!(v["runs"][1]["used_for"]
        .as_str()
        .is_some_and(|r| r.contains("large messages")));
    let last = fits["piecewise"]["pieces"]
        .as_array()
        .unwrap()
        .last()
        .unwrap();
    let (a, b) = (
        last["a_us"].as_f64().unwrap(),
        last["b_us_per_byte"].as_f64().unwrap(),
    );
    let report: Value =
        serde_json::from_str(&ok(&["eval", "--json", &format!("{query}&size=1M")])).unwrap();
    let t = report["metrics"]["time_us"].as_f64().unwrap();
    assert!(
        (t / (a + b * 1e6) - 1.0).abs() < 1e-5,
        "{t} vs {}",
        a + b * 1e6
    );
    // …and compare takes it beside a catalog machine.
    let out = ok(&["compare", query, "machine=intel-paragon&pattern=pingpong"]);
    assert!(out.contains("Custom machine"), "{out}");
}

#[test]
fn fit_prints_series_fits_and_the_query() {
    let out = ok(&["fit", OSU_LATENCY]);
    for want in [
        "OSU MPI Latency Test v5.6.3 — osu 5.6.3 latency, 24 point(s), 0 line(s) not used",
        "hockney     a = ",
        "piecewise   ",
        "hyperbolic  a = ",
        "loggp       L + 2o = ",
        "fitted machine: piecewise, the least rms relative error over the measured sizes (hockney ",
        "query  machine=custom&pattern=pingpong&model=piecewise&alpha=",
        "gamma  300 ps/B, assumed",
        "warnings: none",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
}

/// An OSU allreduce run does not print its p: without `--p` γ stays assumed and the run says
/// why; with it, γ is fitted to the run at that p. A p outside the accepted range is refused.
#[test]
fn fit_takes_the_p_of_an_osu_reduction_run_for_gamma() {
    let allreduce = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/measurements/csd3-ib-osu_allreduce.txt"
    );
    let without = ok(&["fit", OSU_LATENCY, allreduce]);
    assert!(without.contains("gamma  300 ps/B, assumed"), "{without}");
    assert!(
        without.contains("γ needs the run's process count"),
        "{without}"
    );
    let with = ok(&["fit", "--p", "64", OSU_LATENCY, allreduce]);
    assert!(
        with.contains("fitted to") && with.contains("at p = 64"),
        "{with}"
    );
    assert!(!with.contains("gamma  300 ps/B, assumed"), "{with}");
    assert!(rejected(&["fit", "--p", "1", OSU_LATENCY, allreduce]).contains("--p"));
}

/// A `--p` that reaches no run is a warning saying why, in the table and the JSON: there is
/// no collective run, or each prints its own process count (IMB's), which wins.
#[test]
fn fit_warns_when_p_is_not_used() {
    let out = ok(&["fit", "--p", "8", OSU_LATENCY]);
    assert!(
        out.contains("\n  p = 8 was not used: no collective run among the inputs (it gives the process count of the collective runs that do not print theirs, OSU's)\n"),
        "{out}"
    );
    let imb = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/measurements/oci-rdma-imb2021_alltoall_excerpt.txt"
    );
    let v: Value = serde_json::from_str(&ok(&["fit", "--json", "--p", "3", imb])).expect("JSON");
    let warnings = v["warnings"].as_array().expect("warnings");
    assert!(
        warnings.iter().any(|w| w == "p = 3 was not used: each collective run prints its own process count, which wins: IMB Alltoall, 2 processes; IMB Alltoall, 4 processes"),
        "{warnings:?}"
    );
    // Where it is used, nothing is said of it.
    let allreduce = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/measurements/csd3-ib-osu_allreduce.txt"
    );
    assert!(!ok(&["fit", "--p", "64", OSU_LATENCY, allreduce]).contains("--p 64"));
}

#[test]
fn fit_refuses_what_it_cannot_read_or_fit() {
    let dir = Scratch::new("fit");
    let write = |name: &str, bytes: &[u8]| dir.write(name, bytes);
    let empty = write("empty.txt", b"");
    assert!(rejected(&["fit", &empty]).contains("the input is empty"));
    let one = write(
        "one.txt",
        b"# OSU MPI Latency Test v5.6.3\n# Size  Latency (us)\n8  1.0\n",
    );
    let err = rejected(&["fit", &one]);
    assert!(
        err.contains("cannot fit") && err.contains("1 point(s)"),
        "{err}"
    );
    let binary = write("binary.bin", &[0x7f, b'E', b'L', b'F', 0, 0, 1]);
    assert!(rejected(&["fit", &binary]).contains("not text"));
    assert!(rejected(&["fit", "/nonexistent/osu.txt"]).contains("cannot read"));
    assert!(rejected(&["fit"]).contains("needs one or more files"));
    let err = rejected(&["fit", "--format", "xml", OSU_LATENCY]);
    assert!(
        err.contains("'xml'") && err.contains("--format") && err.contains("netgauge"),
        "{err}"
    );
    // Read as IMB, the OSU file has no IMB table.
    assert!(rejected(&["fit", "--format=imb", OSU_LATENCY]).contains("holds no measurement"));
}

/// A file above the limit is read no further than the limit, and the message gives its own
/// size in the limit's unit: 52 MB is 49.6 MiB, above 8 MiB (not "8.4 MB, above 8 MB").
#[test]
fn a_file_above_the_limit_is_measured_in_the_limits_unit() {
    let dir = Scratch::new("big");
    let big = dir.write("big.txt", &vec![b'1'; 52_000_000]);
    let err = rejected(&["fit", &big]);
    assert!(
        err.contains("the input is 49.6 MiB, above the limit of 8 MiB"),
        "{err}"
    );
}

/// Finite but extreme times give no usable machine: refused with the reason, exit 2, rather
/// than `a = inf µs`, `rms NaN %` or a query eval refuses.
#[test]
fn fit_refuses_extreme_data_with_a_reason() {
    let dir = Scratch::new("extreme");
    // Finite times at f64's ends give no usable fit (inf, NaN, or a machine eval refuses).
    for (name, times) in [
        ("huge.csv", ["1e308", "1.5e308", "1.7e308"]),
        ("tiny.csv", ["1e-300", "2e-300", "5e-300"]),
        ("slow.csv", ["1e7", "1.5e7", "1.7e7"]),
    ] {
        let text = format!(
            "size,time_us\n1,{}\n1024,{}\n4096,{}\n",
            times[0], times[1], times[2]
        );
        let err = rejected(&["fit", &dir.write(name, text.as_bytes())]);
        assert!(
            err.contains("cannot fit: the fitted machine is of no use"),
            "{name}: {err}"
        );
    }
}

/// A directory of test files, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("commcalc-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `bytes` to the file `name` in the directory: its path.
    fn write(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Asserts that a JSON object has every one of `keys`.
fn json_keys(v: &Value, keys: &[&str]) {
    let have = sorted_keys(v);
    for k in keys {
        assert!(have.contains(k), "no `{k}` in {have:?}");
    }
}

const TRAFFIC: &str = "machine=intel-ipsc&pattern=traffic&reps=2";

/// Runs a traffic command that must succeed: its stdout, and its stderr, which holds only the
/// simulator's speed.
fn simulated(args: &[&str]) -> (String, String) {
    let o = commcalc(args);
    assert!(o.status.success(), "commcalc {args:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.lines()
            .all(|l| l.starts_with("commcalc: simulated ") && l.contains(" events in ")),
        "stderr: {err}"
    );
    (stdout(&o), err)
}

/// `commcalc traffic` prints the simulation's metrics, the busiest links and the two
/// histograms, and its speed on stderr.
#[test]
fn traffic_prints_results_and_histograms() {
    let (out, err) = simulated(&["traffic", TRAFFIC]);
    assert!(
        err.contains("commcalc: simulated 18760 events in "),
        "{err}"
    );
    assert!(
        out.contains("Synthetic traffic on Intel iPSC — 16-node cube"),
        "{out}"
    );
    assert!(
        out.contains("query  machine=intel-ipsc&pattern=traffic&reps=2"),
        "{out}"
    );
    for key in [
        "completion_us",
        "completion_ci95_us",
        "latency_p99_us",
        "hops_mean",
    ] {
        assert!(out.contains(key), "{key}: {out}");
    }
    assert!(out.contains("links (first replication): 32"), "{out}");
    assert!(out.contains("run lengths (003 Fig. 9"), "{out}");
    assert!(
        out.contains("latency (first replication), 32 bins"),
        "{out}"
    );
}

/// JSON is the eval report plus `traffic`, the full results; `generated` equals
/// `delivered`, and the per-link arrays have one entry per link.
#[test]
fn traffic_json_is_the_report_plus_the_results() {
    let (out, _) = simulated(&["traffic", "--json", TRAFFIC]);
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(
        sorted_keys(&v),
        ["curve", "metrics", "query", "traffic", "warnings"]
    );
    let m = &v["metrics"];
    assert_eq!(m["generated"], m["delivered"]);
    assert_eq!(m["generated"].as_f64(), Some(6000.0));
    assert_eq!(m["time_us"], m["completion_us"]);
    let t = &v["traffic"];
    assert_eq!(t["reps"], 2);
    assert!(t["completion_us"]["ci95"].is_f64());
    assert_eq!(
        t["first"]["link_utilisation"].as_array().map(Vec::len),
        Some(32)
    );
    assert_eq!(
        t["first"]["latency_histogram"]["counts"]
            .as_array()
            .map(Vec::len),
        Some(32)
    );
}

/// A sweep prints one row per value (003 Fig. 7: the sphere's radius), and as JSON one
/// row object each, with the value in its canonical query.
#[test]
fn traffic_sweeps_one_row_per_value() {
    let q = "machine=intel-ipsc&pattern=traffic&spatial=sphere&reps=2";
    let (out, _) = simulated(&["traffic", q, "--sweep", "radius=1:4:4"]);
    assert!(out.contains("sweep  radius=1:4:4"), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(['1', '2', '3', '4']))
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    let (out, _) = simulated(&[
        "traffic",
        "--json",
        "--sweep=hit=0:0.9:3",
        "machine=jpl-mark3&pattern=traffic&stack=1&hit=0&reps=2",
    ]);
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(sorted_keys(&v), ["rows", "sweep"]);
    let rows = v["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 3);
    assert!(rows[2]["query"]
        .as_str()
        .is_some_and(|q| q.contains("hit=0.9")));
    // A depth-1 stack hit with probability 0.9 makes runs of mean about 10 (003 Fig. 9).
    let runs = rows[2]["metrics"]["run_length_mean"]
        .as_f64()
        .expect("runs");
    assert!((runs - 10.0).abs() < 1.5, "{runs}");
}

/// A sweep reads FROM and TO as the query reads its key (`size=1k:4k:4`), refuses ends between
/// two whole numbers for a key of whole numbers, and says when it runs fewer values than its
/// steps, in the table and the JSON.
#[test]
fn traffic_sweeps_say_when_they_run_fewer_values() {
    let q = "machine=intel-ipsc&pattern=traffic&spatial=sphere&count=100&reps=1";
    let note = "4 values, not 10: radius takes whole numbers, and steps that round to the same one run it once";
    let (out, _) = simulated(&["traffic", q, "--sweep", "radius=1:4:10"]);
    assert!(out.contains(&format!("\nnote   {note}\n")), "{out}");
    let (out, _) = simulated(&["traffic", "--json", q, "--sweep", "radius=1:4:10"]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["sweep"]["notes"], serde_json::json!([note]));
    assert_eq!(v["rows"].as_array().map(Vec::len), Some(4));
    let (out, _) = simulated(&["traffic", q, "--sweep", "size=1k:4k:4"]);
    assert!(out.contains("sweep  size=1000:4000:4 on "), "{out}");
    assert!(!out.contains("note "), "{out}");
    let err = rejected(&["traffic", q, "--sweep", "radius=1.5:4:4"]);
    assert!(
        err.contains("FROM and TO whole numbers, as radius takes"),
        "{err}"
    );
}

/// What `commcalc traffic` prints is a function of the query: the same query twice prints the
/// same bytes, as text and as JSON, and no speed among the metrics (it is on stderr).
#[test]
fn traffic_output_is_a_function_of_the_query() {
    for json in [false, true] {
        let args: &[&str] = if json {
            &["traffic", "--json", TRAFFIC]
        } else {
            &["traffic", TRAFFIC]
        };
        let (first, _) = simulated(args);
        let (second, _) = simulated(args);
        assert_eq!(first, second, "{args:?}");
        assert!(!first.contains("events_per_s"), "{first}");
    }
}

/// `traffic --json` hands the runs it simulates (the query's and the curve's, on several
/// threads) to the evaluation: its report is `eval --json`'s, which simulates them one by one,
/// bit for bit, on several seeds and both routings.
#[test]
fn traffic_json_is_the_evaluation_bit_for_bit() {
    for q in [
        "machine=intel-ipsc&pattern=traffic&count=2000&seed=7&reps=3",
        "machine=ametek-s14&pattern=traffic&dim=6&count=4000&seed=12&routing=cut-through",
        "machine=custom&pattern=traffic&dim=5&spatial=sphere&radius=2&count=3000&seed=0",
    ] {
        let (out, _) = simulated(&["traffic", "--json", q]);
        let traffic: Value = serde_json::from_str(&out).expect("JSON");
        let eval: Value = serde_json::from_str(&ok(&["eval", "--json", q])).expect("JSON");
        for key in ["query", "metrics", "curve", "warnings"] {
            assert_eq!(traffic[key], eval[key], "{q}: {key}");
        }
    }
}

/// A simulation estimated beyond the core's limit is refused before it starts, with its
/// estimate and how to run it anyway (the issue's 4096-node run of hours); `--max-events`
/// moves the limit either way, for `traffic`, `eval` and `compare` alike.
#[test]
fn long_simulations_are_refused_unless_asked() {
    let hours = "machine=intel-ipsc&pattern=traffic&dim=12&count=10000000&reps=1000";
    for args in [
        vec!["traffic", hours],
        vec!["traffic", "--json", hours],
        vec!["eval", hours],
        vec!["compare", hours, TRAFFIC],
    ] {
        let err = rejected(&args);
        assert!(
            err.contains("estimated at about 70") && err.contains(" h at 5 M events/s"),
            "{args:?}: {err}"
        );
        assert!(err.contains("--max-events"), "{err}");
    }
    let err = rejected(&["traffic", "--max-events", "1000", TRAFFIC]);
    assert!(err.contains("above the limit of 1"), "{err}");
    let err = rejected(&[
        "traffic",
        "--sweep",
        "reps=1:2:2",
        "--max-events=20000",
        TRAFFIC,
    ]);
    assert!(err.contains("above the limit of 20"), "{err}");
    simulated(&["traffic", "--max-events", "20000", TRAFFIC]);
    let err = rejected(&["traffic", "--max-events", "0", TRAFFIC]);
    assert!(
        err.contains("'0' for '--max-events") && err.contains("from 1 up"),
        "{err}"
    );
}

#[test]
fn traffic_rejects_bad_queries_and_sweeps() {
    let err = rejected(&["traffic", "machine=intel-ipsc&pattern=traffic&dim=40"]);
    assert!(err.contains("`dim=40`") && err.contains("1 to 12"), "{err}");
    let err = rejected(&["traffic", "machine=intel-ipsc&pattern=pingpong"]);
    assert!(err.contains("pattern=traffic only"), "{err}");
    let err = rejected(&["traffic", TRAFFIC, "--sweep", "hit=0:2:3"]);
    assert!(err.contains("at hit=") && err.contains("`hit="), "{err}");
    for spec in ["hit", "hit=0:1", "hit=a:1:3", "hit=0:1:0", "=0:1:3"] {
        let err = rejected(&["traffic", TRAFFIC, "--sweep", spec]);
        assert!(err.contains("KEY=FROM:TO:STEPS"), "{spec}: {err}");
    }
    rejected(&["traffic"]);
    rejected(&[
        "traffic",
        TRAFFIC,
        "--sweep",
        "hit=0:1:3",
        "--sweep",
        "gap=0:1:3",
    ]);
}

const BCAST: &str = "machine=intel-paragon&pattern=broadcast";

#[test]
fn collectives_prints_the_winners_with_a_legend() {
    let out = ok(&["collectives", "--p", "2,4,64", "--sizes", "1:1M", BCAST]);
    assert!(
        out.contains("letters: A binomial, B scatter-rd-allgather"),
        "{out}"
    );
    assert!(out.contains("size \\ p"), "{out}");
    // Small messages: binomial everywhere; 1 MB on 64 processes: not binomial.
    let first = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 B"))
        .expect("a 1 B row");
    assert!(
        first
            .split_whitespace()
            .skip(2)
            .all(|c| c.eq_ignore_ascii_case("a")),
        "{first}"
    );
    let last = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 MB"))
        .expect("a 1 MB row");
    assert_ne!(last.split_whitespace().last(), Some("A"), "{last}");
}

#[test]
fn collectives_json_is_the_winner_map() {
    let v: Value =
        serde_json::from_str(&ok(&["collectives", "--json", "--p", "2,8", BCAST])).expect("JSON");
    assert_eq!(v["collective"], "broadcast");
    assert_eq!(v["ps"], serde_json::json!([2, 8]));
    let cells = v["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 2 * v["sizes"].as_array().map_or(0, Vec::len));
    for key in ["winner", "time_us", "margin"] {
        assert!(!cells[0][key].is_null(), "{key}");
    }
}

/// The libraries' default choices (the core's `collectives::library`) beside the winners, in
/// the table and the JSON, named by what really runs: Open MPI 4.1's fixed decisions pick
/// its ring for one double on 4 processes, which hands over to recursive doubling.
#[test]
fn collectives_shows_what_each_library_runs_by_default() {
    let q = "machine=intel-paragon&pattern=allreduce";
    let text = ok(&["collectives", "--p", "4", "--sizes", "8:1M", q]);
    assert!(text.contains("MPICH 4 by default"), "{text}");
    assert!(text.contains("Open MPI 4.1 by default"), "{text}");
    let v: Value = serde_json::from_str(&ok(&[
        "collectives",
        "--json",
        "--p",
        "4",
        "--sizes",
        "8:1M",
        q,
    ]))
    .expect("JSON");
    let ompi = v["defaults"]
        .as_array()
        .expect("defaults")
        .iter()
        .find(|d| d["library"] == "ompi")
        .expect("Open MPI");
    assert_eq!(ompi["choices"][0]["name"], "ring → recursive_doubling");
    assert_eq!(ompi["choices"][0]["algo"], "recursive-doubling");
    let sizes = v["sizes"].as_array().map_or(0, Vec::len);
    assert_eq!(ompi["choices"].as_array().map(Vec::len), Some(sizes));
}

/// The rules of each communicator size in a classic Open MPI rules file: (p, rule count).
fn rule_counts(rules: &str) -> Vec<(u64, u64)> {
    let nums: Vec<u64> = rules
        .lines()
        .flat_map(|l| l.split('#').next().unwrap_or("").split_whitespace())
        .map(|t| t.parse().expect("a number"))
        .collect();
    let mut out = Vec::new();
    let mut i = 3;
    while i + 1 < nums.len() {
        let (p, count) = (nums[i], nums[i + 1]);
        out.push((p, count));
        i += 2 + 4 * count as usize;
    }
    out
}

/// Near-ties do not flap: on this machine Rabenseifner's allreduce and the ring cost the same
/// at p = 2, and the file once held 31 rules switching between them; now at most 10 rules per
/// communicator size, and the file states its 5 % margin.
#[test]
fn collectives_exports_do_not_flap_on_near_ties() {
    let q = "machine=custom&pattern=allreduce&alpha=1.6&beta=0.0001&gamma=0.0002";
    let rules = ok(&["collectives", "--export", "ompi-rules", "--p", "2,4", q]);
    let counts = rule_counts(&rules);
    assert_eq!(
        counts.iter().map(|c| c.0).collect::<Vec<_>>(),
        [2, 4],
        "{rules}"
    );
    assert!(counts.iter().all(|c| c.1 <= 10), "{counts:?}\n{rules}");
    assert!(rules.contains("at least 5% faster"), "{rules}");
}

/// A rules file names only what Open MPI runs as itself: with no start-up cost Rabenseifner's
/// allreduce is the fastest at every size, but Open MPI 4.1 runs the linear allreduce for a
/// count below p′ (`coll_base_allreduce.c`), so below 4 doubles on 4 processes the file names
/// recursive doubling (once it named Rabenseifner from 0).
#[test]
fn collectives_rules_name_what_open_mpi_runs() {
    let q = "machine=custom&pattern=allreduce&alpha=0&beta=0.001&gamma=0.001";
    let rules = ok(&["collectives", "--export", "ompi-rules", "--p", "4", q]);
    let lines: Vec<&str> = rules.lines().filter(|l| l.contains("(commcalc ")).collect();
    assert!(lines[0].starts_with("0 3 0 0"), "{rules}");
    assert!(lines[1].starts_with("32 6 0 0"), "{rules}");
}

/// A SimGrid file states the link its factors multiply: a fitted (custom) machine's own α and
/// 1/β, so its factors are 1 (once 89.7: the custom machine's defaults over the fitted α);
/// β = 0 gives a finite bandwidth and positive factors (once `infBps` and a factor of 0).
#[test]
fn collectives_simgrid_factors_are_relative_to_the_stated_link() {
    let factors = |text: &str, which: &str| -> Vec<f64> {
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix(&format!("--cfg=network/{which}-factor:")))
            .expect("a factor line");
        line.split(';')
            .map(|p| p.split_once(':').unwrap().1.parse().unwrap())
            .collect()
    };
    let fitted = ok(&[
        "collectives",
        "--export",
        "simgrid",
        "machine=custom&pattern=allreduce&alpha=1.115&beta=0.0000813",
    ]);
    assert!(fitted.contains("latency 1.115us"), "{fitted}");
    for which in ["latency", "bandwidth"] {
        for f in factors(&fitted, which) {
            assert!((f - 1.0).abs() < 1e-4, "{which}: {f}\n{fitted}");
        }
    }
    let no_beta = ok(&[
        "collectives",
        "--export",
        "simgrid",
        "machine=custom&pattern=allreduce&alpha=2&beta=0",
    ]);
    assert!(!no_beta.contains("inf"), "{no_beta}");
    for which in ["latency", "bandwidth"] {
        for f in factors(&no_beta, which) {
            assert!(f.is_finite() && f > 0.0, "{which}: {f}\n{no_beta}");
        }
    }
}

#[test]
fn collectives_exports_each_format() {
    let rules = ok(&["collectives", "--export", "ompi-rules", "--p", "2,4", BCAST]);
    assert!(
        rules.contains("7 # bcast") && rules.contains("0 6 0 0 # binomial"),
        "{rules}"
    );
    let scatter = ok(&[
        "collectives",
        "--export",
        "ompi-rules",
        "machine=intel-paragon&pattern=scatter",
    ]);
    // Open MPI's dynamic rules size scatter as dsize·scount·comsize: the whole vector, n.
    assert!(
        scatter.contains("the whole vector") && !scatter.contains("divided by p"),
        "{scatter}"
    );
    let j: Value =
        serde_json::from_str(&ok(&["collectives", "--export=ompi-json", BCAST])).expect("JSON");
    assert_eq!(j["rule_file_version"], 3);
    // A C comment (MPICH's reader skips it) states the margin, then the JSON tree.
    let mpich = ok(&["collectives", "--export", "mpich-json", BCAST]);
    let (comment, body) = mpich.split_once("*/").expect("a leading comment");
    assert!(comment.contains("at least 5% faster"), "{comment}");
    let m: Value = serde_json::from_str(body).expect("JSON");
    assert!(m["collective=bcast"]["comm_type=intra"].is_object());
    assert!(
        m["collective=allreduce"]["comm_type=intra"]["avg_msg_size=any"].is_object(),
        "the other collectives are MPICH's own tree"
    );
    let s = ok(&[
        "collectives",
        "--export",
        "simgrid",
        "machine=ibm-sp2&pattern=allreduce",
    ]);
    assert!(
        s.contains("--cfg=smpi/allreduce:") && s.contains("--cfg=network/bandwidth-factor:"),
        "{s}"
    );
}

#[test]
fn collectives_rejects_bad_flags_and_queries() {
    assert!(rejected(&["collectives", "--export", "nccl", BCAST]).contains("ompi-rules"));
    assert!(rejected(&["collectives", "--p", "1,4", BCAST]).contains("2 to 4096"));
    assert!(rejected(&["collectives", "--sizes", "10:5", BCAST]).contains("FROM:TO"));
    assert!(
        rejected(&["collectives", "machine=intel-paragon&pattern=pingpong"])
            .contains("a collective")
    );
    assert!(rejected(&["collectives"]).contains("needs a query"));
    assert!(rejected(&["collectives", "--frobnicate", BCAST]).contains("--export FORMAT"));
}

/// The map's sizes and process counts are its axes, given by --sizes and --p: the query's
/// own size, p, algo, from and to are refused by name with what to use, in the table and the
/// export alike, rather than echoed in the title and ignored.
#[test]
fn collectives_refuses_the_keys_its_axes_stand_for() {
    let query = "machine=intel-paragon&pattern=broadcast&p=8&size=1k&algo=binomial&from=10&to=100";
    for args in [
        vec!["collectives", query],
        vec!["collectives", "--export", "simgrid", query],
    ] {
        let err = rejected(&args);
        assert!(err.contains("(5 problems)"), "{err}");
        for key in ["size=1000", "from=10", "to=100"] {
            assert!(
                err.contains(&format!("`{key}`: the map's sizes are its rows, not read from the query: give them with --sizes FROM:TO")),
                "{key}: {err}"
            );
        }
        assert!(err.contains("`p=8`: the map's process counts are its columns, not read from the query: give them with --p LIST"), "{err}");
        assert!(
            err.contains(
                "`algo=binomial`: the map compares every algorithm of broadcast: leave algo out"
            ),
            "{err}"
        );
    }
}

/// `--set` adds keys to the machine's query, which refuses a key given twice: so does
/// `--set`, rather than let the last one win.
#[test]
fn validate_refuses_a_key_set_twice() {
    let err = rejected(&[
        "validate",
        "--p",
        "64",
        "--set",
        "gamma=1",
        "--set",
        "gamma=2",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/measurements/csd3-ib-osu_allreduce.txt"
        ),
        OSU_LATENCY,
    ]);
    assert_eq!(
        err,
        "commcalc: cannot validate: key `gamma` is given more than once\n"
    );
}

/// Each size and process count of the map is drawn once: a size range narrower than the
/// rows gives fewer rows, starting at FROM; a FROM or TO between two whole bytes and a repeated
/// p are refused.
#[test]
fn collectives_draws_each_size_and_p_once() {
    let query = "machine=ethernet-now&pattern=allreduce";
    let v: Value = serde_json::from_str(&ok(&[
        "collectives",
        "--json",
        "--p",
        "4096",
        "--sizes",
        "1:10",
        query,
    ]))
    .expect("JSON");
    let sizes: Vec<f64> = v["sizes"]
        .as_array()
        .expect("sizes")
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    assert_eq!(sizes.first(), Some(&1.0), "{sizes:?}");
    assert_eq!(sizes.last(), Some(&10.0), "{sizes:?}");
    assert!(sizes.windows(2).all(|w| w[0] < w[1]), "{sizes:?}");
    for sizes in ["1.5:100", "1:4.5"] {
        let err = rejected(&["collectives", "--sizes", sizes, query]);
        assert!(err.contains("expected FROM:TO in whole bytes"), "{err}");
    }
    let err = rejected(&["collectives", "--p", "4,8,4", query]);
    assert!(
        err.contains("4 is given more than once; expected each process count once"),
        "{err}"
    );
}

#[test]
fn machines_say_how_alpha_beta_gamma_are_derived() {
    let text = ok(&["machines", "intel-delta"]);
    assert!(text.contains("collectives: α 54 µs"), "{text}");
    assert!(text.contains("c₂/8"), "{text}");
    let v: Value = serde_json::from_str(&ok(&["machines", "--json", "atm-sparc20"])).expect("JSON");
    let c = &v["collectives"][0];
    assert_eq!(c["model"], "atm-pipeline");
    assert_eq!(c["alpha_us"], 702.0);
    assert!(c["gamma_rule"]
        .as_str()
        .is_some_and(|r| r.contains("10 Mflop/s")));
}

/// `--json --explain` is the report's JSON with two more members: `explain`, whose formulas are
/// the core's — the Paragon's n½ is α/β with α and β bound to the NX fit (001 §2: 146 µs and
/// 0.0115 µs/B) and evaluates to the reported metric —, and `used`, the inputs and parameters
/// the numbers came from.
#[test]
fn eval_json_explain_adds_only_the_derivations_and_what_was_used() {
    let q = "machine=intel-paragon&pattern=pingpong&size=12.7k";
    let plain = ok(&["eval", "--json", q]);
    let explained = ok(&["eval", "--json", "--explain", q]);
    let (head, tail) = explained.split_at(plain.len() - 2);
    assert_eq!(head, &plain[..plain.len() - 2]);
    assert!(tail.starts_with(",\"explain\":{"), "{tail}");
    let v: Value = serde_json::from_str(&explained).unwrap();
    let n_half = &v["explain"]["n_half_bytes"];
    assert_eq!(n_half["formula"], "α/β");
    let (a, b) = (
        n_half["with"]["α"]["value"].as_f64().unwrap(),
        n_half["with"]["β"]["value"].as_f64().unwrap(),
    );
    assert_eq!((a, b), (146.0, 0.0115));
    assert_eq!(v["metrics"]["n_half_bytes"].as_f64().unwrap(), a / b);
    assert_eq!(v["used"]["inputs"]["size"], 12_700.0);
    assert_eq!(v["used"]["parameters"]["alpha"], a);
    assert_eq!(v["used"]["parameters"]["beta"], b);
    // A default the query did not give is reported with the value used: p for an h-relation.
    let h = ok(&[
        "eval",
        "--json",
        "--explain",
        "machine=intel-paragon&pattern=h-relation",
    ]);
    let h: Value = serde_json::from_str(&h).unwrap();
    assert!(h["used"]["inputs"]["p"].as_f64().is_some(), "{h}");
    assert!(h["used"]["parameters"]["g"].as_f64().is_some(), "{h}");
    let text = ok(&["eval", "--explain", q]);
    assert!(text.contains("inputs used: size = "), "{text}");
    assert!(
        text.contains("n_half_bytes: n½ = α/β = 146 µs/0.0115 µs/B"),
        "{text}"
    );
}

/// Every command with the options it takes: what its help and the message for an unknown
/// option must list.
const OPTIONS: [(&str, &[&str]); 9] = [
    (
        "eval",
        &["--json", "--explain", "--points", "--rows", "--max-events"],
    ),
    ("compare", &["--json", "--points", "--max-events"]),
    ("regimes", &["--json", "--lengths", "--meshes"]),
    ("fit", &["--json", "--format"]),
    ("traffic", &["--json", "--sweep", "--max-events"]),
    ("collectives", &["--json", "--export", "--p", "--sizes"]),
    (
        "validate",
        &[
            "--json",
            "--format",
            "--p",
            "--ppn",
            "--library",
            "--intra",
            "--set",
        ],
    ),
    ("machines", &["--json"]),
    ("patterns", &["--json"]),
];

/// `help COMMAND`, `COMMAND --help` and `COMMAND -h` print the command's help on stdout with
/// exit code 0; the general help (`--help`, `-h`, `help`) names every command.
#[test]
fn every_command_has_help_and_exits_0() {
    for (command, _) in OPTIONS {
        for args in [["help", command], [command, "--help"], [command, "-h"]] {
            let out = ok(&args);
            assert!(
                out.contains(&format!("commcalc {command}")),
                "{args:?}: {out}"
            );
        }
    }
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let out = ok(args);
        for (command, _) in OPTIONS {
            assert!(
                out.contains(command),
                "{args:?} does not name {command}: {out}"
            );
        }
        assert!(out.to_lowercase().contains("usage"), "{out}");
    }
    let version = format!("commcalc {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(ok(&["--version"]), version);
    assert_eq!(ok(&["-V"]), version);
}

/// The help of each command and the message for an unknown option list every option the
/// command takes (eval's `--explain` and fit's `--format` were missing from the message).
#[test]
fn help_and_unknown_options_list_every_option() {
    for (command, options) in OPTIONS {
        let help = ok(&[command, "--help"]);
        let err = rejected(&[command, "--bogus", "a=1"]);
        assert!(err.contains("--bogus"), "{err}");
        for option in options.iter().chain(&["--help"]) {
            assert!(
                help.contains(option),
                "{command} --help lacks {option}: {help}"
            );
            assert!(
                err.contains(option),
                "{command} --bogus lacks {option}: {err}"
            );
        }
    }
}

/// Each option that takes a value, without one and with one out of range: exit code 2, and a
/// message naming the option (with or without its dashes) and what it accepts.
#[test]
fn every_option_value_is_checked() {
    use commcalc_core::regimes::MAX_CELLS_PER_AXIS;
    let axis = format!("1 to {MAX_CELLS_PER_AXIS}");
    let cases: [(&str, &str, &str, &str); 10] = [
        ("eval", "--points", "1", "2 to 100000"),
        ("eval", "--rows", "x", "0 to 100000"),
        ("compare", "--points", "100001", "2 to 100000"),
        ("regimes", "--lengths", "0", &axis),
        ("regimes", "--meshes", "-3", &axis),
        ("fit", "--format", "xml", "netgauge"),
        ("traffic", "--sweep", "hit=0:1:0", "KEY=FROM:TO:STEPS"),
        ("collectives", "--export", "nccl", "ompi-rules"),
        ("collectives", "--p", "2,1", "2 to 4096"),
        ("collectives", "--sizes", "5:1", "FROM:TO"),
    ];
    for (command, option, value, accepted) in cases {
        let name = option.trim_start_matches('-');
        let err = rejected(&[command, option]);
        assert!(err.contains(name), "{command} {option}: {err}");
        for args in [
            vec![command, option, value, "a=1"],
            vec![command, &format!("{option}={value}"), "a=1"],
        ] {
            let err = rejected(&args);
            assert!(err.contains(name), "{args:?}: {err}");
            assert!(
                err.contains(accepted),
                "{args:?} should say {accepted}: {err}"
            );
        }
    }
}

/// A second query where a command takes one, an unknown command, an unknown help topic and
/// no command at all: exit code 2, and a message naming what was wrong.
#[test]
fn extra_arguments_and_unknown_commands_exit_2() {
    for command in [
        "eval",
        "regimes",
        "traffic",
        "collectives",
        "machines",
        "patterns",
    ] {
        let err = rejected(&[command, "a=1", "second=2"]);
        assert!(err.contains("second=2"), "{command}: {err}");
    }
    assert!(rejected(&["help", "nothing"]).contains("nothing"));
    assert!(rejected(&["frobnicate"]).contains("eval"));
    let err = rejected(&[]);
    for (command, _) in OPTIONS {
        assert!(err.contains(command), "no command given: {err}");
    }
}

/// An option with a value given twice is refused rather than one of the two taken silently; a
/// flag may be repeated.
#[test]
fn an_option_given_twice_is_refused() {
    let err = rejected(&["eval", "--points", "4", "--points", "8", PARAGON]);
    assert!(err.contains("--points"), "{err}");
    let once: Value = serde_json::from_str(&ok(&["eval", "--json", PARAGON])).unwrap();
    let twice: Value = serde_json::from_str(&ok(&["eval", "--json", "--json", PARAGON])).unwrap();
    assert_eq!(once, twice);
}

/// `--p` takes at most as many process counts as a winner map has rows: the message says
/// that limit (the core's), not the range of one count.
#[test]
fn collectives_p_names_the_limit_on_values() {
    use commcalc_core::collectives::winner::MAX_AXIS;
    let list = |n: usize| {
        (2..2 + n)
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let err = rejected(&["collectives", "--p", &list(MAX_AXIS + 1), BCAST]);
    assert!(err.contains(&format!("at most {MAX_AXIS}")), "{err}");
    assert!(err.contains(&(MAX_AXIS + 1).to_string()), "{err}");
    let v: Value = serde_json::from_str(&ok(&[
        "collectives",
        "--json",
        "--sizes",
        "1:2",
        "--p",
        &list(MAX_AXIS),
        BCAST,
    ]))
    .expect("JSON");
    assert_eq!(v["ps"].as_array().map(Vec::len), Some(MAX_AXIS));
}

/// Output that cannot be written (a full disk) exits with code 1 and says so on stderr.
#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_output_exits_1() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let o = Command::new(env!("CARGO_BIN_EXE_commcalc"))
        .arg("machines")
        .stdout(full)
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(
        stderr(&o).contains("cannot write the output"),
        "{}",
        stderr(&o)
    );
}

/// A scenario that takes no time has no bandwidth of 0: it is refused, as a zero rate is.
#[test]
fn zero_time_is_refused_rather_than_a_zero_bandwidth() {
    for q in [
        "machine=custom&pattern=barrier&model=hockney&alpha=0",
        "machine=custom&pattern=broadcast&alpha=0&beta=0",
        "machine=custom&pattern=traffic&alpha=0&beta=0&count=100&reps=1",
    ] {
        let err = rejected(&["eval", q]);
        assert!(
            err.contains("the bandwidth there is unbounded"),
            "{q}: {err}"
        );
    }
}

/// Messages name the values given, and only them: a key dropped for a conflict leaves no
/// message about its default.
#[test]
fn messages_name_only_the_values_given() {
    let many = "machine=intel-ipsc&pattern=traffic&dim=12&count=5000&per=node";
    let err = rejected(&["traffic", many]);
    assert!(
        err.contains("`count=5000`") && !err.contains("3000"),
        "{err}"
    );
    let err = rejected(&[
        "traffic",
        "machine=intel-ipsc&pattern=traffic&dim=12&per=node",
    ]);
    assert!(
        err.contains("its default, 3000") && !err.contains("count=3000"),
        "{err}"
    );
}

/// `collectives ''` names the pattern as not given, not as `pattern=pingpong`.
#[test]
fn a_pattern_not_given_is_not_named_as_a_default() {
    let err = rejected(&["collectives", ""]);
    assert!(
        err.contains("`pattern`: not given") && !err.contains("pingpong"),
        "{err}"
    );
}

/// A bad element of a list is named by its place in the whole value, not as `hit=`.
#[test]
fn a_bad_list_element_is_named_in_its_whole_value() {
    let gap = "machine=intel-ipsc&pattern=traffic&stack=3&hit=0.5,,0.2";
    let err = rejected(&["traffic", gap]);
    assert!(
        err.contains("`hit=0.5,,0.2`") && err.contains("b2 is empty"),
        "{err}"
    );
    assert!(!err.contains("`hit=`") && !err.contains("stack=3"), "{err}");
}

/// A sweep's whole endpoints are exact to 2⁶⁴ − 1: accepted, run, and printed as written in
/// the table's header and the JSON (not rounded through an f64 to 18446744073709552000).
#[test]
fn a_sweep_keeps_its_whole_endpoints_exact() {
    let args = [
        "traffic",
        "--sweep",
        "seed=0:18446744073709551615:3",
        "machine=intel-ipsc&pattern=traffic&count=100&reps=1",
    ];
    let (out, _) = simulated(&args);
    assert!(out.contains("\n18446744073709551615 "), "{out}");
    assert!(
        out.contains("sweep  seed=0:18446744073709551615:3 on "),
        "{out}"
    );
    let mut json = args.to_vec();
    json.insert(1, "--json");
    let (out, _) = simulated(&json);
    assert!(out.contains("\"to\":18446744073709551615"), "{out}");
}

/// One γ per machine and model, with one derivation: the value `machines` lists under each of
/// the custom machine's models is the one `eval` computes, its rule ends in that value, and
/// the custom machine's γ is the assumed modern one under every model, never a 1990s
/// machine's (it was 004's c₂/8 under NBL and 002's 1/(8·rate) under the others).
#[test]
fn gamma_is_one_value_with_one_derivation() {
    use commcalc_core::catalog::ASSUMED_GAMMA;
    let v: Value = serde_json::from_str(&ok(&["machines", "--json", "custom"])).expect("JSON");
    let entries = v["collectives"].as_array().expect("collectives");
    assert_eq!(entries.len(), commcalc_core::Model::ALL.len());
    for c in entries {
        let model = c["model"].as_str().expect("a model");
        let listed = c["gamma_us_per_byte"].as_f64().expect("γ");
        assert_eq!(listed, ASSUMED_GAMMA.value, "{model}");
        let rule = c["gamma_rule"].as_str().expect("a rule");
        assert!(
            rule.contains(&format!("= {listed} µs/B")) && rule.contains("assumed"),
            "{model}: {rule}"
        );
        let q = format!("machine=custom&pattern=allreduce&model={model}");
        let e: Value =
            serde_json::from_str(&ok(&["eval", "--json", "--explain", &q])).expect("JSON");
        assert_eq!(
            e["metrics"]["gamma_us_per_byte"].as_f64(),
            Some(listed),
            "{model}"
        );
    }
}

/// A key the scenario would ignore is refused by name (the issue's all-to-all on the custom
/// machine gave 3,440 µs with alpha, beta and gamma or without them); with an MPI algorithm
/// chosen they count.
#[test]
fn a_key_that_would_change_nothing_is_refused() {
    let q = "machine=custom&pattern=all-to-all&p=16";
    for key in ["alpha=5", "beta=0.5", "gamma=0.1"] {
        let err = rejected(&["eval", &format!("{q}&{key}")]);
        assert!(
            err.contains("does not use") && err.contains("algo="),
            "{err}"
        );
    }
    let base = ok(&["eval", "--json", &format!("{q}&algo=bruck")]);
    let set = ok(&["eval", "--json", &format!("{q}&algo=bruck&alpha=5")]);
    let time =
        |s: &str| serde_json::from_str::<Value>(s).expect("JSON")["metrics"]["time_us"].clone();
    assert_ne!(time(&base), time(&set));
}

/// `eval --explain` and `machines` show the scenario's model by the core's equations: the
/// trees the model computes with, as text, with the model's source.
#[test]
fn the_model_formula_is_the_cores() {
    use commcalc_core::Model;
    for (q, model) in [
        ("machine=intel-paragon&pattern=pingpong", Model::Hockney),
        (
            "machine=intel-paragon&pattern=pingpong&model=hyperbolic",
            Model::Hyperbolic,
        ),
        ("machine=intel-paragon&pattern=h-relation", Model::Bsp),
    ] {
        let text = ok(&["eval", "--explain", q]);
        let equations = model.equations();
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("model "))
            .unwrap_or_else(|| panic!("no model line: {text}"));
        for d in &equations {
            let shown = format!("{} = {}", d.symbol, d.formula.text(false));
            assert!(line.contains(&shown), "{q}: {line} lacks {shown}");
        }
        assert!(line.contains(equations[0].source), "{line}");
    }
    let machines = ok(&["machines"]);
    assert!(machines.contains(&format!("model hockney (NX): {}", Model::Hockney.formula())));
}

/// `commcalc machines` lists today's machines beside the papers', each with where it comes
/// from; `commcalc machines ID` and its JSON give the provenance and the fitted sets.
#[test]
fn machines_lists_todays_machines_with_their_provenance() {
    let today: Vec<_> = (commcalc_core::catalog::MACHINES.iter())
        .filter(|m| m.provenance.is_some())
        .collect();
    assert!(today.len() >= 6, "{} machines of today", today.len());
    let all = ok(&["machines"]);
    assert!(all.contains("intel-paragon  Intel Paragon"), "{all}");
    for m in &today {
        let p = m.provenance.unwrap();
        assert!(
            all.contains(&format!("{}  {}", m.id, m.name)),
            "{} missing",
            m.id
        );
        let one = ok(&["machines", m.id]);
        for text in [p.cluster, p.network, p.mpi, p.benchmark, p.upstream] {
            assert!(one.contains(text), "{}: {text} missing from\n{one}", m.id);
        }
        assert!(one.contains(p.files[0]), "{one}");
        let v: Value = serde_json::from_str(&ok(&["machines", "--json", m.id])).expect("JSON");
        assert_eq!(v["provenance"]["cluster"], p.cluster);
        assert_eq!(v["provenance"]["files"][0], p.files[0]);
        let models: Vec<&str> = (v["models"].as_array().expect("models").iter())
            .filter_map(Value::as_str)
            .collect();
        assert!(
            models.contains(&"hockney") && models.contains(&"piecewise"),
            "{models:?}"
        );
    }
    let v: Value =
        serde_json::from_str(&ok(&["machines", "--json", "intel-paragon"])).expect("JSON");
    assert!(
        v.get("provenance").is_none(),
        "a paper's machine has no provenance"
    );
}

/// A student compares the Paragon with a 2020 InfiniBand cluster without importing anything.
#[test]
fn the_paragon_compares_with_an_infiniband_cluster_of_today() {
    let out = ok(&[
        "compare",
        "machine=intel-paragon&pattern=pingpong",
        "machine=csd3-ib&pattern=pingpong",
    ]);
    assert!(out.contains("CSD3 (InfiniBand)"), "{out}");
}

/// The words of an example's command line as a shell splits them (double quotes only).
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => words.extend((!word.is_empty()).then(|| std::mem::take(&mut word))),
            _ => word.push(c),
        }
    }
    words.extend((!word.is_empty()).then_some(word));
    words
}

/// Every example of docs/cli.md that shows a command's text output (a `$ commcalc …` line,
/// then what it prints) prints that today: each line shown, but those shortened with `…`, is a
/// line of the output. Examples of JSON (shown indented), of a command continued over lines
/// or of one whose output goes to a file are left out.
#[test]
fn the_documented_examples_print_what_the_docs_show() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let docs = std::fs::read_to_string(root.join("docs/cli.md")).expect("docs/cli.md");
    let mut checked = 0;
    for block in docs.split("```").skip(1).step_by(2) {
        for example in block.split("\n$ ").skip(1) {
            let mut lines = example.lines();
            let Some(command) = lines.next().and_then(|l| l.strip_prefix("commcalc ")) else {
                continue;
            };
            let shown: Vec<&str> = lines
                .filter(|l| !l.trim().is_empty() && !l.contains('…'))
                .collect();
            let skipped = ["--json", "\\", ">"].iter().any(|s| command.contains(s));
            if skipped || shown.is_empty() {
                continue;
            }
            let o = Command::new(env!("CARGO_BIN_EXE_commcalc"))
                .args(shell_words(command))
                .current_dir(&root)
                .output()
                .expect("commcalc runs");
            let out = stdout(&o);
            let printed: Vec<&str> = out.lines().map(str::trim_end).collect();
            for line in shown {
                assert!(
                    printed.contains(&line.trim_end()),
                    "docs/cli.md, `commcalc {command}`: the line\n{line}\nis not printed; it prints\n{out}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 7, "{checked} examples checked");
}

/// A run given twice is refused by name, standard input too (read a second time, it was
/// reported as empty).
#[test]
fn fit_refuses_a_run_given_twice() {
    let file = "../../tests/data/measurements/csd3-ib-osu_latency.txt";
    let e = rejected(&["fit", file, file]);
    assert!(
        e.contains("csd3-ib-osu_latency.txt is given more than once"),
        "{e}"
    );
    let e = rejected(&["fit", "-", "-"]);
    assert!(
        e.contains("standard input (-) is given more than once"),
        "{e}"
    );
}
