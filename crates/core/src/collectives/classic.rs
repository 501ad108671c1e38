//! What Open MPI 3.0 to 4.0 run by default: the "classic" fixed decision rules of coll/tuned
//! (`ompi/mca/coll/tuned/coll_tuned_decision_fixed.c` up to the v4.0.x branch, fitted to MX
//! measurements on UTK's Grig cluster), which Open MPI 4.1 replaced by tables per
//! communicator size. The runs of tests/data/measurements made with Open MPI 3.1 and 4.0
//! (CSD3, alaska, ABCI) ran these. Only the collectives the OSU and IMB collective runs
//! measure are given (allreduce, all-to-all, allgather, broadcast); a library's choice that
//! commcalc does not cost is named with `algo` `None`.

use serde::Serialize;

use super::Collective;

/// A library's choice at one (p, size): its own name, and commcalc's `algo=` id where commcalc
/// costs the same algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub name: &'static str,
    pub algo: Option<&'static str>,
}

/// The libraries whose default choice the validation knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Library {
    /// Open MPI 3.0–4.0, coll/tuned's fixed rules.
    #[serde(rename = "ompi-4.0")]
    OpenMpiClassic,
}

impl Library {
    pub const ALL: [Library; 1] = [Library::OpenMpiClassic];

    pub fn id(self) -> &'static str {
        match self {
            Library::OpenMpiClassic => "ompi-4.0",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Library::OpenMpiClassic => "Open MPI 3.0–4.0 (coll/tuned fixed rules)",
        }
    }

    pub fn from_id(id: &str) -> Option<Library> {
        Library::ALL.into_iter().find(|l| l.id() == id)
    }

    /// The choice for `collective` on p processes; `size` is the size the benchmark prints
    /// (the whole vector of a reduction or broadcast, one process's block of an all-to-all
    /// or allgather), `count` its elements. `None` for a collective not given here.
    pub fn choice(self, collective: Collective, p: u32, size: f64, count: f64) -> Option<Choice> {
        match self {
            Library::OpenMpiClassic => open_mpi_classic(collective, p, size, count),
        }
    }
}

const fn ours(name: &'static str, algo: &'static str) -> Choice {
    Choice {
        name,
        algo: Some(algo),
    }
}

const fn theirs(name: &'static str) -> Choice {
    Choice { name, algo: None }
}

/// `ompi_coll_tuned_<collective>_intra_dec_fixed` of Open MPI 3.0–4.0 (commutative sums).
fn open_mpi_classic(c: Collective, p: u32, size: f64, count: f64) -> Option<Choice> {
    let pf = f64::from(p);
    Some(match c {
        // allreduce: recursive doubling below 10 000 B; ring while count > p and the vector
        // is at most p segments of 1 MiB (segmented ring above, the same steps in this
        // model); nonoverlapping (reduce + bcast) for a count at most p.
        Collective::Allreduce if size < 10_000.0 => {
            ours("recursive_doubling", "recursive-doubling")
        }
        Collective::Allreduce if count > pf && size <= pf * 1_048_576.0 => ours("ring", "ring"),
        Collective::Allreduce if count > pf => ours("ring_segmented", "ring"),
        Collective::Allreduce => theirs("nonoverlapping"),
        // alltoall by the block each pair exchanges: two_procs at p = 2 (one exchange, the
        // pairwise step); Bruck below 200 B when p > 12; basic linear below 3000 B;
        // pairwise above.
        Collective::AllToAll if p == 2 => ours("two_procs", "pairwise"),
        Collective::AllToAll if size < 200.0 && p > 12 => ours("bruck", "bruck"),
        Collective::AllToAll if size < 3000.0 => theirs("basic_linear"),
        Collective::AllToAll => ours("pairwise", "pairwise"),
        // allgather by the whole gathered vector (block × p): two_procs at p = 2 (one
        // exchange, the ring of two); below 50 000 B recursive doubling for p a power of two,
        // Bruck otherwise; above, the ring for odd p and neighbour exchange for even p.
        Collective::Allgather if p == 2 => ours("two_procs", "ring"),
        Collective::Allgather if size * pf < 50_000.0 && p.is_power_of_two() => {
            ours("recursive_doubling", "recursive-doubling")
        }
        Collective::Allgather if size * pf < 50_000.0 => ours("bruck", "bruck"),
        Collective::Allgather if p % 2 == 1 => ours("ring", "ring"),
        Collective::Allgather => theirs("neighbor_exchange"),
        // bcast: binomial below 2048 B or a single element; split binary tree (1 KiB
        // segments) below 370 728 B; segmented pipelines above.
        Collective::Broadcast if size < 2048.0 || count <= 1.0 => ours("binomial", "binomial"),
        Collective::Broadcast if size < 370_728.0 => theirs("split_bintree"),
        Collective::Broadcast => ours("pipeline", "pipelined-chain"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thresholds as the source states them, on either side.
    #[test]
    fn the_thresholds_fall_where_the_source_puts_them() {
        let l = Library::OpenMpiClassic;
        let ar = |size: f64| {
            l.choice(Collective::Allreduce, 64, size, size / 4.0)
                .unwrap()
        };
        assert_eq!(ar(9_999.0).name, "recursive_doubling");
        assert_eq!(ar(10_000.0).name, "ring");
        assert_eq!(ar(64.0 * 1_048_576.0 + 4.0).name, "ring_segmented");
        let a2a = |p: u32, size: f64| l.choice(Collective::AllToAll, p, size, size).unwrap();
        assert_eq!(a2a(2, 1e6).name, "two_procs");
        assert_eq!(a2a(64, 199.0).name, "bruck");
        assert_eq!(a2a(12, 199.0).name, "basic_linear");
        assert_eq!(a2a(64, 2999.0).name, "basic_linear");
        assert_eq!(a2a(64, 3000.0).name, "pairwise");
        let ag = |p: u32, size: f64| l.choice(Collective::Allgather, p, size, size).unwrap();
        assert_eq!(ag(64, 781.0).name, "recursive_doubling");
        assert_eq!(ag(64, 782.0).name, "neighbor_exchange");
        assert_eq!(ag(63, 793.0).name, "bruck");
        assert_eq!(ag(63, 794.0).name, "ring");
        assert_eq!(l.choice(Collective::Gather, 4, 1.0, 1.0), None);
    }
}
