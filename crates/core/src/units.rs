//! Units and their display (docs/models.md, Units): time in µs, sizes in bytes, bandwidth in MB/s, which is
//! numerically bytes per µs. Display uses SI prefixes, never raw floats.

use crate::metrics::Unit;

/// Bytes in a BSP word (002 §4.3, 001 §3).
pub const WORD_BYTES: f64 = 4.0;
/// Bytes in a DELTA vector element, a double (004 §7.2).
pub const ELEMENT_BYTES: f64 = 8.0;

/// The prefixes of a size and what each multiplies by: decimal (`k` or `K`, `M`, `G`) and
/// binary (`Ki`, `Mi`, `Gi`), as the query language writes them and a table's column names
/// (`size_kB`, `Size (KiB)`).
pub const SIZE_PREFIXES: [(&str, f64); 7] = [
    ("Ki", 1024.0),
    ("Mi", 1048576.0),
    ("Gi", 1073741824.0),
    ("k", 1e3),
    ("K", 1e3),
    ("M", 1e6),
    ("G", 1e9),
];

/// Parses a size with an optional prefix ([`SIZE_PREFIXES`]) and an optional trailing `B`:
/// `100000`, `12.7k`, `64Ki`, `1MB`. Returns `None` for anything else, including non-finite
/// and negative values; the caller names the key in its error.
pub fn parse_size(text: &str) -> Option<f64> {
    let t = text.trim();
    let t = t.strip_suffix('B').unwrap_or(t);
    let (num, mult) = SIZE_PREFIXES
        .iter()
        .find_map(|(prefix, m)| t.strip_suffix(prefix).map(|n| (n, *m)))
        .unwrap_or((t, 1.0));
    let value = parse_number(num)? * mult;
    value.is_finite().then_some(value)
}

/// Parses a plain finite, non-negative decimal number. Rejects `inf`, `NaN`, signs on zero and
/// hex, which `f64::from_str` would partly accept.
pub fn parse_number(text: &str) -> Option<f64> {
    let t = text.trim();
    let ok = !t.is_empty()
        && t.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'))
        && t.chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '.');
    let v = if ok {
        t.parse::<f64>().ok()?
    } else {
        return None;
    };
    (v.is_finite() && v >= 0.0).then_some(v)
}

/// Formats a value with an SI prefix and a unit: `si(12700.0, "B")` is `12.7 kB`,
/// `si(1400.0, "µs")` is `1.4 ms`. Three significant digits, which is as many as the papers print.
pub fn si(value: f64, unit: &str) -> String {
    if !value.is_finite() {
        return format!("{value} {unit}");
    }
    // Past 1000 s a time reads in minutes or hours (3.2 h, not 11.5 ks).
    if unit == "µs" && value.abs() >= 1e9 {
        let (per, name) = if value.abs() >= 3.6e9 {
            (3.6e9, "h")
        } else {
            (6e7, "min")
        };
        return format!("{} {name}", sig3_grouped(value / per));
    }
    // Time is kept in µs internally, so move to seconds first to pick the prefix.
    let (value, unit) = match unit {
        "µs" => (value * 1e-6, "s"),
        "MB/s" => (value * 1e6, "B/s"),
        "µs/B" => (value * 1e-6, "s/B"),
        other => (value, other),
    };
    if value == 0.0 {
        return format!("0 {unit}");
    }
    const PREFIXES: [(f64, &str); 9] = [
        (1e12, "T"),
        (1e9, "G"),
        (1e6, "M"),
        (1e3, "k"),
        (1.0, ""),
        (1e-3, "m"),
        (1e-6, "µ"),
        (1e-9, "n"),
        (1e-12, "p"),
    ];
    let magnitude = value.abs();
    // Bytes come whole: a share of one (a mean, a per-node part) reads as a fraction of a
    // byte, never with a milli- prefix that reads as mega.
    let smallest = if unit == "B" { 1.0 } else { 1e-12 };
    let (scale, prefix) = PREFIXES
        .iter()
        .filter(|(s, _)| *s >= smallest)
        .find(|(s, _)| magnitude >= *s * 0.9995)
        .copied()
        .unwrap_or((smallest, if unit == "B" { "" } else { "p" }));
    format!("{} {prefix}{unit}", sig3(value / scale))
}

