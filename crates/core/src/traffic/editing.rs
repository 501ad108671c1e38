//! How the traffic keys move together when a person edits one: the stack's depth (`stack`)
//! and its hit probabilities (`hit`) describe one LRU stack (003 §Temporal Locality), so
//! editing either keeps the other consistent. The page's controls and any other editor ask
//! here, and the query language refuses what no stack can be. Every edit of a value passes
//! through [`set`], which also holds the one rule of an edited field that is no key's: an
//! empty field is the key's default.

use crate::error::Errors;
use crate::scenario::Scenario;

use super::MAX_STACK;

/// The stack's depth: `stack` where given, else the number of `hit` values.
pub fn depth(s: &Scenario) -> usize {
    let t = &s.inputs.traffic;
    t.stack
        .map(|d| d as usize)
        .unwrap_or_else(|| t.hit.as_ref().map_or(0, Vec::len))
}

/// Whether the scenario sets a traffic key (the depth is set by the `hit` list too).
pub fn is_set(s: &Scenario, key: &str) -> bool {
    let set = |key: &str| s.inputs.traffic.pairs().iter().any(|(k, _)| *k == key);
    set(key) || (key == "stack" && set("hit"))
}

/// The scenario with `key` set to `value`, the depth following the `hit` list: a typed list
/// drops `stack` (its length is the depth); a depth `n` keeps the list's first `n` values and
/// pads it with 0 (a depth of 0 drops both keys). A value that is not a depth of 0 to
/// [`MAX_STACK`] is the query language's to refuse, with its message.
///
/// An empty value is the key's default ([`reset`]): every field says "default" when empty,
/// and a cleared field is how a person goes back to it. The query language still refuses
/// `hit=` in an address, where an empty value is more likely a value lost than one meant.
pub fn set(s: &Scenario, key: &str, value: &str) -> Result<Scenario, Errors> {
    if value.trim().is_empty() {
        return Ok(reset(s, key));
    }
    match key {
        "hit" => s.without("stack").with("hit", value),
        "stack" => {
            let Some(n) = value
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| *n <= MAX_STACK)
            else {
                return s.with(key, value);
            };
            let base = reset(s, "stack");
            if n == 0 {
                return Ok(base);
            }
            let mut hits = s.inputs.traffic.hit.clone().unwrap_or_default();
            hits.resize(n, 0.0);
            let list: Vec<String> = hits.iter().map(f64::to_string).collect();
            base.with("hit", &list.join(","))
        }
        _ => s.with(key, value),
    }
}

/// The scenario without `key`: resetting the depth drops the `hit` list too.
pub fn reset(s: &Scenario, key: &str) -> Scenario {
    match key {
        "stack" => s.without("stack").without("hit"),
        _ => s.without(key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// The depth follows the hit list: moving it resizes the list, typing a list sets it.
    #[test]
    fn the_depth_resizes_the_hit_list() {
        let s = scenario("machine=intel-ipsc&pattern=traffic&hit=0.5");
        let q = |s: Result<Scenario, _>| s.map(|s: Scenario| s.to_query()).unwrap();
        assert_eq!(
            q(set(&s, "stack", "3")),
            "machine=intel-ipsc&pattern=traffic&hit=0.5,0,0"
        );
        let deep = scenario("machine=intel-ipsc&pattern=traffic&stack=2&hit=0.5,0.2");
        assert_eq!(depth(&deep), 2);
        assert_eq!(
            q(set(&deep, "stack", "1")),
            "machine=intel-ipsc&pattern=traffic&hit=0.5"
        );
        assert_eq!(
            q(set(&deep, "stack", "0")),
            "machine=intel-ipsc&pattern=traffic"
        );
        assert_eq!(
            q(set(&deep, "hit", "0.1,0.2,0.3")),
            "machine=intel-ipsc&pattern=traffic&hit=0.1,0.2,0.3"
        );
        assert_eq!(
            depth(&scenario(
                "machine=intel-ipsc&pattern=traffic&hit=0.1,0.2,0.3"
            )),
            3
        );
        assert!(set(&s, "stack", "65").is_err());
        assert!(set(&s, "stack", "1.5").is_err());
        assert!(set(&s, "hit", "0.5,x").is_err());
        assert!(
            set(&s, "hit", "0.5,").is_err(),
            "an empty value within a list"
        );
        assert!(is_set(&s, "stack"));
        assert!(!is_set(
            &scenario("machine=intel-ipsc&pattern=traffic"),
            "stack"
        ));
        assert_eq!(
            reset(&deep, "stack").to_query(),
            "machine=intel-ipsc&pattern=traffic"
        );
        assert_eq!(
            q(set(&s, "seed", "7")),
            "machine=intel-ipsc&pattern=traffic&hit=0.5&seed=7"
        );
    }

    /// An empty field is the key's default, as its placeholder says: the key leaves the
    /// address (the depth with its list), and the rest of the scenario stays.
    #[test]
    fn an_empty_field_is_the_default() {
        let s = scenario("machine=intel-ipsc&pattern=traffic&dim=5&hit=0.5,0.2&seed=7");
        let q = |key, value| set(&s, key, value).map(|s| s.to_query()).unwrap();
        assert_eq!(
            q("hit", ""),
            "machine=intel-ipsc&pattern=traffic&dim=5&seed=7"
        );
        assert_eq!(
            q("hit", " "),
            "machine=intel-ipsc&pattern=traffic&dim=5&seed=7"
        );
        assert_eq!(
            q("stack", ""),
            "machine=intel-ipsc&pattern=traffic&dim=5&seed=7"
        );
        assert_eq!(
            q("dim", ""),
            "machine=intel-ipsc&pattern=traffic&hit=0.5,0.2&seed=7"
        );
        assert_eq!(
            q("alpha", ""),
            "machine=intel-ipsc&pattern=traffic&dim=5&hit=0.5,0.2&seed=7"
        );
        // In an address, `hit=` is still refused, by name.
        let typed = "machine=intel-ipsc&pattern=traffic&hit=";
        assert!(Scenario::from_query(typed).is_err());
    }
}
