//! What MPICH and Open MPI choose by default, without a tuning file: the fixed thresholds
//! that commcalc's winner map is set against, so that a reader sees where a machine's own
//! costs disagree with a library's rule of thumb.
//!
//! Sources (read in the libraries' public source, not copied):
//! - MPICH 4.x: its built-in selection tree, `maint/tuning/coll/mpir/generic.json` (compiled
//!   into the library; the same tree a `MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE` replaces).
//!   Broadcast: binomial for p < 8 or n ≤ 12 288 B; for p a power of two scatter + recursive-
//!   doubling allgather up to 524 288 B, scatter + ring allgather above; else scatter + ring.
//!   Allreduce: recursive doubling up to 8 B or while the count is below p′ (the largest power
//!   of two ≤ p), Rabenseifner's reduce-scatter + allgather above. Allgather: recursive
//!   doubling below 524 288 B (p a power of two) or Bruck below 81 920 B, ring above. Reduce:
//!   binomial up to 2 048 B or a count below p′, reduce-scatter + gather above. Reduce-scatter:
//!   recursive halving below 524 288 B, pairwise above. All-to-all (by the block each pair
//!   exchanges, n/p): Bruck up to 256 B (p ≥ 8), "scattered" up to 32 768 B, pairwise above.
//!   Gather and scatter: binomial; barrier: dissemination. MPICH 3.x's CVARs
//!   (`MPIR_CVAR_ALLREDUCE_SHORT_MSG_SIZE` = 2 048) put allreduce's switch at 2 048 B; MPICH 4
//!   moved it to the count rule above.
//! - Open MPI coll/tuned's fixed decision functions, `ompi/mca/coll/tuned/
//!   coll_tuned_decision_fixed.c` in the form Open MPI kept up to 4.0 (4.1 replaced them with
//!   per-communicator-size tables measured on other clusters, not transcribed here).
//!   Allreduce: recursive doubling below 10 000 B, ring above (count > p). Broadcast: binomial
//!   below 2 048 B, split binary tree below 370 728 B, pipeline above (split binary for
//!   p < 13 where p ≥ 1.6134·10⁻⁶·n + 2.1102). Allgather: recursive doubling (p a power of
//!   two) or Bruck below 50 000 B; ring (odd p) or neighbour exchange above. All-to-all (block
//!   n/p): Bruck below 200 B with p > 12, linear below 3 000 B, pairwise above.
//!   Reduce-scatter: recursive halving up to 12 KiB, or 256 KiB for p a power of two, or
//!   while p ≥ 0.0012·n + 8; ring above. Gather, scatter: linear; barrier: recursive
//!   doubling (p a power of two) or Bruck, both ⌈lg p⌉ rounds as commcalc's dissemination.
//!
//! Sizes are commcalc's n, the whole vector; the thresholds are converted where a library
//! measures per block. A count is taken in 8-byte doubles.

use commcalc_core::collectives::Collective;

/// An MPI library whose default choice is drawn on the winner map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Library {
    Mpich,
    OpenMpi,
}

impl Library {
    pub const ALL: [Library; 2] = [Library::Mpich, Library::OpenMpi];

    pub fn id(self) -> &'static str {
        match self {
            Library::Mpich => "mpich",
            Library::OpenMpi => "ompi",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Library::Mpich => "MPICH 4",
            Library::OpenMpi => "Open MPI (fixed rules)",
        }
    }
}

/// A library's choice at one (p, n): its own name for the algorithm, and commcalc's id where
/// commcalc costs the same algorithm (`None`: an algorithm commcalc does not model, such as
/// Open MPI's split binary tree).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub name: &'static str,
    pub algo: Option<&'static str>,
}

const fn ours(name: &'static str) -> Choice {
    Choice {
        name,
        algo: Some(name),
    }
}

const fn theirs(name: &'static str) -> Choice {
    Choice { name, algo: None }
}

/// The largest power of two not above p.
fn pow2_below(p: u32) -> u32 {
    1 << (31 - p.max(1).leading_zeros())
}

/// The library's default algorithm for collective `c` on p processes and n bytes.
pub fn choice(library: Library, c: Collective, p: u32, n: f64) -> Choice {
    match library {
        Library::Mpich => mpich(c, p, n),
        Library::OpenMpi => open_mpi(c, p, n),
    }
}

