//! Spatial locality (003 §Spatial Locality): where a node sends a message when its temporal
//! stack misses. Each of 003's three models is a distribution over hop distances l = 1 … d,
//! uniform among the C(d, l) nodes at a distance (the models speak only of distance); a
//! destination is drawn by picking l, then l distinct address bits to flip.

use super::cube::Cube;
use super::rng::Rng;

/// 003's three spatial locality models.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub enum Spatial {
    /// "Any network node can be chosen as the destination with equal probability" (the
    /// sender excluded: it does not send to itself).
    Uniform,
    /// "Sphere of locality": the nodes within `radius` hops get probability `phi` in total,
    /// the others 1 − phi, each set uniformly. When one of the two sets is empty (radius at
    /// least the diameter), the other takes all the probability: with phi = 1 and radius =
    /// diameter the model is the uniform one.
    Sphere { radius: u32, phi: f64 },
    /// "Decreasing probability": l hops with probability Φ(l) = Decay(d, lmax)·d^l, 0 < d < 1,
    /// Decay(d, lmax) normalising Σ_{l=1}^{lmax} Φ(l) to 1, lmax the diameter.
    Decreasing { decay: f64 },
}

impl Spatial {
    pub fn id(self) -> &'static str {
        match self {
            Spatial::Uniform => "uniform",
            Spatial::Sphere { .. } => "sphere",
            Spatial::Decreasing { .. } => "decreasing",
        }
    }

    /// Φ(l) for l = 0 … d: the probability that a destination lies l hops away (Φ(0) = 0).
    pub fn distance_probabilities(self, cube: Cube) -> Vec<f64> {
        let shells = cube.shell_sizes();
        let d = cube.diameter() as usize;
        let mut p = vec![0.0; d + 1];
        match self {
            Spatial::Uniform => {
                let others = f64::from(cube.nodes() - 1);
                for l in 1..=d {
                    p[l] = shells[l] / others;
                }
            }
            Spatial::Sphere { radius, phi } => {
                let r = (radius as usize).min(d);
                let inside: f64 = shells[1..=r].iter().sum();
                let outside: f64 = shells[r + 1..].iter().sum();
                let (p_in, p_out) = match (inside > 0.0, outside > 0.0) {
                    (true, true) => (phi, 1.0 - phi),
                    (true, false) => (1.0, 0.0),
                    _ => (0.0, 1.0),
                };
                for l in 1..=d {
                    p[l] = if l <= r {
                        p_in * shells[l] / inside
                    } else {
                        p_out * shells[l] / outside
                    };
                }
            }
            Spatial::Decreasing { decay } => {
                let mut power = 1.0;
                for x in p.iter_mut().skip(1) {
                    power *= decay;
                    *x = power;
                }
                // Decay(d, lmax) = 1 / Σ d^l.
                let norm = 1.0 / p.iter().sum::<f64>();
                for x in &mut p {
                    *x *= norm;
                }
            }
        }
        p
    }
}

/// The destination sampler of one cube and one spatial model.
#[derive(Clone, Debug)]
pub struct Destinations {
    cube: Cube,
    shells: Vec<f64>,
    /// Φ(l), l = 0 … d.
    probability: Vec<f64>,
}

impl Destinations {
    pub fn new(cube: Cube, spatial: Spatial) -> Self {
        Destinations {
            cube,
            shells: cube.shell_sizes(),
            probability: spatial.distance_probabilities(cube),
        }
    }

    pub fn distance_probabilities(&self) -> &[f64] {
        &self.probability
    }

    /// The mean hop distance Σ l·Φ(l).
    pub fn mean_distance(&self) -> f64 {
        self.probability
            .iter()
            .enumerate()
            .map(|(l, p)| l as f64 * p)
            .sum()
    }

    /// How many nodes the model can choose (those at a distance of positive probability).
    pub fn reachable(&self) -> u32 {
        self.probability
            .iter()
            .zip(&self.shells)
            .filter(|(p, _)| **p > 0.0)
            .map(|(_, n)| *n as u32)
            .sum()
    }

    /// A destination for `src`, not in `exclude` (003: a stack miss chooses "a new node not
    /// currently in the stack ... based on a spatial locality model"): the model conditioned
    /// on the excluded nodes' absence. Each distance keeps Φ(l) times the fraction of its shell
    /// still allowed; a node of the chosen shell is drawn until one is not excluded.
    pub fn sample(&self, src: u32, exclude: &[u32], rng: &mut Rng) -> u32 {
        let d = self.cube.diameter() as usize;
        let mut weight = [0.0f64; super::cube::MAX_DIM as usize + 1];
        let mut total = 0.0;
        for (l, w) in weight.iter_mut().enumerate().take(d + 1).skip(1) {
            let excluded = exclude
                .iter()
                .filter(|&&x| Cube::distance(src, x) as usize == l)
                .count() as f64;
            *w = self.probability[l] * (self.shells[l] - excluded) / self.shells[l];
            total += *w;
        }
        if total <= 0.0 {
            // Only when every reachable node is excluded, which validation rules out (the
            // stack must be shallower than the reachable set); the oldest entry is reused.
            return exclude.last().copied().unwrap_or(src ^ 1);
        }
        let mut u = rng.uniform() * total;
        let mut shell = (1..=d).rev().find(|&l| weight[l] > 0.0).unwrap_or(1);
        for (l, w) in weight.iter().enumerate().take(d + 1).skip(1) {
            if u < *w {
                shell = l;
                break;
            }
            u -= w;
        }
        loop {
            let node = src ^ self.random_mask(shell as u32, rng);
            if !exclude.contains(&node) {
                return node;
            }
        }
    }

    /// `l` distinct address bits out of d, uniformly (a partial Fisher–Yates shuffle).
    fn random_mask(&self, l: u32, rng: &mut Rng) -> u32 {
        let d = self.cube.dim;
        let mut bits = [0u32; super::cube::MAX_DIM as usize];
        for (i, b) in bits.iter_mut().enumerate().take(d as usize) {
            *b = i as u32;
        }
        let mut mask = 0;
        for i in 0..l {
            let j = i + rng.below(d - i);
            bits.swap(i as usize, j as usize);
            mask |= 1 << bits[i as usize];
        }
        mask
    }
}
