//! Message lengths and generation gaps (003 §Synthetic Communication Benchmarks: "input
//! parameters control the frequency of message generation and the distribution of message
//! lengths"; 003 §Experimental Results used negative-exponential lengths of mean 512 bytes).
//!
//! Exponential samples need a logarithm. `f64::ln` is not used: on wasm32 Rust's standard
//! library takes it from a port of musl's libm, natively from the platform's libm, and the
//! two may differ in the last bit, which would change event order and break bit-for-bit
//! reproducibility between the CLI and the browser. `ln` below uses only IEEE-754 additions,
//! multiplications and divisions, which are correctly rounded on every platform, so it gives
//! the same bits everywhere.

use super::rng::Rng;

/// How message lengths are distributed around their mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Lengths {
    /// Every message has the mean length.
    Fixed,
    /// Negative exponential (003 §Experimental Results).
    Exp,
    /// Uniform on [0, 2·mean].
    Uniform,
}

impl Lengths {
    pub const ALL: [Lengths; 3] = [Lengths::Fixed, Lengths::Exp, Lengths::Uniform];

    pub fn id(self) -> &'static str {
        match self {
            Lengths::Fixed => "fixed",
            Lengths::Exp => "exp",
            Lengths::Uniform => "uniform",
        }
    }

    /// A length in bytes with mean `mean`. Lengths are real numbers of bytes so that the
    /// sample mean converges to `mean` exactly (rounding to whole bytes would bias it).
    pub fn sample(self, mean: f64, rng: &mut Rng) -> f64 {
        match self {
            Lengths::Fixed => mean,
            Lengths::Exp => exponential(mean, rng),
            Lengths::Uniform => 2.0 * mean * rng.uniform(),
        }
    }
}

/// An exponential sample of mean `mean` by inversion: −mean·ln(1 − U), U uniform on [0, 1).
pub fn exponential(mean: f64, rng: &mut Rng) -> f64 {
    -mean * ln(1.0 - rng.uniform())
}

/// ln 2 in two parts (fdlibm's split): the high part has trailing zero bits, so e·LN2_HI is
/// exact for every exponent e of an f64.
const LN2_HI: f64 = 0.693_147_180_369_123_8;
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// The natural logarithm of a positive finite x, to within a few units in the last place,
/// from basic arithmetic only. x = m·2^e with m in [√½, √2); ln m = 2·atanh(s) with
/// s = (m − 1)/(m + 1), |s| < 0.172, summed as the odd series s + s³/3 + … to s²³ (the next
/// term is below 10⁻¹⁸); ln 2 is split in two parts so that e·ln 2 keeps its precision.
/// Zero, negative and non-finite inputs give −∞ or NaN as `f64::ln` would.
pub fn ln(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x.is_infinite() {
        return x;
    }
    let (mut m, mut e) = decompose(x);
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut term = s;
    let mut sum = 0.0;
    let mut k = 1.0;
    while k < 25.0 {
        sum += term / k;
        term *= s2;
        k += 2.0;
    }
    let e = f64::from(e);
    e * LN2_HI + (2.0 * sum + e * LN2_LO)
}

/// x = m·2^e with m in [1, 2), for positive finite x (subnormals scaled up first).
fn decompose(x: f64) -> (f64, i32) {
    let (x, bias) = if x < f64::MIN_POSITIVE {
        (x * (1u64 << 54) as f64, -54)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let m = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    (m, e + bias)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The portable logarithm agrees with the platform's to within 4·10⁻¹⁶ relative (a few
    /// ulps) from 10⁻³⁰⁰ to 10³⁰⁰, subnormals included, and exactly at 1.
    #[test]
    fn ln_agrees_with_the_platform_logarithm() {
        assert_eq!(ln(1.0), 0.0);
        let mut x = 1e-300;
        while x < 1e300 {
            for y in [x, x * 1.234_567, x * 0.987_654_321] {
                let (a, b) = (ln(y), y.ln());
                assert!((a - b).abs() <= 4e-16 * b.abs().max(1.0), "{y}: {a} vs {b}");
            }
            x *= 3.7;
        }
        let sub = 4e-320;
        assert!((ln(sub) - sub.ln()).abs() < 1e-12);
        assert!(ln(-1.0).is_nan() && ln(0.0) == f64::NEG_INFINITY);
    }

    /// Each distribution's sample mean is its mean (within 2 % over 200 000 draws, about six
    /// standard errors of the exponential's mean).
    #[test]
    fn sample_means_are_the_mean() {
        for lengths in Lengths::ALL {
            let mut rng = Rng::seeded(11);
            let n = 200_000;
            let mean = (0..n).map(|_| lengths.sample(512.0, &mut rng)).sum::<f64>() / n as f64;
            assert!((mean / 512.0 - 1.0).abs() < 0.02, "{lengths:?}: {mean}");
        }
    }
}
