//! Arbitrary bytes as the web app's whole address: the page keys (view, compared scenarios,
//! data set, f(L) sets, embed) split from the scenario, as `app::start` does. Nothing may
//! panic (a panic kills the page), and a clean address prints back to the same page.

#![no_main]

use libfuzzer_sys::fuzz_target;

use commcalc_core::Scenario;
use commcalc_web::page::{check_show, parse, print};

fuzz_target!(|data: &[u8]| {
    let search = String::from_utf8_lossy(data);
    let (page, rest, problems) = parse(&search);
    let (scenario, errors) = Scenario::from_query_lenient(&rest);
    let Some(scenario) = scenario else { return };
    let unknown = check_show(&page, &scenario);
    if problems.is_empty() && errors.is_empty() && unknown.is_empty() {
        let printed = print(&page, &scenario);
        let (again, rest_again, problems_again) = parse(&printed);
        assert!(problems_again.is_empty(), "{printed:?}: {problems_again:?}");
        // The calculator and validate views do not print what they do not show.
        if page.view == commcalc_web::page::View::Regimes {
            assert_eq!(again.maps, page.maps, "{printed:?}");
        }
        assert_eq!(again.view, page.view, "{printed:?}");
        assert_eq!(again.embed, page.embed, "{printed:?}");
        if page.view == commcalc_web::page::View::Calculator
            || page.view == commcalc_web::page::View::Regimes
            || page.view == commcalc_web::page::View::Collectives
        {
            let s = Scenario::from_query(&rest_again).expect("a printed scenario parses");
            assert_eq!(s, scenario, "{printed:?}");
        }
    }
});
