//! The binary hypercube: 2^d nodes, node u linked to u ⊕ 2^k for each dimension k, routed in
//! dimension order (e-cube routing: correct the lowest differing address bit first, the
//! deterministic, deadlock-free routing of hypercube multicomputers; Sullivan and Bashkow,
//! 1977). Links are simplex (003 §Send-and-Reply and Exchange: "all four hypercubes provide
//! only simplex communication channels"): one channel per pair of neighbours carries one
//! message at a time in either direction, so a link is identified by its pair, not by a
//! direction.

/// The largest dimension accepted: 4096 nodes, the most any query allows.
pub const MAX_DIM: u32 = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Cube {
    pub dim: u32,
}

impl Cube {
    pub fn nodes(self) -> u32 {
        1 << self.dim
    }

    /// d·2^(d−1) links: one per dimension for each pair of neighbours.
    pub fn links(self) -> u32 {
        self.dim << self.dim >> 1
    }

    /// The cube of `links` links, if one up to [`MAX_DIM`] has that many: which cube a run's
    /// per-link results (one per link) are of.
    pub fn with_links(links: usize) -> Option<Cube> {
        (1..=MAX_DIM)
            .map(|dim| Cube { dim })
            .find(|c| c.links() as usize == links)
    }

    /// The diameter, lmax in 003's Decay(d, lmax): d hops.
    pub fn diameter(self) -> u32 {
        self.dim
    }

    /// The hop distance between two nodes: the number of differing address bits.
    pub fn distance(a: u32, b: u32) -> u32 {
        (a ^ b).count_ones()
    }

    /// The next hop from `at` towards `to` (≠ `at`) under e-cube routing, and the link it
    /// crosses: dimension k of the lowest differing bit, numbered k·2^(d−1) + (the lower end's
    /// address with bit k removed), so the links of a cube are 0 … links − 1.
    pub fn next_hop(self, at: u32, to: u32) -> (u32, u32) {
        let k = (at ^ to).trailing_zeros();
        let next = at ^ (1 << k);
        let low = at & !(1 << k);
        let squeezed = ((low >> (k + 1)) << k) | (low & ((1 << k) - 1));
        (next, (k << (self.dim - 1)) | squeezed)
    }

    /// The two nodes a link joins, lower first: the inverse of `next_hop`'s numbering (the
    /// dimension k in the high bits, the lower node's address without bit k in the low ones).
    pub fn link_ends(self, link: u32) -> (u32, u32) {
        let k = link >> (self.dim - 1);
        let squeezed = link & ((1 << (self.dim - 1)) - 1);
        let low = ((squeezed >> k) << (k + 1)) | (squeezed & ((1 << k) - 1));
        (low, low | (1 << k))
    }

    /// Binomial coefficients C(d, l) for l = 0 … d: the number of nodes l hops away.
    pub fn shell_sizes(self) -> Vec<f64> {
        let mut c = vec![1.0; self.dim as usize + 1];
        for l in 1..=self.dim as usize {
            c[l] = c[l - 1] * (self.dim as usize + 1 - l) as f64 / l as f64;
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cube is known by its link count, d·2^(d−1), at every dimension accepted; no other
    /// count names one.
    #[test]
    fn a_cube_is_known_by_its_links() {
        for dim in 1..=MAX_DIM {
            assert_eq!(
                Cube::with_links(Cube { dim }.links() as usize),
                Some(Cube { dim })
            );
        }
        assert_eq!(Cube::with_links(3), None);
        assert_eq!(Cube::with_links(0), None);
    }

    /// Every route reaches its destination in exactly distance(a, b) hops, and the link
    /// numbers are a bijection onto 0 … links − 1 (each pair of neighbours one link).
    #[test]
    fn routes_are_shortest_and_links_are_numbered_once() {
        for dim in 1..=6 {
            let cube = Cube { dim };
            let mut seen = vec![0u32; cube.links() as usize];
            for a in 0..cube.nodes() {
                for k in 0..dim {
                    let (b, link) = cube.next_hop(a, a ^ (1 << k));
                    assert_eq!(b, a ^ (1 << k));
                    seen[link as usize] += 1;
                }
                for b in 0..cube.nodes() {
                    let (mut at, mut hops) = (a, 0);
                    while at != b {
                        at = cube.next_hop(at, b).0;
                        hops += 1;
                    }
                    assert_eq!(hops, Cube::distance(a, b));
                }
            }
            // Each link is seen once from each end.
            assert!(seen.iter().all(|&s| s == 2), "dim {dim}: {seen:?}");
        }
    }

    #[test]
    fn shells_add_up_to_the_nodes() {
        let cube = Cube { dim: 12 };
        assert_eq!(cube.shell_sizes().iter().sum::<f64>(), 4096.0);
        assert_eq!(Cube { dim: 4 }.shell_sizes(), vec![1.0, 4.0, 6.0, 4.0, 1.0]);
    }
}
