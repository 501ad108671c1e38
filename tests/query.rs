//! The query language: canonical printing, parse∘print = identity, and every class
//! of rejection naming the key, the value and what would have been accepted.

use commcalc_core::catalog::MACHINES;
use commcalc_core::patterns::PATTERNS;
use commcalc_core::{Error, Model, Scenario};

fn parse(query: &str) -> Scenario {
    Scenario::from_query(query).unwrap_or_else(|e| panic!("{query}: {e}"))
}

fn canonical(query: &str) -> String {
    parse(query).to_query()
}

/// The errors of a query the parser must reject.
fn errors(query: &str) -> Vec<Error> {
    match Scenario::from_query(query) {
        Ok(s) => panic!("{query} was accepted as {}", s.to_query()),
        Err(e) => e.0,
    }
}

/// Asserts that `query` is rejected with an error about `key` whose message names the value
/// and every one of `accepted`.
#[track_caller]
fn rejects(query: &str, key: &str, value: &str, accepted: &[&str]) {
    let errs = errors(query);
    let e = errs
        .iter()
        .find(|e| e.key() == Some(key))
        .unwrap_or_else(|| panic!("{query}: no error about `{key}` in {errs:?}"));
    let message = e.to_string();
    assert!(
        message.contains(key),
        "{query}: `{message}` does not name the key {key}"
    );
    assert!(
        message.contains(value),
        "{query}: `{message}` does not name the value {value}"
    );
    for a in accepted {
        assert!(
            message.contains(a),
            "{query}: `{message}` does not name the accepted {a}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Canonical printing

#[test]
fn canonical_order_is_machine_pattern_model_inputs_overrides() {
    assert_eq!(
        canonical("beta=0.01&size=1k&alpha=100&pattern=pingpong&machine=intel-paragon"),
        "machine=intel-paragon&pattern=pingpong&size=1000&alpha=100&beta=0.01"
    );
    assert_eq!(
        canonical("to=1M&from=10&p=8&size=64&pattern=all-to-all&machine=ethernet-now"),
        "machine=ethernet-now&pattern=all-to-all&size=64&p=8&from=10&to=1000000"
    );
    assert_eq!(
        canonical("algo=two-frames&p=16&size=4k&machine=ibm-sp2&pattern=pairs"),
        "machine=ibm-sp2&pattern=pairs&size=4000&p=16&algo=two-frames"
    );
    assert_eq!(
        canonical(
            "f=nominal&algo=best&mesh=16x16&n=100000&pattern=global-combine&machine=intel-delta"
        ),
        "machine=intel-delta&pattern=global-combine&mesh=16x16&n=100000&algo=best&f=nominal"
    );
}

#[test]
fn the_default_model_is_left_out_and_another_is_kept() {
    assert_eq!(
        canonical("machine=intel-paragon&pattern=pingpong&model=hockney"),
        "machine=intel-paragon&pattern=pingpong"
    );
    assert_eq!(
        canonical("machine=intel-paragon&pattern=pingpong&model=hyperbolic"),
        "machine=intel-paragon&pattern=pingpong&model=hyperbolic"
    );
    assert_eq!(
        canonical("model=packetized&machine=custom&pattern=roundtrip&packet=1024"),
        "machine=custom&pattern=roundtrip&model=packetized&packet=1024"
    );
}

#[test]
fn defaults_fill_a_missing_machine_and_pattern() {
    assert_eq!(canonical(""), "machine=intel-paragon&pattern=pingpong");
    assert_eq!(canonical("?"), "machine=intel-paragon&pattern=pingpong");
    assert_eq!(
        canonical("machine=jpl-mark3"),
        "machine=jpl-mark3&pattern=pingpong"
    );
    // The default machine's default pattern.
    let s = parse("size=100");
    assert_eq!(s.machine.id, "intel-paragon");
    assert_eq!(s.pattern.id, "pingpong");
    assert_eq!(s.model, Model::Hockney);
}

#[test]
fn numbers_print_as_the_shortest_decimal() {
    for (input, printed) in [
        ("12.7k", "12700"),
        ("1e3", "1000"),
        ("1.5k", "1500"),
        ("1.50e1", "15"),
        ("64Ki", "65536"),
        ("1Mi", "1048576"),
        ("2M", "2000000"),
        ("3G", "3000000000"),
        ("1Gi", "1073741824"),
        ("1kB", "1000"),
        ("007", "7"),
        ("1000000000000", "1000000000000"),
    ] {
        assert_eq!(
            canonical(&format!("pattern=pingpong&size={input}")),
            format!("machine=intel-paragon&pattern=pingpong&size={printed}"),
            "size={input}"
        );
    }
}

/// Nothing smaller than a byte, an element or a word is sent: a fraction of one is rejected,
/// with what is accepted, rather than rounded in silence or shown as milli-bytes ("500 mB").
#[test]
fn sizes_are_whole_bytes_elements_and_words() {
    for (query, key, value, unit) in [
        (
            "pattern=pingpong&size=0.5",
            "size",
            "0.5",
            "message size in bytes",
        ),
        (
            "pattern=pingpong&size=12.2",
            "size",
            "12.2",
            "message size in bytes",
        ),
        (
            "pattern=pingpong&size=1e-300",
            "size",
            "1e-300",
            "message size in bytes",
        ),
        (
            "pattern=pingpong&from=0.001",
            "from",
            "0.001",
            "first size in bytes",
        ),
        (
            "pattern=pingpong&to=10.0005k",
            "to",
            "10.0005k",
            "last size in bytes",
        ),
        (
            "machine=intel-delta&pattern=global-combine&n=10.4",
            "n",
            "10.4",
            "elements",
        ),
        (
            "machine=intel-paragon&pattern=h-relation&h=0.5",
            "h",
            "0.5",
            "words",
        ),
        (
            "machine=atm-sparc20&pattern=pipelined-send&data=0.0001k",
            "data",
            "0.0001k",
            "bytes",
        ),
    ] {
        rejects(query, key, value, &["a whole number from 1", unit]);
    }
    // A suffix that lands on a whole number is that number, floating-point noise aside.
    assert_eq!(
        canonical("machine=intel-delta&pattern=global-combine&n=1.1M"),
        "machine=intel-delta&pattern=global-combine&n=1100000"
    );
    assert_eq!(
        canonical("machine=atm-sparc20&pattern=pipelined-send&data=0.1k&size=1.3k"),
        "machine=atm-sparc20&pattern=pipelined-send&size=1300&data=100"
    );
}

/// Hand-picked queries that are already canonical: printing what they parse to gives them
/// back, and parsing that gives the same scenario.
const CANONICAL: &[&str] = &[
    "machine=intel-paragon&pattern=pingpong",
    "machine=intel-paragon&pattern=pingpong&size=12700",
    "machine=intel-paragon&pattern=pingpong&model=hyperbolic&size=1&a_c=60",
    "machine=intel-paragon&pattern=exchange&size=100000&alpha_x=200&beta_x=0.02",
    "machine=intel-paragon&pattern=h-relation&p=32&h=100",
    "machine=intel-paragon&pattern=h-relation&p=20&h=2&g=7&l=5000",
    "machine=intel-paragon&pattern=permutation&size=4096&p=100&ell=1000&sigma=0.03",
    "machine=intel-paragon&pattern=all-to-all&size=1000&p=64",
    "machine=intel-paragon&pattern=pairs&size=65536&p=14",
    "machine=intel-paragon&pattern=barrier&p=8",
    "machine=intel-paragon&pattern=multigrid&size=8000&p=4&a_pc=100&b_c=0.02",
    "machine=ethernet-now&pattern=all-to-all&size=1000&p=8&a_c=200",
    "machine=ethernet-now&pattern=multigrid&p=2&from=1&to=10",
    "machine=fddi-now&pattern=roundtrip&size=1&b_c=0",
    "machine=ibm-sp2&pattern=pairs&p=28&algo=two-frames&channels=4",
    "machine=ibm-sp2&pattern=h-relation&p=16&h=1000&algo=total-exchange",
    "machine=ibm-sp2&pattern=barrier&size=100&p=16&l=300",
    "machine=ibm-sp2-ethernet&pattern=all-to-all&size=10&p=4",
    "machine=sparc20-smp&pattern=h-relation&h=10&algo=one-relation&g_one=0.5",
    "machine=atm-sparc20&pattern=pipelined-send&data=114600&link=paper",
    "machine=atm-sparc20&pattern=all-to-all&data=670&p=8&algo=separate&link=exact&switches=4",
    "machine=atm-sparc20&pattern=all-to-all&algo=multicast",
    "machine=atm-sparc20&pattern=h-relation&p=8&h=256&algo=total-exchange&k=4&link=paper",
    "machine=atm-sparc20&pattern=barrier&algo=broadcast&b2=150",
    "machine=atm-sparc20&pattern=broadcast&size=1000&p=8",
    "machine=jpl-mark3&pattern=ring-broadcast&size=100&p=4",
    "machine=intel-ipsc&pattern=broadcast&size=1024&p=32&alpha=1500",
    "machine=intel-ipsc&pattern=exchange&size=10&alpha_x=2800",
    "machine=ametek-s14b&pattern=roundtrip&from=2&to=2000",
    "machine=intel-delta&pattern=global-combine&mesh=16x16&n=100000&algo=best&f=nominal",
    "machine=intel-delta&pattern=global-combine&mesh=16x33&n=1&algo=snake&f=testjig&c2=0.3",
    "machine=intel-delta&pattern=exchange&size=800&f=fitted",
    "machine=custom&pattern=pingpong&model=packetized&size=3&a=1&m=0.5&packet=2",
    "machine=custom&pattern=pingpong&model=hyperbolic&a_c=0&a_w=0&b_c=1&b_w=1",
    "machine=custom&pattern=all-to-all&model=bsp&p=4096&g_total=2",
    "machine=custom&pattern=permutation&size=1000000000000&p=2",
    "machine=custom&pattern=global-combine&mesh=64x64&algo=fence&f=standard",
    "machine=custom&pattern=pipelined-send&size=100&data=1000&link=exact&a1=0.04",
];

#[test]
fn hand_picked_canonical_queries_round_trip() {
    for q in CANONICAL {
        let s = parse(q);
        assert_eq!(s.to_query(), *q, "printing {q}");
        assert_eq!(parse(&s.to_query()), s, "re-parsing {q}");
    }
}

#[test]
fn non_canonical_spellings_round_trip_to_one_form() {
    for q in [
        "?pattern=pingpong&machine=intel-paragon&size=12.7k",
        "  machine=intel-paragon&&pattern=pingpong&size=12.7k&  ",
        "machine=intel-paragon&pattern=pingpong&size=12700.0",
        "machine=intel%2Dparagon&pattern=ping%70ong&size=12%2E7k",
        "machine=intel-paragon&pattern=pingpong&size=+12.7k+",
        "machine = intel-paragon & pattern = pingpong & size = 12700",
    ] {
        let s = parse(q);
        assert_eq!(
            s.to_query(),
            "machine=intel-paragon&pattern=pingpong&size=12700",
            "{q}"
        );
        assert_eq!(parse(&s.to_query()), s);
    }
}

// ---------------------------------------------------------------------------------------------
// URL syntax

#[test]
fn a_leading_question_mark_is_allowed() {
    assert_eq!(
        parse("?machine=jpl-mark3&pattern=roundtrip"),
        parse("machine=jpl-mark3&pattern=roundtrip")
    );
}

#[test]
fn percent_escapes_and_plus_are_decoded() {
    // Escapes in a value are decoded after the split on '&' and the first '='.
    assert_eq!(
        canonical("machine=intel-paragon&pattern=pingpong&size=1%30%30"),
        "machine=intel-paragon&pattern=pingpong&size=100"
    );
    // Upper- and lower-case hex.
    assert_eq!(
        canonical("machine=ibm-sp2&pattern=pairs&algo=two%2dframes"),
        "machine=ibm-sp2&pattern=pairs&algo=two-frames"
    );
    assert_eq!(
        canonical("%6Dachine=jpl-mark3"),
        "machine=jpl-mark3&pattern=pingpong"
    );
    // A space written as + or %20 around a value is trimmed.
    assert_eq!(
        canonical("machine=jpl-mark3&size=%2010%20"),
        "machine=jpl-mark3&pattern=pingpong&size=10"
    );
}

#[test]
fn a_malformed_escape_stays_as_written_in_the_message() {
    rejects(
        "machine=intel%zzparagon",
        "machine",
        "intel%zzparagon",
        &["intel-paragon"],
    );
    rejects("machine=intel-paragon&size=12%", "size", "12%", &[]);
}

#[test]
fn a_fragment_without_equals_is_a_syntax_error() {
    let errs = errors("machine=intel-paragon&pingpong");
    assert!(
        matches!(&errs[..], [Error::Syntax { fragment }] if fragment == "pingpong"),
        "{errs:?}"
    );
    assert!(errs[0].to_string().contains("pingpong"));
    assert!(errs[0].to_string().contains("key=value"));
    assert_eq!(errs[0].key(), None);
}

#[test]
fn a_duplicate_key_is_rejected_once_naming_it() {
    let errs = errors("machine=intel-paragon&size=1&size=2");
    assert_eq!(errs, vec![Error::Duplicate { key: "size".into() }]);
    assert!(errs[0].to_string().contains("size"));
    // The same key through an escape is still the same key.
    let errs = errors("machine=intel-paragon&%73ize=1&size=2");
    assert_eq!(errs, vec![Error::Duplicate { key: "size".into() }]);
}

// ---------------------------------------------------------------------------------------------
// Rejections: every class names key, value and what is accepted

#[test]
fn unknown_keys_name_the_accepted_keys() {
    let errs = errors("machine=intel-paragon&pattern=pingpong&colour=blue");
    let e = errs
        .iter()
        .find(|e| e.key() == Some("colour"))
        .expect("colour");
    assert!(matches!(e, Error::UnknownKey { .. }), "{e:?}");
    let m = e.to_string();
    for accepted in [
        "machine", "pattern", "model", "size", "from", "to", "alpha", "beta",
    ] {
        assert!(m.contains(accepted), "{m} lacks {accepted}");
    }
    // A parameter of another model of the same machine is not accepted for this model.
    let e = &errors("machine=intel-paragon&pattern=pingpong&b_c=0.01")[0];
    assert_eq!(e.key(), Some("b_c"));
    assert!(e.to_string().contains("alpha"));
}

#[test]
fn unknown_ids_name_every_accepted_id() {
    let machines: Vec<&str> = MACHINES.iter().map(|m| m.id).collect();
    rejects("machine=cray-t3d", "machine", "cray-t3d", &machines);
    let patterns: Vec<&str> = PATTERNS.iter().map(|p| p.id).collect();
    rejects(
        "machine=intel-paragon&pattern=gossip",
        "pattern",
        "gossip",
        &patterns,
    );
    rejects(
        "machine=intel-paragon&pattern=pingpong&model=logp",
        "model",
        "logp",
        &["hockney", "hyperbolic"],
    );
    // Ids are case-sensitive, as in the URL.
    rejects(
        "machine=Intel-Paragon",
        "machine",
        "Intel-Paragon",
        &["intel-paragon"],
    );
}

#[test]
fn a_model_the_pattern_does_not_offer_names_the_offered_ones() {
    rejects(
        "machine=intel-paragon&pattern=pingpong&model=bsp",
        "model",
        "bsp",
        &["pingpong", "intel-paragon", "hockney", "hyperbolic"],
    );
    rejects(
        "machine=jpl-mark3&pattern=pingpong&model=hyperbolic",
        "model",
        "hyperbolic",
        &["hockney"],
    );
}

#[test]
fn non_finite_and_negative_numbers_are_rejected() {
    for bad in [
        "inf", "-inf", "NaN", "nan", "infinity", "-1", "-0.5", "1e999", "", "abc", "0x10", "1..2",
        "1e", "--1", "1,5",
    ] {
        rejects(
            &format!("machine=intel-paragon&pattern=pingpong&size={bad}"),
            "size",
            bad,
            &["whole number"],
        );
        rejects(
            &format!("machine=intel-paragon&pattern=pingpong&alpha={bad}"),
            "alpha",
            bad,
            &["finite number"],
        );
    }
    // Zero is not a size, and sizes stop at 10¹² bytes.
    rejects("pattern=pingpong&size=0", "size", "0", &["from 1"]);
    rejects("pattern=pingpong&size=1e13", "size", "1e13", &["10¹²"]);
    rejects(
        "pattern=pingpong&size=2T",
        "size",
        "2T",
        &["k, M, G, Ki, Mi"],
    );
    for key in ["from", "to"] {
        rejects(&format!("pattern=pingpong&{key}=-1"), key, "-1", &["bytes"]);
    }
    rejects(
        "machine=atm-sparc20&pattern=pipelined-send&data=NaN",
        "data",
        "NaN",
        &["bytes"],
    );
    rejects(
        "machine=intel-paragon&pattern=h-relation&h=-4",
        "h",
        "-4",
        &["words"],
    );
    rejects(
        "machine=intel-delta&pattern=global-combine&n=inf",
        "n",
        "inf",
        &["elements"],
    );
}

#[test]
fn parameters_stay_within_their_stated_range() {
    // 000 §3.3: the vendor quotes a_c from 5 to 35 µs on the SP2.
    rejects(
        "machine=ibm-sp2&pattern=pingpong&a_c=40",
        "a_c",
        "40",
        &["5", "35", "000 §3.3"],
    );
    rejects(
        "machine=ibm-sp2&pattern=pingpong&a_c=4.9",
        "a_c",
        "4.9",
        &["5", "35"],
    );
    assert!(Scenario::from_query("machine=ibm-sp2&pattern=pingpong&a_c=35").is_ok());
    assert!(Scenario::from_query("machine=ibm-sp2&pattern=pingpong&a_c=5").is_ok());
    rejects(
        "machine=intel-paragon&pattern=h-relation&g=101",
        "g",
        "101",
        &["0", "100"],
    );
}

#[test]
fn processors_lie_between_2_and_4096() {
    for bad in ["0", "1", "4097", "-2", "2.5", "1e3", "many", "99999999999"] {
        rejects(
            &format!("machine=ethernet-now&pattern=all-to-all&p={bad}"),
            "p",
            bad,
            &["2", "4096"],
        );
    }
    for good in ["2", "4096", "8", "100"] {
        let s = parse(&format!("machine=ethernet-now&pattern=all-to-all&p={good}"));
        assert_eq!(s.inputs.p.map(|p| p.to_string()).as_deref(), Some(good));
    }
    // A bad p is a bad number even where the pattern takes no p.
    rejects(
        "machine=intel-paragon&pattern=pingpong&p=1",
        "p",
        "1",
        &["2", "4096"],
    );
}

#[test]
fn bsp_put_calls_are_a_positive_whole_number() {
    for bad in ["0", "-1", "1.5", "1000001"] {
        rejects(
            &format!("machine=atm-sparc20&pattern=h-relation&k={bad}"),
            "k",
            bad,
            &["1", "1000000"],
        );
    }
}

#[test]
fn invalid_meshes_are_rejected() {
    for bad in [
        "0x4", "4x0", "1x1", "65x65", "100x100", "16", "16x", "x16", "16x16x2", "axb", "-4x4",
        "16*16",
    ] {
        rejects(
            &format!("machine=intel-delta&pattern=global-combine&mesh={bad}"),
            "mesh",
            bad,
            &["W×H", "4096"],
        );
    }
    for (good, parsed) in [
        ("16x16", (16, 16)),
        ("16X33", (16, 33)),
        ("2×1", (2, 1)),
        ("1x2", (1, 2)),
        ("64x64", (64, 64)),
        ("4096x1", (4096, 1)),
    ] {
        let s = parse(&format!(
            "machine=intel-delta&pattern=global-combine&mesh={good}"
        ));
        assert_eq!(s.inputs.mesh, Some(parsed), "{good}");
    }
}

#[test]
fn a_pattern_not_valid_on_the_machine_says_where_it_is() {
    rejects(
        "machine=jpl-mark3&pattern=pairs",
        "pattern",
        "pairs",
        &["ibm-sp2", "intel-paragon"],
    );
    rejects(
        "machine=intel-delta&pattern=h-relation",
        "pattern",
        "h-relation",
        &["intel-paragon", "ibm-sp2"],
    );
    // Every pattern rejected on every machine it does not list.
    for m in MACHINES {
        for p in PATTERNS {
            let q = format!("machine={}&pattern={}", m.id, p.id);
            match p.unsupported_on(m) {
                None => assert_eq!(parse(&q).pattern.id, p.id),
                Some(_) => rejects(&q, "pattern", p.id, &[]),
            }
        }
    }
}

#[test]
fn unknown_algorithms_name_the_machines_algorithms() {
    rejects(
        "machine=ibm-sp2&pattern=pairs&algo=three-frames",
        "algo",
        "three-frames",
        &["one-frame", "two-frames"],
    );
    rejects(
        "machine=intel-delta&pattern=global-combine&algo=ring",
        "algo",
        "ring",
        &["best", "tree", "snake", "fence"],
    );
    rejects(
        "machine=atm-sparc20&pattern=all-to-all&algo=broadcast",
        "algo",
        "broadcast",
        &["separate", "multicast"],
    );
    // A pattern that takes algo on a machine that offers none.
    rejects(
        "machine=intel-paragon&pattern=pairs&algo=one-frame",
        "algo",
        "one-frame",
        &["no algorithm choice"],
    );
    // A pattern that takes no algo at all.
    rejects(
        "machine=intel-paragon&pattern=pingpong&algo=tree",
        "algo",
        "tree",
        &[],
    );
}

#[test]
fn inputs_a_pattern_does_not_take_name_the_ones_it_takes() {
    rejects(
        "machine=intel-paragon&pattern=pingpong&p=8",
        "p",
        "8",
        &["pingpong", "size", "from", "to"],
    );
    rejects(
        "machine=intel-delta&pattern=exchange&mesh=4x4",
        "mesh",
        "4x4",
        &["size", "f"],
    );
}

#[test]
fn f_sets_and_link_times_are_closed_lists() {
    rejects(
        "machine=intel-delta&pattern=global-combine&f=measured",
        "f",
        "measured",
        &["standard", "nominal", "fitted", "testjig"],
    );
    rejects(
        "machine=atm-sparc20&pattern=pipelined-send&link=rounded",
        "link",
        "rounded",
        &["paper", "exact"],
    );
}

#[test]
fn the_curve_range_must_rise() {
    rejects(
        "pattern=pingpong&from=1000&to=10",
        "to",
        "10",
        &["from=1000"],
    );
    rejects("pattern=pingpong&from=10&to=10", "to", "10", &["from"]);
    assert!(Scenario::from_query("pattern=pingpong&from=10&to=11").is_ok());
}

#[test]
fn every_problem_is_reported_at_once() {
    let errs = errors("machine=intel-paragon&pattern=pingpong&size=-1&colour=red&alpha=inf&bad");
    let keys: Vec<Option<&str>> = errs.iter().map(Error::key).collect();
    assert_eq!(errs.len(), 4, "{errs:?}");
    for key in [Some("size"), Some("colour"), Some("alpha"), None] {
        assert!(keys.contains(&key), "{key:?} in {keys:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// The lenient parser: keep what is valid

#[test]
fn the_lenient_parser_keeps_every_valid_key() {
    let (s, errs) = Scenario::from_query_lenient(
        "machine=ethernet-now&pattern=all-to-all&p=6&size=abc&a_c=300&colour=red",
    );
    let s = s.expect("a scenario");
    assert_eq!(s.machine.id, "ethernet-now");
    assert_eq!(s.pattern.id, "all-to-all");
    assert_eq!(s.inputs.p, Some(6));
    assert_eq!(s.inputs.size, None);
    assert_eq!(s.overrides, vec![("a_c", 300.0)]);
    let keys: Vec<_> = errs.iter().filter_map(Error::key).collect();
    assert_eq!(keys, ["size", "colour"]);
}

#[test]
fn the_lenient_parser_falls_back_to_defaults_for_bad_ids() {
    // An unknown machine: the default machine, with the valid pattern and inputs kept.
    let (s, errs) = Scenario::from_query_lenient("machine=nowhere&pattern=roundtrip&size=100");
    let s = s.expect("a scenario");
    assert_eq!(s.machine.id, "intel-paragon");
    assert_eq!(s.pattern.id, "roundtrip");
    assert_eq!(s.inputs.size, Some(100.0));
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].key(), Some("machine"));

    // A pattern not valid on the machine: the machine kept, its first pattern used.
    let (s, errs) = Scenario::from_query_lenient("machine=jpl-mark3&pattern=pairs");
    let s = s.expect("a scenario");
    assert_eq!(s.machine.id, "jpl-mark3");
    assert_eq!(s.pattern.id, "pingpong");
    assert_eq!(errs[0].key(), Some("pattern"));

    // A model not offered: the default model.
    let (s, errs) =
        Scenario::from_query_lenient("machine=intel-paragon&pattern=pingpong&model=bsp&size=5");
    let s = s.expect("a scenario");
    assert_eq!(s.model, Model::Hockney);
    assert_eq!(s.inputs.size, Some(5.0));
    assert_eq!(errs[0].key(), Some("model"));
}

#[test]
fn the_lenient_parser_drops_a_falling_range_but_keeps_from() {
    let (s, errs) = Scenario::from_query_lenient("pattern=pingpong&from=100&to=10");
    let s = s.expect("a scenario");
    assert_eq!(s.inputs.from, Some(100.0));
    assert_eq!(s.inputs.to, None);
    assert_eq!(errs[0].key(), Some("to"));
}

#[test]
fn strict_and_lenient_agree_on_valid_queries() {
    for q in CANONICAL {
        let (s, errs) = Scenario::from_query_lenient(q);
        assert!(errs.is_empty(), "{q}: {errs:?}");
        assert_eq!(s, Some(parse(q)));
    }
}

#[test]
fn accepted_keys_come_from_the_declarations() {
    let s = parse("machine=intel-delta&pattern=global-combine");
    let keys = Scenario::accepted_keys(s.machine, s.pattern, s.model);
    for k in [
        "machine", "pattern", "model", "from", "to", "n", "mesh", "algo", "f", "alpha", "beta",
        "c2", "c3",
    ] {
        assert!(keys.contains(&k), "{k} in {keys:?}");
    }
    assert!(!keys.contains(&"size"), "{keys:?}");
}

/// UI edits go through `with`, `without` and `switched`: one validation for every path.
#[test]
fn edits_keep_what_still_applies() {
    let s = Scenario::from_query("machine=intel-paragon&pattern=h-relation&p=16&g=7").unwrap();
    assert_eq!(
        s.with("p", "32").unwrap().to_query(),
        "machine=intel-paragon&pattern=h-relation&p=32&g=7"
    );
    let e = s.with("p", "-1").unwrap_err();
    assert_eq!(e.0[0].key(), Some("p"));
    assert_eq!(
        s.without("g").to_query(),
        "machine=intel-paragon&pattern=h-relation&p=16"
    );
    // The SP2 has h-relations too: p stays, the Paragon's table override g does not.
    let sp2 = s.switched("machine", "ibm-sp2").unwrap();
    assert_eq!(sp2.to_query(), "machine=ibm-sp2&pattern=h-relation&p=16");
    // The DELTA has no h-relation: its first pattern, and p is dropped (ping-pong takes no p).
    let delta = s.switched("machine", "intel-delta").unwrap();
    assert_eq!(delta.to_query(), "machine=intel-delta&pattern=pingpong");
    // A pattern the machine does not offer is refused, with the reason.
    let e = s.switched("pattern", "global-combine").unwrap_err();
    assert_eq!(e.0[0].key(), Some("pattern"));
    assert!(s.switched("machine", "nosuch").is_err());
    // Switching the pattern keeps the inputs the new one takes.
    let pp = s.switched("pattern", "permutation").unwrap();
    assert_eq!(
        pp.to_query(),
        "machine=intel-paragon&pattern=permutation&p=16"
    );
}

/// A zero rate (β = 0: a network with no per-byte cost) is a question the query takes: the cost
/// stays finite where nothing divides by the rate (a broadcast), and only a report that does
/// (r∞ = 1/β, n½ = α/β) is refused, by the evaluation. The sliders alone leave the zero step out
/// (`ParamSet::excludes_zero`), so that every step they offer is taken on every view.
#[test]
fn a_zero_rate_is_taken_where_the_costs_stay_finite() {
    let broadcast = parse("machine=intel-paragon&pattern=broadcast&beta=0");
    let time = commcalc_core::evaluate(&broadcast)
        .expect("a broadcast without a per-byte cost")
        .metric("time_us");
    assert!(time.is_some_and(|t| t.is_finite() && t > 0.0), "{time:?}");
    let pingpong = parse("machine=intel-paragon&pattern=pingpong&beta=0");
    assert!(commcalc_core::evaluate(&pingpong).is_err(), "r∞ = 1/β");
    let paragon = MACHINES.iter().find(|m| m.id == "intel-paragon").unwrap();
    assert!(paragon.set(Model::Hockney).unwrap().excludes_zero("beta"));
}

/// The fuzzer's committed seeds keep the promise its target checks: whatever the lenient parser
/// keeps of a query prints a canonical form that the strict parser reads back to it.
#[test]
fn the_fuzz_seeds_print_canonically() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/query");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
        let query = String::from_utf8_lossy(&std::fs::read(entry.path()).unwrap()).into_owned();
        let strict = Scenario::from_query(&query);
        let (lenient, errors) = Scenario::from_query_lenient(&query);
        if let (Some(s), true) = (lenient, errors.is_empty()) {
            let printed = s.to_query();
            assert_eq!(parse(&printed), s, "{query:?} printed {printed:?}");
            assert_eq!(strict.ok(), Some(s), "{query:?}");
        }
        seen += 1;
    }
    assert!(seen > 0, "no seeds");
}
