//! Where a view moves a scenario it cannot show: the rules for moving to a scenario that has
//! what the view needs, which the web app asks (it words the reason; the rule is here).
//!
//! - The collectives view compares the algorithms of an MPI collective (Thakur, Rabenseifner
//!   and Gropp 2005): a scenario whose pattern is not a collective moves to allreduce on the
//!   same machine with its parameters (a fitted machine stays itself), else on the Paragon.
//! - The regime maps need a machine with node-bandwidth-limited parameters (004 §2): a
//!   scenario without them moves to the first machine of the catalog that has them, keeping
//!   the pattern and the inputs that apply there, else to its global combining (004 §4.1).
//!   A fitted machine (the custom machine under a fit's model, called by its name) has none:
//!   the custom machine's NBL values are 004's defaults, not the fit's.
//! - The traffic view simulates 003's synthetic benchmark, a pattern of the hypercubes: a
//!   scenario of another pattern moves to the same machine's traffic where it has it, else to
//!   003's Intel iPSC (a 16-node cube, as 003 ran it).
//! - An address that names a machine or a pattern is the reader's choice: the view keeps it
//!   and says why it has nothing to show. One that names neither (`?view=collectives` in a
//!   fresh tab) stands for the defaults, and the view moves them as a tab does.

use crate::catalog::MACHINES;
use crate::collectives::winner::collective_of;
use crate::query::gives;
use crate::regimes::nbl_of;
use crate::{Model, Scenario};

/// The collective a view of collectives opens on when `s` is not one; `None` where it is.
pub fn collective_for(s: &Scenario) -> Option<Scenario> {
    if collective_of(s).is_ok() {
        return None;
    }
    s.switched("pattern", "allreduce")
        .ok()
        .filter(|n| n.machine.id == s.machine.id)
        .or_else(|| Scenario::from_query("machine=intel-paragon&pattern=allreduce").ok())
}

/// The scenario the traffic view opens on when `s` is not the traffic pattern; `None` where it
/// is.
pub fn traffic_for(s: &Scenario) -> Option<Scenario> {
    if s.pattern.id == "traffic" {
        return None;
    }
    s.switched("pattern", "traffic")
        .ok()
        .filter(|n| n.pattern.id == "traffic")
        .or_else(|| Scenario::from_query("machine=intel-ipsc&pattern=traffic").ok())
}

/// Whether `s` is a fitted machine (`fitted`: the page calls it by a fitted name) without NBL
/// parameters of its own: the custom machine under a model other than `nbl`.
pub fn fitted_without_maps(s: &Scenario, fitted: bool) -> bool {
    fitted && s.machine.id == "custom" && s.model != Model::Nbl
}

/// The scenario the regime maps open on when `s` has none (module docs); `None` where it has.
pub fn maps_for(s: &Scenario, fitted: bool) -> Option<Scenario> {
    if !fitted_without_maps(s, fitted) && nbl_of(s).is_ok() {
        return None;
    }
    let machine = MACHINES.iter().find(|m| m.set(Model::Nbl).is_some())?;
    s.switched("machine", machine.id)
        .ok()
        .filter(|n| n.pattern.id == s.pattern.id && nbl_of(n).is_ok())
        .or_else(|| {
            Scenario::from_query(&format!("machine={}&pattern=global-combine", machine.id)).ok()
        })
}

/// Whether an address's scenario query names the machine or the pattern (then a view keeps
/// them); one that names neither stands for the defaults, which a view may move.
pub fn names_scenario(query: &str) -> bool {
    gives(query, "machine") || gives(query, "pattern")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// The page's default (the Paragon's ping-pong) has no collective and no maps: each view
    /// moves it; a fitted machine keeps its parameters for collectives and has no maps.
    #[test]
    fn each_view_moves_to_a_scenario_it_can_show() {
        let default = scenario("");
        let c = collective_for(&default).unwrap();
        assert_eq!((c.machine.id, c.pattern.id), ("intel-paragon", "allreduce"));
        assert!(collective_for(&c).is_none());
        let fitted = scenario("machine=custom&pattern=pingpong&alpha=1.115&beta=0.0001016");
        assert_eq!(
            collective_for(&fitted).unwrap(),
            scenario("machine=custom&pattern=allreduce&alpha=1.115&beta=0.0001016")
        );
        let m = maps_for(&default, false).unwrap();
        assert_eq!((m.machine.id, m.pattern.id), ("intel-delta", "pingpong"));
        assert!(nbl_of(&m).is_ok() && maps_for(&m, false).is_none());
        assert!(maps_for(&fitted, false).is_none());
        assert_eq!(maps_for(&fitted, true).unwrap().machine.id, "intel-delta");
        let bsp = scenario("machine=ibm-sp2&pattern=h-relation");
        let m = maps_for(&bsp, false).unwrap();
        assert_eq!(
            (m.machine.id, m.pattern.id),
            ("intel-delta", "global-combine")
        );
    }

    /// A hypercube keeps its machine; another machine moves to 003's iPSC.
    #[test]
    fn the_traffic_view_moves_to_a_hypercube_s_traffic() {
        let ametek = traffic_for(&scenario("machine=ametek-s14&pattern=pingpong")).unwrap();
        assert_eq!(ametek.to_query(), "machine=ametek-s14&pattern=traffic");
        let paragon = traffic_for(&scenario("machine=intel-paragon&pattern=pingpong")).unwrap();
        assert_eq!(paragon.to_query(), "machine=intel-ipsc&pattern=traffic");
        assert!(traffic_for(&paragon).is_none());
    }

    #[test]
    fn an_address_names_the_scenario_by_its_machine_or_pattern() {
        assert!(!names_scenario(""));
        assert!(!names_scenario("size=100&p=8"));
        assert!(names_scenario("machine=intel-paragon"));
        assert!(names_scenario("size=1&pattern=pingpong"));
    }
}
