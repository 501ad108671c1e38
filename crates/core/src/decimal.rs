//! Decimal text to `f64`, correctly rounded, in little code and no tables.
//!
//! `str::parse::<f64>` carries a 17.5 kB table of powers of five (its Eisel–Lemire path) and
//! about 10 kB of code, which the page's first module must download (docs/web-bytes.md). Every
//! number the address, the fields and the pasted tables hold is read here instead, with the
//! same grammar and the same double, bit for bit (the tests compare with `str::parse` on edge
//! cases and random strings): when the digits and the power of ten are both exact doubles, one
//! division or product is correctly rounded by itself (Clinger's fast path); otherwise the value
//! is the quotient of two big integers, divided exactly and rounded half to even. Only this
//! second path is slow, and only inputs with many digits or a large exponent take it.

/// The significant digits kept. A halfway point between two doubles has at most 767 of them,
/// so digits past the 800th only decide the rounding by being zero or not: they are replaced by
/// one `1` when any is not zero.
const MAX_DIGITS: usize = 800;

/// The powers of ten that doubles hold exactly.
const EXACT_POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Parses `text` as `f64::from_str` does: an optional sign, then `inf`, `infinity` or `nan`
/// (any case), or digits with an optional point and an optional exponent (`e` or `E`, an
/// optional sign, digits); no spaces, underscores or hexadecimal. `None` for anything else.
pub fn parse_f64(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.first() {
        Some(b'-') => (true, &bytes[1..]),
        Some(b'+') => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    let magnitude = special(rest).or_else(|| finite(rest))?;
    Some(if negative { -magnitude } else { magnitude })
}

fn special(text: &[u8]) -> Option<f64> {
    let is = |word: &str| text.eq_ignore_ascii_case(word.as_bytes());
    if is("inf") || is("infinity") {
        Some(f64::INFINITY)
    } else if is("nan") {
        Some(f64::NAN)
    } else {
        None
    }
}

/// The significant digits of a decimal (leading zeros dropped, at most `MAX_DIGITS`), each
/// 0–9, and the power of ten their integer is scaled by.
struct Decimal {
    digits: Vec<u8>,
    exponent: i64,
    /// A digit past `MAX_DIGITS` was not zero.
    inexact: bool,
}

impl Decimal {
    /// Adds one digit of the text; returns whether it was dropped past `MAX_DIGITS`.
    fn push(&mut self, digit: u8) -> bool {
        if self.digits.is_empty() && digit == 0 {
            false
        } else if self.digits.len() < MAX_DIGITS {
            self.digits.push(digit);
            false
        } else {
            self.inexact |= digit != 0;
            true
        }
    }

    /// Reads digits from `text` at `*at` and returns whether there was one. The integer part's
    /// dropped digits scale the kept ones up; the fraction's digits that are kept (or leading
    /// zeros) scale them down.
    fn read(&mut self, text: &[u8], at: &mut usize, fraction: bool) -> bool {
        let start = *at;
        while let Some(&c) = text.get(*at).filter(|c| c.is_ascii_digit()) {
            let dropped = self.push(c - b'0');
            if dropped != fraction {
                self.exponent += if fraction { -1 } else { 1 };
            }
            *at += 1;
        }
        *at > start
    }
}

/// An unsigned decimal number, or `None` if `text` is not one.
fn finite(text: &[u8]) -> Option<f64> {
    let mut number = Decimal {
        digits: Vec::new(),
        exponent: 0,
        inexact: false,
    };
    let mut at = 0;
    let mut any = number.read(text, &mut at, false);
    if text.get(at) == Some(&b'.') {
        at += 1;
        any |= number.read(text, &mut at, true);
    }
    if !any {
        return None;
    }
    if text.get(at).is_some_and(|c| c.eq_ignore_ascii_case(&b'e')) {
        at += 1;
        number.exponent = number.exponent.saturating_add(exponent(text, &mut at)?);
    }
    if at != text.len() {
        return None;
    }
    if number.inexact {
        number.digits.push(1);
        number.exponent -= 1;
    }
    Some(value(&number.digits, number.exponent))
}

/// The exponent's optional sign and digits, saturated far past any double's range.
fn exponent(text: &[u8], at: &mut usize) -> Option<i64> {
    let negative = match text.get(*at) {
        Some(b'-') => true,
        Some(b'+') => false,
        _ => false,
    };
    if matches!(text.get(*at), Some(b'-' | b'+')) {
        *at += 1;
    }
    let start = *at;
    let mut e: i64 = 0;
    while let Some(&c) = text.get(*at).filter(|c| c.is_ascii_digit()) {
        e = (e * 10 + i64::from(c - b'0')).min(1 << 40);
        *at += 1;
    }
    (*at > start).then_some(if negative { -e } else { e })
}

/// The double nearest `digits × 10^exponent`.
fn value(digits: &[u8], exponent: i64) -> f64 {
    if digits.is_empty() {
        return 0.0;
    }
    // The value is below 10^magnitude and at least 10^(magnitude − 1).
    let magnitude = digits.len() as i64 + exponent;
    if magnitude > 309 {
        return f64::INFINITY;
    }
    if magnitude <= -324 {
        // Below 10^−324, less than half the smallest double.
        return 0.0;
    }
    if digits.len() <= 19 && exponent.abs() <= 22 {
        let w = digits.iter().fold(0u64, |w, &d| w * 10 + u64::from(d));
        if w <= 1 << 53 {
            let scale = EXACT_POW10[exponent.unsigned_abs() as usize];
            return if exponent < 0 {
                w as f64 / scale
            } else {
                w as f64 * scale
            };
        }
    }
    exact(digits, exponent)
}

/// `digits × 10^exponent` rounded exactly: the numerator and denominator as big integers,
/// scaled so that their quotient has 55 or 56 bits, then divided bit by bit.
fn exact(digits: &[u8], exponent: i64) -> f64 {
    let mut num = Big(vec![]);
    for &d in digits {
        num.mul_add(10, u32::from(d));
    }
    let mut den = Big(vec![1]);
    let power = exponent.unsigned_abs() as u32;
    if exponent < 0 {
        den.mul_pow10(power);
    } else {
        num.mul_pow10(power);
    }
    // num/den lies in (2^(b−1), 2^(b+1)); scaled by 2^shift it lies in (2^54, 2^56).
    let shift = 55 - (i64::from(num.bits()) - i64::from(den.bits()));
    if shift > 0 {
        num.shl(shift as u32);
    } else {
        den.shl(shift.unsigned_abs() as u32);
    }
    let mut quotient = 0u64;
    for bit in (0..56).rev() {
        let mut step = den.clone();
        step.shl(bit);
        if num.at_least(&step) {
            num.sub(&step);
            quotient |= 1 << bit;
        }
    }
    round(quotient, !num.0.is_empty(), shift)
}

/// The double nearest `(quotient + r) × 2^−shift`, with `0 ≤ r < 1` and `r > 0` when `sticky`:
/// 53 bits kept (fewer below the normal range), rounded half to even.
fn round(quotient: u64, sticky: bool, shift: i64) -> f64 {
    let len = i64::from(64 - quotient.leading_zeros());
    // The bits of `quotient` below the last one kept: at least 2, as it has 55 or 56.
    let drop = (len - 53).max(shift - 1074);
    if drop > 63 {
        return 0.0;
    }
    let mut m = quotient >> drop;
    let rest = quotient & ((1 << drop) - 1);
    let half = 1u64 << (drop - 1);
    if rest > half || (rest == half && (sticky || m & 1 == 1)) {
        m += 1;
    }
    // The value is m × 2^unit.
    let mut unit = drop - shift;
    if m == 1 << 53 {
        m >>= 1;
        unit += 1;
    }
    if m < 1 << 52 {
        // Subnormal (unit is −1074): the bits are the mantissa alone.
        return f64::from_bits(m);
    }
    let biased = unit + 52 + 1023;
    if biased >= 2047 {
        return f64::INFINITY;
    }
    f64::from_bits(((biased as u64) << 52) | (m - (1 << 52)))
}

/// A natural number in base 2^32, least significant limb first, with no zero limb on top
/// (zero is no limb).
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    /// `self × factor + addend`.
    fn mul_add(&mut self, factor: u32, addend: u32) {
        let mut carry = u64::from(addend);
        for limb in &mut self.0 {
            let t = u64::from(*limb) * u64::from(factor) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut power: u32) {
        while power > 0 {
            let step = power.min(9);
            self.mul_add(10u32.pow(step), 0);
            power -= step;
        }
    }

    fn bits(&self) -> u32 {
        self.0
            .last()
            .map_or(0, |top| 32 * self.0.len() as u32 - top.leading_zeros())
    }

    fn shl(&mut self, bits: u32) {
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0;
            for limb in &mut self.0 {
                let t = (u64::from(*limb) << bits) | carry;
                *limb = t as u32;
                carry = t >> 32;
            }
            if carry > 0 {
                self.0.push(carry as u32);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    fn at_least(&self, other: &Big) -> bool {
        if self.0.len() != other.0.len() {
            return self.0.len() > other.0.len();
        }
        self.0.iter().rev().cmp(other.0.iter().rev()).is_ge()
    }

    /// `self − other`, for `other ≤ self`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = false;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let (t, b1) = limb.overflowing_sub(other.0.get(i).copied().unwrap_or(0));
            let (t, b2) = t.overflowing_sub(u32::from(borrow));
            *limb = t;
            borrow = b1 || b2;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_f64;
    use proptest::prelude::*;

    fn same(text: &str) {
        let ours = parse_f64(text);
        let std = text.parse::<f64>().ok();
        match (ours, std) {
            (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {
                assert_eq!(a.is_sign_negative(), b.is_sign_negative(), "{text}")
            }
            (Some(a), Some(b)) => assert_eq!(a.to_bits(), b.to_bits(), "{text}: {a:e} vs {b:e}"),
            (a, b) => assert_eq!(a.is_some(), b.is_some(), "{text}: {a:?} vs {b:?}"),
        }
    }

    /// The grammar's corners, the largest and smallest doubles and the points halfway to their
    /// neighbours, exponents far out of range, inputs that round at the 17th digit.
    const EDGES: &[&str] = &[
        "",
        "0",
        "-0",
        "+0",
        "00",
        "0.",
        ".0",
        ".",
        "-",
        "+",
        "1",
        "1.",
        ".5",
        "-.5",
        "e5",
        ".e5",
        "1e",
        "1e+",
        "1e-",
        "1e5",
        "1E5",
        "1e+5",
        "1e-5",
        "++1",
        "+-1",
        "1e++5",
        "1.2.3",
        "1e5.5",
        " 1",
        "1 ",
        "1_000",
        "0x10",
        "inf",
        "-inf",
        "+INF",
        "infinity",
        "Infinity",
        "-INFINITY",
        "infin",
        "nan",
        "NaN",
        "-nan",
        "+nan",
        "nan1",
        "in",
        "0.1",
        "0.2",
        "0.3",
        "123.456",
        "1e22",
        "1e23",
        "9007199254740992",
        "9007199254740993",
        "9007199254740993.0000000000000000000000000000001",
        "9007199254740994",
        "9007199254740995",
        "18446744073709551615",
        "18446744073709551616",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "1e308",
        "1e309",
        "1e400",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "2.2250738585072012e-308",
        "4.9e-324",
        "5e-324",
        "3e-324",
        "2.4703282292062328e-324",
        "2.4703282292062327e-324",
        "1e-324",
        "1e-400",
        "0e999999999999999999999",
        "1e-99999999999999999999",
        "1e99999999999999999999",
        "0.000000000000000000000001",
        "123456789012345678901234567890e-40",
        "8.988465674311579539e307",
        "4.4501477170144023e-308",
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126",
        "0.500000000000000166533453693773481063544750213623046875",
        "2.18e-2",
        "12.7",
    ];

    #[test]
    fn edge_cases_agree_with_std() {
        for text in EDGES {
            same(text);
        }
    }

    #[test]
    fn more_digits_than_are_kept_still_round_right() {
        let halfway = "9007199254740993";
        same(&format!("{halfway}.{}", "0".repeat(900)));
        same(&format!("{halfway}.{}1", "0".repeat(900)));
        same(&format!("{halfway}{}e-900", "0".repeat(900)));
        same(&format!("0.{}1e1000", "0".repeat(1000)));
        same(&format!("{}e-2000", "1".repeat(2000)));
        same(&format!("{:.1000e}", 0.1f64));
        same(&format!("{:.1000e}1", f64::MIN_POSITIVE));
    }

    /// Halfway points between neighbouring doubles, written exactly, and a hair either side.
    #[test]
    fn halfway_points_round_to_even() {
        let mut x = 1.0f64;
        for _ in 0..2000 {
            let bits = x.to_bits();
            let mantissa = u128::from((bits & ((1 << 52) - 1)) | (1 << 52));
            let exp = ((bits >> 52) & 0x7ff) as i32 - 1075; // x = mantissa × 2^exp
                                                            // The halfway point above x is (2·mantissa + 1) × 2^(exp − 1).
            let odd = 2 * mantissa + 1;
            let text = if exp >= 1 {
                (odd << (exp - 1)).to_string()
            } else {
                let k = (1 - exp) as u32;
                if k > 31 {
                    x = x * 1.37 + 3.1;
                    continue;
                }
                format!("{}e-{k}", odd * 5u128.pow(k))
            };
            same(&text);
            same(&format!("{text}1"));
            let (digits, suffix) = text.split_once('e').unwrap_or((&text, ""));
            let suffix = if suffix.is_empty() {
                String::new()
            } else {
                format!("e{suffix}")
            };
            same(&format!("{digits}.000000000000000000000000001{suffix}"));
            same(&format!("{}9{suffix}", &digits[..digits.len() - 1]));
            x = x * 1.37 + 3.1;
            if x > 1e30 {
                x = 3.0e6 + x.fract();
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn any_double_written_any_way(bits in any::<u64>(), precision in 0usize..40) {
            let x = f64::from_bits(bits);
            same(&format!("{x}"));
            same(&format!("{x:e}"));
            same(&format!("{x:.precision$e}"));
            same(&format!("{x:.precision$}"));
        }

        #[test]
        fn random_decimals(mantissa in "[0-9]{1,30}(\\.[0-9]{0,30})?", e in -400i32..400) {
            same(&mantissa);
            same(&format!("{mantissa}e{e}"));
            same(&format!("-{mantissa}E+{e}"));
        }

        #[test]
        fn random_text(text in "[0-9.eE+-]{0,12}|[-+]?(inf|nan|infinity|INF|NaN|e)[0-9]?") {
            same(&text);
        }
    }
}
