//! Arbitrary bytes as a pasted benchmark output: detection and every format's reader, then the
//! fits on whatever was read. The core promises no panic and no hang on any input; what it
//! accepts must also keep the readers' invariants, checked here.

#![no_main]

use libfuzzer_sys::fuzz_target;

use commcalc_core::measurements::fit::fit;
use commcalc_core::measurements::{parse, Format};
use commcalc_core::Scenario;

fuzz_target!(|data: &[u8]| {
    let formats = [None].into_iter().chain(Format::ALL.into_iter().map(Some));
    for format in formats {
        let Ok(series) = parse(data, format) else {
            continue;
        };
        for s in &series {
            assert!(
                s.points.windows(2).all(|w| w[0][0] < w[1][0]),
                "sizes must grow: {:?}",
                s.points
            );
            assert!(s.points.iter().all(|p| p[1].is_finite() && p[1] >= 0.0));
        }
        if let Ok(report) = fit(series) {
            let h = &report.fits.hockney;
            assert!(h.a_us.is_finite() && h.b_us_per_byte.is_finite(), "{h:?}");
            // The query parses unless the fit says why it will be refused.
            let refused = report.warnings.iter().any(|w| w.contains("refused"));
            assert!(refused || Scenario::from_query(&report.query).is_ok(), "{}", report.query);
        }
    }
});
