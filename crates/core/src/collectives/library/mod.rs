//! What MPI libraries run by default, without a tuning file: one decision table per library
//! version commcalc knows, behind one lookup ([`Library::choice`]), for the winner map's
//! library lines and readout, the validation of real runs, the exports and `commcalc
//! collectives`. Each choice is named by what really runs: an algorithm that hands over to
//! another inside the library is named `chosen → run` and costed as the one that runs.
//!
//! The versions (read in the libraries' public source, not copied):
//! - MPICH 4.0 (below, [`mpich`]): its built-in selection tree,
//!   `maint/tuning/coll/mpir/generic.json` (compiled into the library; the same tree a
//!   `MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE` replaces, kept whole in
//!   `mpich-4.0.2-selection.json` beside this module for the exports).
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
//!   moved it to the count rule above. MPICH 4.0 asserts a count of at least p′ in
//!   Rabenseifner's reductions and p a power of two in the recursive-doubling allgather
//!   (`allreduce_intra_reduce_scatter_allgather.c`, `reduce_intra_reduce_scatter_gather.c`,
//!   `allgather_intra_recursive_doubling.c` at v4.0.2): [`mpich_runs_as_itself`]. A unit test
//!   reads the kept tree itself at every p to 70 and sizes to 16 MiB and finds this table's
//!   choice there.
//! - Open MPI 4.1 (and 5, which keeps its tables): [`open_mpi`], its fallbacks included.
//! - Open MPI 3.0–4.0: the classic rules, [`classic`].
//!
//! Sizes are commcalc's n, the whole vector; where a library measures one process's block,
//! n/p is set against its thresholds. A call's count of elements is given with the size:
//! [`count`] takes 8-byte doubles for the reductions and bytes for the others, as
//! tests/mpi/coll.c calls them; a benchmark's run gives its own (OSU and IMB reduce 4-byte
//! floats).

mod choice;
pub mod classic;
pub mod open_mpi;

use serde::Serialize;

use super::Collective;
pub use choice::{count, Choice};
use choice::{ours, pow2_below, theirs};
pub use open_mpi::{open_mpi_name, open_mpi_runs};

/// An MPI library version whose default choices commcalc knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Library {
    /// MPICH 4.0's built-in selection tree.
    #[serde(rename = "mpich")]
    Mpich,
    /// Open MPI 4.1 (and 5): coll/tuned's tables, with coll/base's fallbacks.
    #[serde(rename = "ompi")]
    OpenMpi,
    /// Open MPI 3.0–4.0: coll/tuned's classic fixed rules.
    #[serde(rename = "ompi-4.0")]
    OpenMpiClassic,
}

impl Library {
    /// Every version, newest first within a library.
    pub const ALL: [Library; 3] = [Library::Mpich, Library::OpenMpi, Library::OpenMpiClassic];
    /// The current versions, whose defaults the winner map and `commcalc collectives` draw and
    /// whose files the exports write.
    pub const CURRENT: [Library; 2] = [Library::Mpich, Library::OpenMpi];

    pub fn id(self) -> &'static str {
        match self {
            Library::Mpich => "mpich",
            Library::OpenMpi => "ompi",
            Library::OpenMpiClassic => "ompi-4.0",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Library::Mpich => "MPICH 4",
            Library::OpenMpi => "Open MPI 4.1",
            Library::OpenMpiClassic => "Open MPI 3.0–4.0 (coll/tuned fixed rules)",
        }
    }

    pub fn from_id(id: &str) -> Option<Library> {
        Library::ALL.into_iter().find(|l| l.id() == id)
    }

    /// The one lookup: the library's default for `collective` on p processes, n bytes (the
    /// whole vector) and a call of `count` elements; `None` where this version's table does
    /// not give the collective (the classic rules of the collectives no benchmark here runs).
    pub fn choice(self, collective: Collective, p: u32, n: f64, count: f64) -> Option<Choice> {
        match self {
            Library::Mpich => Some(mpich(collective, p, n, count)),
            Library::OpenMpi => Some(open_mpi::open_mpi(collective, p, n, count)),
            Library::OpenMpiClassic => classic::open_mpi_classic(collective, p, n, count),
        }
    }
}