/// A whole number with its thousands grouped by a narrow no-break space, as SI writes them
/// (`12 700`, `1 733`): the one thousands style of every number the app and the CLI print.
pub fn grouped(v: f64) -> String {
    let digits = format!("{:.0}", v.abs());
    let mut out = String::with_capacity(digits.len() * 2);
    if v < 0.0 && digits != "0" {
        out.push('−');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('\u{202f}');
        }
        out.push(c);
    }
    out
}

/// Three significant digits, grouped past 1000 (`14 650`, `3.2`).
fn sig3_grouped(v: f64) -> String {
    if v.abs() >= 1000.0 {
        grouped(v)
    } else {
        sig3(v)
    }
}

/// A percentage as a reader wants it: one decimal below 100% (`6.1%`), whole and grouped
/// from there (`14 650%`).
pub fn percent(pct: f64) -> String {
    if pct.abs() >= 100.0 {
        format!("{}%", grouped(pct))
    } else {
        format!("{pct:.1}%")
    }
}

/// Three significant digits without trailing zeros: 12.70 → "12.7", 87.0 → "87", 1.234 → "1.23".
pub fn sig3(v: f64) -> String {
    let decimals = if v.abs() >= 100.0 {
        0
    } else if v.abs() >= 10.0 {
        1
    } else {
        2
    };
    let s = format!("{v:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A value computed from numbers a person typed, as they would write it: to 14 significant
/// digits, which drops the binary rounding of the arithmetic (0.7 + 0.6 is 1.2999999999999998
/// in f64, written 1.3; 64 additions err by far less than 10⁻¹⁴) and keeps the digits typed
/// (a sum of hit probabilities refused for exceeding 1 by 2·10⁻¹² still shows the excess,
/// where three digits would show 1).
pub fn written(v: f64) -> String {
    let rounded: f64 = format!("{v:.13e}").parse().unwrap_or(v);
    format!("{rounded}")
}

/// A metric's value as the page and the CLI show it: with an SI prefix in its catalogued unit
/// ([`crate::metrics`]); a key the catalogue does not have is shown as a plain number.
pub fn metric(key: &str, value: f64) -> String {
    crate::metrics::metric(key).map_or_else(|| sig3(value), |m| in_unit(value, m.unit))
}

/// A value in one of the catalogue's units, as the page and the CLI show it.
pub fn in_unit(value: f64, unit: Unit) -> String {
    match unit {
        Unit::Us
        | Unit::MBps
        | Unit::Bytes
        | Unit::UsPerByte
        | Unit::Flops
        | Unit::FlopsPerWord => si(value, unit.symbol()),
        Unit::UsPerWord => si(value * 1e-6, "s/word"),
        Unit::UsPerElem => si(value * 1e-6, "s/element"),
        Unit::Elems => format!("{} elements", count(value)),
        Unit::Count => count(value),
        Unit::Fraction => format!("{} %", sig3(100.0 * value)),
        Unit::Name => sig3(value),
    }
}

/// A count: whole numbers in full (grouped), anything else to three significant digits.
fn count(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        grouped(v)
    } else {
        sig3(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sum of typed decimals reads as written, its binary rounding gone, its digits kept.
    #[test]
    fn a_typed_sum_is_written_as_a_person_writes_it() {
        assert_eq!(written(0.7 + 0.6), "1.3");
        assert_eq!(written(0.1 + 0.2), "0.3");
        assert_eq!(written(1.0000001), "1.0000001");
        assert_eq!(written(1.0 + 2e-12), "1.000000000002");
        assert_eq!(written(2.0), "2");
    }

    #[test]
    fn units_follow_the_key_suffix() {
        assert_eq!(metric("time_us", 1400.0), "1.4 ms");
        assert_eq!(metric("r_inf_MBps", 87.0), "87 MB/s");
        assert_eq!(metric("n_half_bytes", 12700.0), "12.7 kB");
        assert_eq!(metric("b_us_per_byte", 0.0115), "11.5 ns/B");
        assert_eq!(metric("g_us_per_word", 0.27), "270 ns/word");
        assert_eq!(metric("snake_block_elems", 1234.0), "1\u{202f}234 elements");
        assert_eq!(metric("something", 2.5), "2.5");
        assert_eq!(metric("g_flops_per_word", 71.6), "71.6 flop/word");
        assert_eq!(metric("l_flops", 51140.0), "51.1 kflop");
        assert_eq!(
            metric("fence_asymptotic_us_per_elem", 9.61),
            "9.61 µs/element"
        );
    }

    #[test]
    fn sizes_parse_with_suffixes() {
        assert_eq!(parse_size("100000"), Some(1e5));
        assert_eq!(parse_size("12.7k"), Some(12700.0));
        assert_eq!(parse_size("64Ki"), Some(65536.0));
        assert_eq!(parse_size("1MB"), Some(1e6));
        assert_eq!(parse_size("2Mi"), Some(2097152.0));
        for bad in ["", "-3", "NaN", "inf", "1e999", "k", "0x10", "1..2"] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
    }

    #[test]
    fn si_prefixes_read_like_the_papers() {
        assert_eq!(si(12700.0, "B"), "12.7 kB");
        assert_eq!(si(87.0, "MB/s"), "87 MB/s");
        assert_eq!(si(1400.0, "µs"), "1.4 ms");
        assert_eq!(si(100000.0, "B"), "100 kB");
        assert_eq!(si(0.0115, "µs/B"), "11.5 ns/B");
        assert_eq!(si(0.0, "µs"), "0 s");
    }

    /// One thousands style; long times in minutes and hours; percentages to sensible precision.
    #[test]
    fn numbers_read_in_one_style() {
        assert_eq!(grouped(114_600.0), "114\u{202f}600");
        assert_eq!(grouped(1733.0), "1\u{202f}733");
        assert_eq!(grouped(999.0), "999");
        assert_eq!(grouped(-1234.4), "−1\u{202f}234");
        assert_eq!(si(11.5e9, "µs"), "3.19 h");
        assert_eq!(si(1.2e9, "µs"), "20 min");
        assert_eq!(si(999e6, "µs"), "999 s");
        assert_eq!(si(7.2e12, "µs"), "2\u{202f}000 h");
        assert_eq!(percent(14_650.34), "14\u{202f}650%");
        assert_eq!(percent(6.14), "6.1%");
        assert_eq!(percent(-25.8), "-25.8%");
    }

    /// A byte has no milli-: "500 mB" reads as megabytes.
    #[test]
    fn bytes_take_no_prefix_below_one() {
        assert_eq!(si(0.5, "B"), "0.5 B");
        assert_eq!(si(1e-300, "B"), "0 B");
        assert_eq!(si(0.999, "B"), "1 B");
        assert_eq!(si(0.0005, "µs"), "500 ps");
    }

    /// What the address, the fields and the tables accept as a number, and what they refuse.
    #[test]
    fn numbers_parse_as_the_standard_library_reads_them() {
        for (text, v) in [("0.0115", 0.0115), ("1e-3", 1e-3), (".5", 0.5), ("7.", 7.0)] {
            assert_eq!(parse_number(text), Some(v), "{text}");
        }
        for bad in [
            "", "-1", "+1", "inf", "NaN", "0x10", "1e", "1e999", "1_000", " ", "e5",
        ] {
            assert_eq!(parse_number(bad), None, "{bad}");
        }
    }

    proptest::proptest! {
        /// A number printed as the address prints it reads back to the same double, bit for
        /// bit: parse∘print is the identity.
        #[test]
        fn printed_numbers_read_back(bits in proptest::prelude::any::<u64>()) {
            let v = f64::from_bits(bits).abs();
            proptest::prop_assume!(v.is_finite());
            proptest::prop_assert_eq!(parse_number(&format!("{v}")).map(f64::to_bits), Some(v.to_bits()));
            proptest::prop_assert_eq!(parse_number(&format!("{v:e}")).map(f64::to_bits), Some(v.to_bits()));
        }
    }
}
