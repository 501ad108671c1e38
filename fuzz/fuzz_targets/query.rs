//! Arbitrary bytes, read as UTF-8 (lossily), through everything a pasted URL goes through:
//! the strict parser, `run`, and the lenient parser followed by printing and evaluating what it
//! kept, as the web app does. The core promises no panics on any input.

#![no_main]

use libfuzzer_sys::fuzz_target;

use commcalc_core::patterns::traffic::config_of;
use commcalc_core::{evaluate, run, Scenario};

/// The most messages (count × replications) a traffic scenario may simulate here: the query
/// language accepts up to 10¹⁰, which would stall the fuzzer on one input; parsing and
/// printing still see every such query.
const MAX_FUZZ_MESSAGES: u64 = 100_000;

fn cheap(s: &Scenario) -> bool {
    config_of(s).map_or(true, |(c, _)| {
        c.messages_per_node().iter().sum::<u64>() * u64::from(c.reps) <= MAX_FUZZ_MESSAGES
    })
}

fuzz_target!(|data: &[u8]| {
    let query = String::from_utf8_lossy(data);
    let strict = Scenario::from_query(&query);
    if strict.as_ref().map_or(true, cheap) {
        let _ = run(&query);
    }
    let (lenient, errors) = Scenario::from_query_lenient(&query);
    if let Some(s) = lenient {
        let printed = s.to_query();
        if cheap(&s) {
            let _ = evaluate(&s);
        }
        // A query the strict parser accepts prints a canonical form that parses back to it.
        if errors.is_empty() {
            let again = Scenario::from_query(&printed).expect("a canonical query parses");
            assert_eq!(
                again, s,
                "parse∘print changed {query:?} (printed {printed:?})"
            );
            assert_eq!(strict.ok(), Some(s));
        }
    }
});
