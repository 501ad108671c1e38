//! The simulator's random numbers: a small, seeded generator written here so that the same
//! seed gives the same stream on every platform (native, wasm32) and no crate decides it.
//!
//! `SplitMix64` (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014) expands a 64-bit seed into well-mixed words; it seeds `Xoshiro256**`
//! (Blackman and Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 2021),
//! the generator the simulation draws from. Both use only integer operations, so their
//! outputs are identical everywhere.

/// SplitMix64: one 64-bit state advanced by a Weyl sequence and scrambled.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Xoshiro256**: 256 bits of state, period 2²⁵⁶ − 1.
#[derive(Clone, Debug)]
pub struct Rng([u64; 4]);

impl Rng {
    /// A generator whose state is four SplitMix64 words of `seed` (never all zero).
    pub fn seeded(seed: u64) -> Self {
        let mut s = SplitMix64::new(seed);
        Rng([s.next_u64(), s.next_u64(), s.next_u64(), s.next_u64()])
    }

    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Uniform on [0, 1): the top 53 bits as a fraction, exact in an f64.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform on 0..n (n ≥ 1), without modulo bias: Lemire's multiply-and-reject
    /// ("Fast random integer generation in an interval", ACM TOMACS 2019).
    pub fn below(&mut self, n: u32) -> u32 {
        let n64 = u64::from(n.max(1));
        let threshold = (u32::MAX as u64 + 1 - n64) % n64;
        loop {
            let m = (self.next_u64() >> 32) * n64;
            if (m & 0xffff_ffff) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first outputs of SplitMix64 from seed 0 are the published reference values
    /// (the test vector of the reference C implementation, splitmix64.c).
    #[test]
    fn splitmix_matches_its_reference_values() {
        let mut s = SplitMix64::new(0);
        assert_eq!(s.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(s.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(s.next_u64(), 0x06c4_5d18_8009_454f);
    }

    /// `below` stays in range and hits every value of a small range about equally often.
    #[test]
    fn below_is_uniform_on_a_small_range() {
        let mut r = Rng::seeded(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn uniform_lies_in_the_unit_interval() {
        let mut r = Rng::seeded(3);
        for _ in 0..10_000 {
            let u = r.uniform();
            assert!((0.0..1.0).contains(&u));
        }
    }
}
