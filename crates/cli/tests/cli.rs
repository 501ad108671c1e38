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
    assert!(ok(&["--help"]).contains("usage: commcalc eval"));
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
    assert!(err.contains("at most 4"), "{err}");
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
    let err = rejected(&["regimes", "machine=intel-ipsc&pattern=pingpong"]);
    assert!(err.contains("nbl") && err.contains("intel-delta"), "{err}");
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

#[test]
fn help_covers_compare_and_regimes() {
    let general = ok(&["--help"]);
    assert!(general.contains("commcalc compare [--json]"), "{general}");
    assert!(general.contains("commcalc regimes [--json]"), "{general}");
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

#[test]
fn fit_refuses_what_it_cannot_read_or_fit() {
    let dir = std::env::temp_dir().join(format!("commcalc-fit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_string_lossy().into_owned()
    };
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
    let big = write("big.txt", &vec![b'1'; 9 * 1024 * 1024]);
    assert!(rejected(&["fit", &big]).contains("above the limit of 8 MB"));
    assert!(rejected(&["fit", "/nonexistent/osu.txt"]).contains("cannot read"));
    assert!(rejected(&["fit"]).contains("needs one or more files"));
    let err = rejected(&["fit", "--format", "xml", OSU_LATENCY]);
    assert!(
        err.contains("format=xml") && err.contains("netgauge"),
        "{err}"
    );
    // Read as IMB, the OSU file has no IMB table.
    assert!(rejected(&["fit", "--format=imb", OSU_LATENCY]).contains("holds no measurement"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Asserts that a JSON object has every one of `keys`.
fn json_keys(v: &Value, keys: &[&str]) {
    let have = sorted_keys(v);
    for k in keys {
        assert!(have.contains(k), "no `{k}` in {have:?}");
    }
}

const TRAFFIC: &str = "machine=intel-ipsc&pattern=traffic&reps=2";

/// `commcalc traffic` prints the simulation's metrics, the measured speed, the busiest links
/// and the two histograms.
#[test]
fn traffic_prints_results_and_histograms() {
    let out = ok(&["traffic", TRAFFIC]);
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
        "events_per_s",
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
    let out = ok(&["traffic", "--json", TRAFFIC]);
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(
        sorted_keys(&v),
        ["curve", "metrics", "query", "traffic", "warnings"]
    );
    let m = &v["metrics"];
    assert_eq!(m["generated"], m["delivered"]);
    assert_eq!(m["generated"].as_f64(), Some(6000.0));
    assert!(m["events_per_s"].as_f64().is_some_and(|e| e > 0.0));
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
    let out = ok(&["traffic", q, "--sweep", "radius=1:4:4"]);
    assert!(out.contains("sweep  radius=1:4:4"), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(['1', '2', '3', '4']))
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    let out = ok(&[
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
    assert!(scatter.contains("one process's block"), "{scatter}");
    let j: Value =
        serde_json::from_str(&ok(&["collectives", "--export=ompi-json", BCAST])).expect("JSON");
    assert_eq!(j["rule_file_version"], 3);
    let m: Value =
        serde_json::from_str(&ok(&["collectives", "--export", "mpich-json", BCAST])).expect("JSON");
    assert!(m["collective=bcast"]["comm_type=intra"].is_object());
    assert!(
        m["collective=barrier"].is_object(),
        "the other collectives have a choice too"
    );
    let s = ok(&[
        "collectives",
        "--export",
        "simgrid",
        "machine=ibm-sp2&pattern=allreduce&p=16&size=1M",
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
