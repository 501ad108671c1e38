//! MPICH 4.0's own collective-selection tree, so that an exported selection file changes one
//! collective and leaves every other to the library: a file given with
//! `MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE` replaces MPICH's whole tree, and a collective
//! missing from it has no algorithm at all.
//!
//! `mpich-4.0.2-selection.json` is that tree as Debian 12's MPICH 4.0.2 (package libmpich12
//! 4.0.2-3+b1) carries it compiled into `libmpich.so.12` (`strings -n 20` prints it on one
//! line); it is `maint/tuning/coll/mpir/generic.json` of pmodels/mpich at v4.0.2, compacted.
//! tests/mpi/check.py compares it with the installed library's and runs MPICH with the exports.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// MPICH 4.0.2's built-in selection tree, compact JSON.
pub const TREE: &str = include_str!("mpich-4.0.2-selection.json");

/// A node of a selection tree: its branches in order, each under its condition
/// (`comm_size<=8`, `collective=bcast`) or, for a leaf, the algorithm it names
/// (`algorithm=MPIR_Bcast_intra_binomial`, with no branches). MPICH tries a node's conditions
/// in order, so the order is kept (`IndexMap`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Node(pub IndexMap<String, Node>);

impl Node {
    /// The branch under `key`.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.0.get(key)
    }

    /// A leaf's parent: the node that names `algorithm`.
    pub fn algorithm(name: &str) -> Node {
        Node(IndexMap::from([(
            format!("algorithm={name}"),
            Node::default(),
        )]))
    }
}

/// MPICH's own tree, read ([`TREE`] is valid JSON of objects alone, which a test checks).
pub fn library_tree() -> Node {
    serde_json::from_str(TREE).unwrap_or_default()
}

/// MPICH's condition under which commcalc's tree for a collective holds (the algorithms it
/// may name assume it), and the opposite one, under which MPICH's own tree still decides:
/// Rabenseifner's reductions assert a built-in operation, recursive halving a commutative
/// one, and Bruck's all-to-all a separate send buffer.
pub fn guard(collective: &str) -> Option<(&'static str, &'static str)> {
    match collective {
        "allreduce" | "reduce" => Some(("is_op_built_in=yes", "is_op_built_in=no")),
        "reduce_scatter" => Some(("is_commutative=yes", "is_commutative=no")),
        "alltoall" => Some(("is_sendbuf_inplace=no", "is_sendbuf_inplace=yes")),
        _ => None,
    }
}

/// The whole selection file: MPICH's own tree with the intra-communicator branch of
/// `collective` (MPICH's name) replaced by `intra`, under [`guard`] where the collective has
/// one. Every other collective, and the collective's inter-communicator branch, is MPICH's
/// own.
pub fn with_intra(collective: &str, intra: Node) -> String {
    let mut tree = library_tree();
    if let Some(section) = tree.0.get_mut(&format!("collective={collective}")) {
        if let Some(branch) = section.0.get_mut("comm_type=intra") {
            let theirs = std::mem::take(branch);
            *branch = match guard(collective) {
                Some((ours, other)) => Node(IndexMap::from([
                    (ours.to_string(), intra),
                    (other.to_string(), theirs),
                ])),
                None => intra,
            };
        }
    }
    serde_json::to_string_pretty(&tree).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree is read whole: written again compactly, it is the file, every branch in its
    /// order (a duplicate condition, which a map would drop, would show here).
    #[test]
    fn the_tree_reads_back_as_it_is() {
        let tree = library_tree();
        assert!(tree.0.len() > 40, "{}", tree.0.len());
        assert_eq!(serde_json::to_string(&tree).unwrap(), TREE.trim());
        let inter = tree
            .get("collective=bcast")
            .and_then(|b| b.get("comm_type=inter"))
            .unwrap();
        assert!(serde_json::to_string(inter)
            .unwrap()
            .contains("MPIR_Bcast_inter_remote_send_local_bcast"));
    }

    #[test]
    fn one_collectives_intra_branch_changes_and_nothing_else() {
        let intra = Node::algorithm("MPIR_Allreduce_intra_recursive_doubling");
        let file: Node = serde_json::from_str(&with_intra("allreduce", intra.clone())).unwrap();
        let old = library_tree();
        assert_eq!(
            old.0.keys().collect::<Vec<_>>(),
            file.0.keys().collect::<Vec<_>>()
        );
        for (key, theirs) in &old.0 {
            let ours = &file.0[key];
            if key == "collective=allreduce" {
                let mine = ours.get("comm_type=intra").unwrap();
                assert_eq!(mine.get("is_op_built_in=yes"), Some(&intra));
                assert_eq!(
                    mine.get("is_op_built_in=no"),
                    theirs.get("comm_type=intra"),
                    "MPICH's own tree outside the guard"
                );
                assert_eq!(ours.get("comm_type=inter"), theirs.get("comm_type=inter"));
            } else {
                assert_eq!(ours, theirs, "{key}");
            }
        }
    }
}
