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
    // SPEC §8: r∞ ≈ 87 MB/s and n½ ≈ 12.7 kB, shown with SI units.
    assert!(out.contains("87 MB/s"), "{out}");
    assert!(out.contains("12.7 kB"), "{out}");
    assert!(out.contains("µs"), "{out}");
    assert!(out.contains("warnings: none"), "{out}");
    assert!(out.contains("curve: 512 points"), "{out}");
    assert!(out.contains("8 shown"), "{out}");
    // Never a raw float such as 100000.0 (SPEC §1).
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