/// The library's default for collective `c` on p processes and n bytes, a call of [`count`]
/// elements ([`Library::choice`]).
pub fn choice(library: Library, c: Collective, p: u32, n: f64) -> Option<Choice> {
    library.choice(c, p, n, count(c, n))
}

/// Whether MPICH 4.0 runs commcalc's `algo` of `c` as itself when a file names it for n bytes
/// on p processes (its assertions, above).
pub fn mpich_runs_as_itself(c: Collective, algo: &str, p: u32, n: f64) -> bool {
    match (c, algo) {
        (Collective::Allgather, "recursive-doubling") => p.is_power_of_two(),
        (Collective::Allreduce | Collective::Reduce, "rabenseifner") => {
            count(c, n) >= f64::from(pow2_below(p))
        }
        _ => true,
    }
}

/// MPICH 4.0's choice.
fn mpich(c: Collective, p: u32, n: f64, count: f64) -> Choice {
    let pow2 = p.is_power_of_two();
    let few = count < f64::from(pow2_below(p));
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

/// The library's decision boundaries over a map of `sizes` (columns) × `ps` (rows), as an
/// SVG path in cell units (x from the left, y from the top, `ps.len()` rows): a segment on
/// every cell edge across which the library's choice changes.
pub fn boundary_path(library: Library, c: Collective, sizes: &[f64], ps: &[u32]) -> String {
    let rows = ps.len();
    let grid: Vec<Vec<Option<&'static str>>> = ps
        .iter()
        .map(|&p| {
            sizes
                .iter()
                .map(|&n| choice(library, c, p, n).map(|x| x.name))
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
/// library picks one of the map's algorithms; the library algorithms of
/// [`super::LIBRARY_ALGORITHMS`] are costed in validation, not on the map).
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
            let on_map = choice(library, c, p, n)
                .and_then(|x| x.algo)
                .filter(|a| super::algorithm(c, a).is_some());
            if let Some(algo) = on_map {
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
    use crate::collectives::mpich_tree::Node;

    /// Every version commcalc knows answers through the one lookup, found by its id: at the
    /// same all-to-all of 64 ranks and 1500-byte blocks MPICH 4 scatters, Open MPI 4.1 runs
    /// its linear all-to-all and Open MPI 4.0 its basic linear one (both block rules by n/p).
    #[test]
    fn every_version_is_one_lookup_by_its_id() {
        let at = |id: &str| {
            Library::from_id(id)
                .and_then(|l| l.choice(Collective::AllToAll, 64, 96_000.0, 96_000.0))
                .map(|c| c.name)
        };
        assert_eq!(at("mpich"), Some("scattered"));
        assert_eq!(at("ompi"), Some("linear"));
        assert_eq!(at("ompi-4.0"), Some("basic_linear"));
        assert_eq!(at("ompi-3"), None);
        for l in Library::ALL {
            assert_eq!(Library::from_id(l.id()), Some(l));
        }
        assert!(Library::CURRENT.iter().all(|l| Library::ALL.contains(l)));
    }

    /// The first branch of MPICH's selection tree `node` whose condition holds for a flat
    /// communicator of p ranks, a message of `avg` bytes (`avg_msg_size`: the whole vector,
    /// or the all-to-all's block to each rank), n bytes in all (`total_msg_size`), a count of
    /// `count` and a commutative built-in sum from a separate send buffer in regular blocks:
    /// the function it names.
    fn select(node: &Node, p: u32, (avg, n, count): (f64, f64, f64)) -> Option<&str> {
        let value = |k: &str| match k {
            "comm_size" => f64::from(p),
            "avg_msg_size" => avg,
            "total_msg_size" => n,
            "count" => count,
            other => panic!("{other}: not a quantity of the tree"),
        };
        let limit = |v: &str| match v {
            "pow2" => f64::from(pow2_below(p)),
            v => v.parse::<f64>().unwrap(),
        };
        let holds = |key: &str| {
            if let Some((k, v)) = key.split_once("<=") {
                return value(k) <= limit(v);
            }
            if let Some((k, v)) = key.split_once('<') {
                return value(k) < limit(v);
            }
            match key.split_once('=').unwrap() {
                (_, "any") => true,
                ("comm_size", "pow2") => p.is_power_of_two(),
                ("comm_hierarchy", "parent") => false,
                ("is_commutative" | "is_op_built_in" | "is_block_regular", v) => v == "yes",
                ("is_sendbuf_inplace", v) => v == "no",
                other => panic!("{other:?}: a condition this reading does not know"),
            }
        };
        for (key, branch) in &node.0 {
            if let Some(function) = key.strip_prefix("algorithm=") {
                return Some(function);
            }
            if holds(key) {
                return select(branch, p, (avg, n, count));
            }
        }
        None
    }

    /// MPICH 4.0's table is the tree the library carries (`mpich_tree::TREE`, which
    /// tests/mpi/check.py compares with Debian's libmpich): at every p from 2 to 70 and sizes
    /// from 1 B to 16 MiB the tree's choice is the table's, named by the export's MPICH names
    /// (the "scattered" all-to-all, which commcalc does not cost, by MPICH's own).
    #[test]
    fn mpich_is_its_own_selection_tree() {
        use crate::collectives::export::{from_library, mpich_collective, Format};
        use crate::collectives::mpich_tree::library_tree;
        let tree = library_tree();
        for c in Collective::ALL {
            let (name, _) = mpich_collective(c);
            let intra = tree
                .get(&format!("collective={name}"))
                .and_then(|x| x.get("comm_type=intra"))
                .unwrap();
            for p in 2..=70u32 {
                for k in 0..=48 {
                    let n = 2f64.powf(f64::from(k) / 2.0).round();
                    let avg = if c == Collective::AllToAll {
                        n / f64::from(p)
                    } else {
                        n
                    };
                    let function = select(intra, p, (avg, n, count(c, n))).unwrap();
                    let table = mpich(c, p, n, count(c, n));
                    match from_library(Format::MpichJson, c, function) {
                        Some(algo) => assert_eq!(table.algo, Some(algo), "{c:?} p {p} n {n}"),
                        None => assert!(
                            table.algo.is_none() && function.ends_with(table.name),
                            "{c:?} p {p} n {n}: {function} against {table:?}"
                        ),
                    }
                }
            }
        }
    }

    #[test]
    fn mpich_broadcast_switches_at_its_published_thresholds() {
        let c = Collective::Broadcast;
        assert_eq!(
            mpich(c, 4, 1e6, 1e6).algo,
            Some("binomial"),
            "p < 8: always binomial"
        );
        assert_eq!(
            mpich(c, 16, 12_288.0, count(c, 12_288.0)).algo,
            Some("binomial")
        );
        assert_eq!(
            mpich(c, 16, 12_289.0, count(c, 12_289.0)).algo,
            Some("scatter-rd-allgather")
        );
        assert_eq!(
            mpich(c, 16, 524_289.0, count(c, 524_289.0)).algo,
            Some("scatter-ring-allgather")
        );
        assert_eq!(
            mpich(c, 12, 12_289.0, count(c, 12_289.0)).algo,
            Some("scatter-ring-allgather")
        );
    }

    #[test]
    fn mpich_allreduce_takes_rabenseifner_once_the_count_reaches_p_prime() {
        let c = Collective::Allreduce;
        // p = 12: p′ = 8, so 8 doubles (64 B) is the first Rabenseifner size.
        assert_eq!(
            mpich(c, 12, 56.0, count(c, 56.0)).algo,
            Some("recursive-doubling")
        );
        assert_eq!(
            mpich(c, 12, 64.0, count(c, 64.0)).algo,
            Some("rabenseifner")
        );
        assert_eq!(
            mpich(c, 2, 8.0, count(c, 8.0)).algo,
            Some("recursive-doubling")
        );
        assert_eq!(mpich(c, 2, 16.0, count(c, 16.0)).algo, Some("rabenseifner"));
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
        let sizes = [1000.0, 4096.0];
        // Open MPI 4.1's broadcast at p = 4: binary tree at 1000 B (not costed), binomial at
        // 4096 B (costed).
        let (same, costed) = agreement(
            Library::OpenMpi,
            Collective::Broadcast,
            &sizes,
            &[4],
            |_, col| (col == 1).then_some("binomial"),
        );
        assert_eq!((same, costed), (1, 1));
    }
}