fn mpich(c: Collective, p: u32, n: f64) -> Choice {
    let pow2 = p.is_power_of_two();
    let few = n / 8.0 < f64::from(pow2_below(p));
    match c {
        Collective::Broadcast if p < 8 || n <= 12_288.0 => ours("binomial"),
        Collective::Broadcast if pow2 && n <= 524_288.0 => ours("scatter-rd-allgather"),
        Collective::Broadcast => ours("scatter-ring-allgather"),
        Collective::Allreduce if n <= 8.0 || few => ours("recursive-doubling"),
        Collective::Allreduce => ours("rabenseifner"),
        Collective::Allgather if pow2 && n < 524_288.0 => ours("recursive-doubling"),
        Collective::Allgather if !pow2 && n < 81_920.0 => ours("bruck"),
        Collective::Allgather => ours("ring"),
        Collective::Reduce if n <= 2048.0 || few => ours("binomial"),
        Collective::Reduce => ours("rabenseifner"),
        Collective::ReduceScatter if n < 524_288.0 => ours("recursive-halving"),
        Collective::ReduceScatter => ours("pairwise"),
        Collective::AllToAll if p >= 8 && n / f64::from(p) <= 256.0 => ours("bruck"),
        Collective::AllToAll if n / f64::from(p) <= 32_768.0 => theirs("scattered"),
        Collective::AllToAll => ours("pairwise"),
        Collective::Gather | Collective::Scatter => ours("binomial"),
        Collective::Barrier => ours("dissemination"),
    }
}

fn open_mpi(c: Collective, p: u32, n: f64) -> Choice {
    let pow2 = p.is_power_of_two();
    let pf = f64::from(p);
    match c {
        Collective::Broadcast if n < 2048.0 => ours("binomial"),
        Collective::Broadcast if n < 370_728.0 => theirs("split-binary-tree"),
        Collective::Broadcast if pf >= 1.6134e-6 * n + 2.1102 && p < 13 => {
            theirs("split-binary-tree")
        }
        Collective::Broadcast => Choice {
            name: "pipeline",
            algo: Some("pipelined-chain"),
        },
        Collective::Allreduce if n < 10_000.0 || n / 8.0 <= pf => ours("recursive-doubling"),
        Collective::Allreduce => ours("ring"),
        Collective::Allgather if n < 50_000.0 && pow2 => ours("recursive-doubling"),
        Collective::Allgather if n < 50_000.0 => ours("bruck"),
        Collective::Allgather if p % 2 == 1 => ours("ring"),
        Collective::Allgather => theirs("neighbor-exchange"),
        Collective::AllToAll if n / pf < 200.0 && p > 12 => ours("bruck"),
        Collective::AllToAll if n / pf < 3000.0 => theirs("linear"),
        Collective::AllToAll => ours("pairwise"),
        Collective::ReduceScatter
            if n <= 12_288.0 || (n <= 262_144.0 && pow2) || pf >= 0.0012 * n + 8.0 =>
        {
            ours("recursive-halving")
        }
        Collective::ReduceScatter => theirs("ring"),
        Collective::Reduce => theirs("binary/pipeline (segmented)"),
        Collective::Gather | Collective::Scatter => theirs("linear"),
        // Both take ⌈lg p⌉ rounds of one message each: commcalc's dissemination barrier.
        Collective::Barrier if pow2 => ours_named("recursive-doubling", "dissemination"),
        Collective::Barrier => ours_named("bruck", "dissemination"),
    }
}

/// A library algorithm under its own name that commcalc costs under another id.
const fn ours_named(name: &'static str, algo: &'static str) -> Choice {
    Choice {
        name,
        algo: Some(algo),
    }
}

/// The library's decision boundaries over a map of `sizes` (columns) × `ps` (rows), as an
/// SVG path in cell units (x from the left, y from the top, `ps.len()` rows): a segment on
/// every cell edge across which the library's choice changes.
pub fn boundary_path(library: Library, c: Collective, sizes: &[f64], ps: &[u32]) -> String {
    let rows = ps.len();
    let grid: Vec<Vec<&'static str>> = ps
        .iter()
        .map(|&p| {
            sizes
                .iter()
                .map(|&n| choice(library, c, p, n).name)
                .collect()
        })
        .collect();
    let mut path = String::new();
    for (row, line) in grid.iter().enumerate() {
        // Row 0 (the smallest p) is drawn at the bottom.
        let top = rows - 1 - row;
        for col in 1..line.len() {
            if line[col] != line[col - 1] {
                path.push_str(&format!("M{col} {top}v1"));
            }
        }
        if let Some(below) = row.checked_sub(1).and_then(|r| grid.get(r)) {
            for col in 0..line.len() {
                if line[col] != below[col] {
                    path.push_str(&format!("M{col} {}h1", top + 1));
                }
            }
        }
    }
    path
}

