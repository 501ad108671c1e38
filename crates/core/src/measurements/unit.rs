//! The unit a table's column names (`Latency (us)`, `t_avg[usec]`, `size_kB`, `bw_Gbps`), read
//! as written: a capital `B` is a byte and a small `b` a bit (`Gb/s` is 125 MB/s, `GB/s`
//! 1000); the prefixes are the query language's ([`SIZE_PREFIXES`]: `k`, `M`, `G` powers of
//! 1000, `Ki`, `Mi`, `Gi` powers of 1024), in either case. A unit this reader does not know is
//! an error, never a guess: a time read in the wrong unit moves every fitted parameter by a
//! factor of 1000.

use crate::units::SIZE_PREFIXES;

/// The units each kind of column takes, for the messages that refuse one.
pub(crate) const SIZE_UNITS: &str = "B (bytes), kB, MB, GB, KiB, MiB, GiB, or bits";
pub(crate) const TIME_UNITS: &str = "s (sec), ms (msec), us (µs, usec) or ns (nsec)";
pub(crate) const RATE_UNITS: &str =
    "B/s (MB/s, GB/s, MiB/s, Mbytes/sec, MBps …) or bit/s (Mb/s, Gbit/s, Gbps …)";

/// Words that qualify a column without being its unit (`t_avg`, `MinLatency`, `message_size`).
const QUALIFIERS: [&str; 16] = [
    "avg",
    "average",
    "min",
    "max",
    "mean",
    "median",
    "latency",
    "lat",
    "time",
    "t",
    "size",
    "msg",
    "message",
    "length",
    "bandwidth",
    "bw",
];

/// What a column's name says of its unit.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Named<'a> {
    /// No unit: the name is a quantity alone (`Size`, `latency`, `t_avg`).
    None,
    /// The unit's word (`us`, `kB`, `Gbps`, `MB/s`).
    Unit(&'a str),
}

/// The unit a column's name gives: the word in brackets (`Latency (us)`, `t_avg[usec]`), else
/// the last of its words (`time_ms`, `Size, bytes`), or the whole name where it is a unit
/// (`MB/s`, `#bytes`); a word that only qualifies the quantity is none.
pub(crate) fn named(name: &str) -> Named<'_> {
    let bracketed = name.find(['(', '[']).and_then(|open| {
        let rest = &name[open + 1..];
        rest.find([')', ']']).map(|close| rest[..close].trim())
    });
    let words: Vec<&str> = name
        .split(|c: char| !(c.is_alphanumeric() || c == '/'))
        .filter(|w| !w.is_empty())
        .collect();
    let word = match (bracketed, words.as_slice()) {
        (Some(w), _) => Some(w),
        // One word is a unit only if it is one (`MB/s`, `bytes`), not a name (`MinLatency`).
        (None, [w]) => Some(*w).filter(|w| is_unit(w)),
        (None, words) => words.last().copied(),
    };
    match word {
        Some(w) if !QUALIFIERS.contains(&w.to_lowercase().as_str()) => Named::Unit(w),
        _ => Named::None,
    }
}

/// Whether a word is a unit of some kind this reader knows.
fn is_unit(word: &str) -> bool {
    bytes_in(word).is_some() || mb_per_s_in(word).is_some() || us_in(word).is_some()
}

/// Bytes in one of an amount's unit (`kB` 1000, `KiB` 1024, `Mbit` 125000), if it is one.
pub(crate) fn bytes_in(unit: &str) -> Option<f64> {
    let bases: [(&str, f64, bool); 6] = [
        ("bytes", 1.0, false),
        ("byte", 1.0, false),
        ("bits", 0.125, false),
        ("bit", 0.125, false),
        ("B", 1.0, true),
        ("b", 0.125, true),
    ];
    let (prefix, base) = bases.iter().find_map(|&(word, bytes, exact)| {
        let at = unit.len().checked_sub(word.len())?;
        let tail = unit.get(at..)?;
        let same = if exact {
            tail == word
        } else {
            tail.eq_ignore_ascii_case(word)
        };
        same.then(|| (&unit[..at], bytes))
    })?;
    // A column's name may be in lower case throughout (`size_kib`, `bw_mbps`): a prefix is
    // read whatever its case, a base's `B` or `b` is not.
    let scale = match prefix {
        "" => 1.0,
        _ => {
            SIZE_PREFIXES
                .iter()
                .find(|(p, _)| p.eq_ignore_ascii_case(prefix))?
                .1
        }
    };
    Some(scale * base)
}

/// MB/s (10^6 B/s) in one of a rate's unit (`MB/s` 1, `Gb/s` 125, `Mbytes/sec` 1, `Gbps` 125).
pub(crate) fn mb_per_s_in(unit: &str) -> Option<f64> {
    ["/s", "/sec", "/second", "ps"]
        .iter()
        .find_map(|per| unit.strip_suffix(per).and_then(bytes_in))
        .map(|bytes| bytes / 1e6)
}

/// µs in one of a time's unit (`ms` 1000, `ns` 0.001).
pub(crate) fn us_in(unit: &str) -> Option<f64> {
    match unit.to_lowercase().as_str() {
        "us" | "usec" | "µs" | "μs" | "microsecond" | "microseconds" => Some(1.0),
        "ms" | "msec" | "millisecond" | "milliseconds" => Some(1e3),
        "ns" | "nsec" | "nanosecond" | "nanoseconds" => Some(1e-3),
        "s" | "sec" | "secs" | "second" | "seconds" => Some(1e6),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unit_is_the_bracketed_word_or_the_last() {
        assert_eq!(named("Avg Latency(us)"), Named::Unit("us"));
        assert_eq!(named("t_avg[usec]"), Named::Unit("usec"));
        assert_eq!(named("Bandwidth (MB/s)"), Named::Unit("MB/s"));
        assert_eq!(named("size_kB"), Named::Unit("kB"));
        assert_eq!(named("Size, bytes"), Named::Unit("bytes"));
        assert_eq!(named("#bytes"), Named::Unit("bytes"));
        assert_eq!(named("Mbytes/sec"), Named::Unit("Mbytes/sec"));
        assert_eq!(named("latency_furlongs"), Named::Unit("furlongs"));
        for none in ["Size", "latency", "t_avg", "MinLatency", "message_size"] {
            assert_eq!(named(none), Named::None, "{none}");
        }
    }

    #[test]
    fn a_capital_b_is_a_byte_and_a_small_one_a_bit() {
        assert_eq!(bytes_in("kB"), Some(1e3));
        assert_eq!(bytes_in("KiB"), Some(1024.0));
        assert_eq!(bytes_in("bits"), Some(0.125));
        assert_eq!(bytes_in("MB"), Some(1e6));
        assert_eq!(bytes_in("furlongs"), None);
        assert_eq!(mb_per_s_in("GB/s"), Some(1e3));
        assert_eq!(mb_per_s_in("Gb/s"), Some(125.0));
        assert_eq!(mb_per_s_in("Gbit/s"), Some(125.0));
        assert_eq!(mb_per_s_in("Gbps"), Some(125.0));
        assert_eq!(mb_per_s_in("Mbytes/sec"), Some(1.0));
        assert_eq!(mb_per_s_in("MiB/s"), Some(1.048576));
        assert_eq!(mb_per_s_in("Messages/s"), None);
        assert_eq!(us_in("ms"), Some(1e3));
        assert_eq!(us_in("furlongs"), None);
    }
}
