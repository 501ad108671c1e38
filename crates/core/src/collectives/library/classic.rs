//! What Open MPI 3.0 to 4.0 run by default: the "classic" fixed decision rules of coll/tuned
//! (`ompi/mca/coll/tuned/coll_tuned_decision_fixed.c` up to the v4.0.x branch, fitted to MX
//! measurements on UTK's Grig cluster), which Open MPI 4.1 replaced by tables per
//! communicator size ([`super::open_mpi`]). The runs of tests/data/measurements made with Open
//! MPI 3.1 and 4.0 (CSD3, alaska, ABCI) ran these. Only the collectives the OSU and IMB
//! collective runs measure are given (allreduce, all-to-all, allgather, broadcast).

use super::choice::{ours_named, theirs, Choice};
use crate::collectives::Collective;

/// `ompi_coll_tuned_<collective>_intra_dec_fixed` of Open MPI 3.0–4.0 (commutative sums).
/// n is commcalc's whole vector; the all-to-all's rules test the block each pair exchanges,
/// n/p, the allgather's the whole gathered vector, n.
pub(super) fn open_mpi_classic(c: Collective, p: u32, n: f64, count: f64) -> Option<Choice> {
    let pf = f64::from(p);
    let block = n / pf.max(1.0);
    Some(match c {
        // allreduce: recursive doubling below 10 000 B; ring while count > p and the vector
        // is at most p segments of 1 MiB (segmented ring above, the same steps in this
        // model); nonoverlapping (reduce + bcast) for a count at most p.
        Collective::Allreduce if n < 10_000.0 => {
            ours_named("recursive_doubling", "recursive-doubling")
        }
        Collective::Allreduce if count > pf && n <= pf * 1_048_576.0 => ours_named("ring", "ring"),
        Collective::Allreduce if count > pf => ours_named("ring_segmented", "ring"),
        Collective::Allreduce => theirs("nonoverlapping"),
        // alltoall by the block each pair exchanges: two_procs at p = 2 (one exchange, the
        // pairwise step); Bruck below 200 B when p > 12; basic linear below 3000 B;
        // pairwise above.
        Collective::AllToAll if p == 2 => ours_named("two_procs", "pairwise"),
        Collective::AllToAll if block < 200.0 && p > 12 => ours_named("bruck", "bruck"),
        Collective::AllToAll if block < 3000.0 => ours_named("basic_linear", "linear"),
        Collective::AllToAll => ours_named("pairwise", "pairwise"),
        // allgather by the whole gathered vector (block × p): two_procs at p = 2 (one
        // exchange, the ring of two); below 50 000 B recursive doubling for p a power of two,
        // Bruck otherwise; above, the ring for odd p and neighbour exchange for even p.
        Collective::Allgather if p == 2 => ours_named("two_procs", "ring"),
        Collective::Allgather if n < 50_000.0 && p.is_power_of_two() => {
            ours_named("recursive_doubling", "recursive-doubling")
        }
        Collective::Allgather if n < 50_000.0 => ours_named("bruck", "bruck"),
        Collective::Allgather if p % 2 == 1 => ours_named("ring", "ring"),
        Collective::Allgather => ours_named("neighbor_exchange", "neighbor-exchange"),
        // bcast: binomial below 2048 B or a single element; split binary tree (1 KiB
        // segments) below 370 728 B.
        Collective::Broadcast if n < 2048.0 || count <= 1.0 => ours_named("binomial", "binomial"),
        Collective::Broadcast if n < 370_728.0 => theirs("split_bintree"),
        // Above, a pipeline of 128 KiB segments while p < a·n + b (a = 1.6134e-6 /B,
        // b = 2.1102), else the split binary tree for p < 13, else pipelines of smaller
        // segments (a pipelined chain, at commcalc's optimal segment rather than the source's).
        Collective::Broadcast if pf < 1.6134e-6 * n + 2.1102 || p >= 13 => {
            ours_named("pipeline", "pipelined-chain")
        }
        Collective::Broadcast => theirs("split_bintree"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thresholds as the source states them, on either side (n the whole vector, a count
    /// of 4-byte floats for the allreduce).
    #[test]
    fn the_thresholds_fall_where_the_source_puts_them() {
        let at = |c: Collective, p: u32, n: f64, count: f64| {
            open_mpi_classic(c, p, n, count).unwrap().name
        };
        let ar = |n: f64| at(Collective::Allreduce, 64, n, n / 4.0);
        assert_eq!(ar(9_999.0), "recursive_doubling");
        assert_eq!(ar(10_000.0), "ring");
        assert_eq!(ar(64.0 * 1_048_576.0 + 4.0), "ring_segmented");
        assert_eq!(
            at(Collective::Allreduce, 64, 16_000.0, 64.0),
            "nonoverlapping"
        );
        // all-to-all by the block: n/p.
        let a2a = |p: u32, block: f64| at(Collective::AllToAll, p, block * f64::from(p), 1.0);
        assert_eq!(a2a(2, 1e6), "two_procs");
        assert_eq!(a2a(64, 199.0), "bruck");
        assert_eq!(a2a(12, 199.0), "basic_linear");
        assert_eq!(a2a(64, 2999.0), "basic_linear");
        assert_eq!(a2a(64, 3000.0), "pairwise");
        // allgather by the whole gathered vector.
        let ag = |p: u32, n: f64| at(Collective::Allgather, p, n, 1.0);
        assert_eq!(ag(64, 49_999.0), "recursive_doubling");
        assert_eq!(ag(64, 50_000.0), "neighbor_exchange");
        assert_eq!(ag(63, 49_999.0), "bruck");
        assert_eq!(ag(63, 50_000.0), "ring");
        assert_eq!(at(Collective::Broadcast, 8, 2047.0, 2047.0), "binomial");
        assert_eq!(
            at(Collective::Broadcast, 8, 2048.0, 2048.0),
            "split_bintree"
        );
        // From 370 728 B: the pipeline where p < 1.6134e-6·n + 2.1102 (2.76 at 400 000 B, 8.56
        // at 4 MB), else the split binary tree below 13 processes, pipelines from 13.
        assert_eq!(
            at(Collective::Broadcast, 8, 400_000.0, 400_000.0),
            "split_bintree"
        );
        assert_eq!(
            at(Collective::Broadcast, 13, 400_000.0, 400_000.0),
            "pipeline"
        );
        assert_eq!(at(Collective::Broadcast, 8, 4e6, 4e6), "pipeline");
        assert_eq!(open_mpi_classic(Collective::Gather, 4, 1.0, 1.0), None);
    }
}