/// How often the library's default is the map's winner: (cells where it is, cells where the
/// library picks an algorithm commcalc costs).
pub fn agreement(
    library: Library,
    c: Collective,
    sizes: &[f64],
    ps: &[u32],
    winner: impl Fn(usize, usize) -> Option<&'static str>,
) -> (usize, usize) {
    let mut same = 0;
    let mut costed = 0;
    for (row, &p) in ps.iter().enumerate() {
        for (col, &n) in sizes.iter().enumerate() {
            if let Some(algo) = choice(library, c, p, n).algo {
                costed += 1;
                same += usize::from(winner(row, col) == Some(algo));
            }
        }
    }
    (same, costed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mpich_broadcast_switches_at_its_published_thresholds() {
        let c = Collective::Broadcast;
        assert_eq!(
            mpich(c, 4, 1e6).algo,
            Some("binomial"),
            "p < 8: always binomial"
        );
        assert_eq!(mpich(c, 16, 12_288.0).algo, Some("binomial"));
        assert_eq!(mpich(c, 16, 12_289.0).algo, Some("scatter-rd-allgather"));
        assert_eq!(mpich(c, 16, 524_289.0).algo, Some("scatter-ring-allgather"));
        assert_eq!(mpich(c, 12, 12_289.0).algo, Some("scatter-ring-allgather"));
    }

    #[test]
    fn mpich_allreduce_takes_rabenseifner_once_the_count_reaches_p_prime() {
        let c = Collective::Allreduce;
        // p = 12: p′ = 8, so 8 doubles (64 B) is the first Rabenseifner size.
        assert_eq!(mpich(c, 12, 56.0).algo, Some("recursive-doubling"));
        assert_eq!(mpich(c, 12, 64.0).algo, Some("rabenseifner"));
        assert_eq!(mpich(c, 2, 8.0).algo, Some("recursive-doubling"));
        assert_eq!(mpich(c, 2, 16.0).algo, Some("rabenseifner"));
    }

    #[test]
    fn open_mpi_rules_name_algorithms_commcalc_does_not_cost() {
        assert_eq!(
            open_mpi(Collective::Broadcast, 8, 1000.0).algo,
            Some("binomial")
        );
        let split = open_mpi(Collective::Broadcast, 8, 100_000.0);
        assert_eq!((split.name, split.algo), ("split-binary-tree", None));
        assert_eq!(
            open_mpi(Collective::Broadcast, 64, 4e6).algo,
            Some("pipelined-chain")
        );
        assert_eq!(
            open_mpi(Collective::Allreduce, 8, 9_999.0).algo,
            Some("recursive-doubling")
        );
        assert_eq!(
            open_mpi(Collective::Allreduce, 8, 10_000.0).algo,
            Some("ring")
        );
    }

    #[test]
    fn boundaries_follow_the_size_and_p_thresholds() {
        let sizes = [1000.0, 20_000.0];
        // MPICH's broadcast: binomial everywhere at p = 4; at p = 8 it switches at 12 288 B.
        let path = boundary_path(Library::Mpich, Collective::Broadcast, &sizes, &[4, 8]);
        // Row 1 (p = 8) is the top row: a vertical edge before column 1; between the rows a
        // horizontal edge under column 1 only.
        assert_eq!(path, "M1 0v1M1 1h1");
    }

    #[test]
    fn agreement_counts_only_costed_choices() {
        let sizes = [1000.0, 100_000.0];
        // Open MPI's broadcast: binomial at 1 kB (costed), split binary at 100 kB (not).
        let (same, costed) = agreement(
            Library::OpenMpi,
            Collective::Broadcast,
            &sizes,
            &[8],
            |_, col| (col == 0).then_some("binomial"),
        );
        assert_eq!((same, costed), (1, 1));
    }
}
