//! Arbitrary bytes, read as UTF-8 (lossily), through everything a pasted URL goes through:
//! the strict parser, `run`, and the lenient parser followed by printing and evaluating what it
//! kept, as the web app does. The core promises no panics on any input.

#![no_main]

use libfuzzer_sys::fuzz_target;

use commcalc_core::{evaluate, run, Scenario};

fuzz_target!(|data: &[u8]| {
    let query = String::from_utf8_lossy(data);
    let strict = Scenario::from_query(&query);
    let _ = run(&query);
    let (lenient, errors) = Scenario::from_query_lenient(&query);
    if let Some(s) = lenient {
        let printed = s.to_query();
        let _ = evaluate(&s);
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
