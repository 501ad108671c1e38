//! 003's Figs. 7 and 8 as sweeps of a scenario: which series each figure draws, which keys
//! each series sets on the scenario's workload, and which key it sweeps over which range.
//! The page's Traffic view runs them (each series a [`Sweep`], as `commcalc traffic --sweep`
//! runs one), so that what a figure is lives here, beside the simulator.

use crate::error::Errors;
use crate::figures::{DECAY, HIT_PROBABILITY, SPHERE_RADIUS};
use crate::papers::Cited;
use crate::scenario::Scenario;

use super::query::DEFAULT_DIM;
use super::sweep::Sweep;

/// One of 003's figures: its number, the place it is cited by and its series.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub number: u32,
    /// `003 Fig. 7`.
    pub source: &'static str,
    pub series: Vec<Series>,
}

/// One series of a figure: its name, the keys it sets on the figure's base scenario, and the
/// swept key with its range.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: &'static str,
    pub set: &'static [(&'static str, &'static str)],
    pub sweep: Sweep,
}

impl Figure {
    /// Its short name: `Fig. 7`.
    pub fn name(&self) -> String {
        format!("Fig. {}", self.number)
    }

    /// What it sweeps, in words from its series: `003 Fig. 7 sweeps sphere, φ = 1: radius
    /// from 1 to 4; decreasing: decay from 0.1 to 0.9; uniform: one run`.
    pub fn about(&self) -> String {
        let series: Vec<String> = self.series.iter().map(Series::about).collect();
        format!("{} sweeps {}", self.source, series.join("; "))
    }

    /// How many runs it takes: every value of every series.
    pub fn runs(&self) -> usize {
        self.series.iter().map(|s| s.sweep.values().len()).sum()
    }
}

/// The figures' short names together, for a button or a message: `Figs. 7 and 8` (from
/// their panels, so that a caller names them without building their sweeps).
pub fn names() -> String {
    let mut numbers: Vec<String> = Vec::new();
    for p in &PANELS {
        let n = p.figure.to_string();
        if !numbers.contains(&n) {
            numbers.push(n);
        }
    }
    match numbers.split_last() {
        Some((last, [])) => format!("Fig. {last}"),
        Some((last, rest)) => format!("Figs. {} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// One chart of the figures: a figure's series against one swept key. Fig. 7 has two
/// panels, the sphere's radius and the decreasing model's decay (its uniform series, one run,
/// is drawn as a line on both); Fig. 8 has one, the stack's hit probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Panel {
    /// The figure's number.
    pub figure: u32,
    /// The key its abscissa sweeps.
    pub key: &'static str,
    /// Its short name, for a button: `Fig. 7 radius`, or the figure's alone where it is the
    /// figure's only panel.
    pub name: &'static str,
    /// Its name in a file's name: `fig7-radius`.
    pub file: &'static str,
    pub caption: Cited,
    /// The abscissa's title.
    pub axis: &'static str,
}

/// The figures' panels, in the order the page shows them.
pub const PANELS: [Panel; 3] = [
    Panel {
        figure: 7,
        key: "radius",
        name: "Fig. 7 radius",
        file: "fig7-radius",
        caption: SPHERE_RADIUS,
        axis: "Sphere radius L (hops)",
    },
    Panel {
        figure: 7,
        key: "decay",
        name: "Fig. 7 decay",
        file: "fig7-decay",
        caption: DECAY,
        axis: "Decay d",
    },
    Panel {
        figure: 8,
        key: "hit",
        name: "Fig. 8",
        file: "fig8",
        caption: HIT_PROBABILITY,
        axis: "Stack hit probability p (depth 1)",
    },
];

impl Series {
    /// Its name and what it sweeps over which range, or `one run`.
    pub fn about(&self) -> String {
        let values = self.sweep.values();
        match (values.first(), values.last()) {
            (Some(first), Some(last)) if values.len() > 1 => {
                format!("{}: {} from {first} to {last}", self.name, self.sweep.key)
            }
            _ => format!("{}: one run", self.name),
        }
    }

    /// The series' base scenario: the figure's base ([`base`]) with the series' keys, or the
    /// query language's errors.
    pub fn scenario(&self, base: &Scenario) -> Result<Scenario, Errors> {
        self.set
            .iter()
            .try_fold(base.clone(), |acc, (k, v)| acc.with(k, v))
    }
}

/// The keys a figure's base scenario drops: its spatial and temporal models are the figure's.
/// The spatial model's own keys go before it: without the model a sphere's radius would be
/// refused, and the scenario would keep the sphere.
const MODEL_KEYS: [&str; 6] = ["radius", "phi", "decay", "spatial", "stack", "hit"];

/// The scenario's keys without its spatial and temporal models: what the figures keep of it
/// (machine, cube, count, lengths, gaps, routing, seed, replications).
pub fn base(s: &Scenario) -> Scenario {
    MODEL_KEYS.iter().fold(s.clone(), |acc, k| acc.without(k))
}

/// Figs. 7 and 8 for a scenario's cube: of its `dim` (the query's), or the default one.
pub fn of(dim: Option<u32>) -> [Figure; 2] {
    [fig7(dim.unwrap_or(DEFAULT_DIM)), fig8()]
}

/// 003 Fig. 7 on a cube of dimension `dim`: the sphere (φ = 1) against its radius, 1 to the
/// diameter; the decreasing model against its decay, 0.1 to 0.9; uniform (one run, drawn as a
/// line: a sweep of the stack at depth 0, which leaves the uniform model as it is).
pub fn fig7(dim: u32) -> Figure {
    Figure {
        number: 7,
        source: crate::figures::FIG7,
        series: vec![
            Series {
                name: "sphere, φ = 1",
                set: &[("spatial", "sphere")],
                sweep: Sweep::new("radius", 1.0, f64::from(dim), dim as usize),
            },
            Series {
                name: "decreasing",
                set: &[("spatial", "decreasing")],
                sweep: Sweep::new("decay", 0.1, 0.9, 5),
            },
            Series {
                name: "uniform",
                set: &[],
                sweep: Sweep::new("stack", 0.0, 0.0, 1),
            },
        ],
    }
}

/// 003 Fig. 8: a depth-1 stack's hit probability p from 0 to 0.9 for the three spatial models
/// (the sphere of radius 2, the decreasing model with d = 0.5), as docs/traffic.md.
pub fn fig8() -> Figure {
    let p = || Sweep::new("hit", 0.0, 0.9, 4);
    Figure {
        number: 8,
        source: crate::figures::FIG8,
        series: vec![
            Series {
                name: "uniform",
                set: &[],
                sweep: p(),
            },
            Series {
                name: "sphere, L = 2",
                set: &[("spatial", "sphere"), ("radius", "2")],
                sweep: p(),
            },
            Series {
                name: "decreasing, d = 0.5",
                set: &[("spatial", "decreasing"), ("decay", "0.5")],
                sweep: p(),
            },
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(q: &str) -> Scenario {
        Scenario::from_query(q).unwrap()
    }

    /// A figure keeps the scenario's workload and replaces its spatial and temporal models by
    /// each series' own; every value of every series is a scenario the query language takes.
    #[test]
    fn every_series_is_a_sweep_of_the_workload() {
        let s = scenario(
            "machine=intel-ipsc&pattern=traffic&dim=5&count=160&spatial=sphere&radius=3&hit=0.5",
        );
        let b = base(&s);
        assert_eq!(
            b.to_query(),
            "machine=intel-ipsc&pattern=traffic&dim=5&count=160"
        );
        for figure in [fig7(5), fig8()] {
            assert_eq!(figure.source, format!("003 Fig. {}", figure.number));
            for series in &figure.series {
                let base = series.scenario(&b).unwrap();
                let values = series.sweep.scenarios(&base).unwrap();
                assert!(!values.is_empty(), "{}", series.name);
            }
        }
        let radius = &fig7(5).series[0].sweep;
        assert_eq!(
            radius.values(),
            ["1", "2", "3", "4", "5"],
            "1 to the diameter"
        );
        assert_eq!(fig8().series[0].sweep.values(), ["0", "0.3", "0.6", "0.9"]);
        assert_eq!(
            fig7(4).about(),
            "003 Fig. 7 sweeps sphere, φ = 1: radius from 1 to 4; decreasing: decay from 0.1 to 0.9; uniform: one run"
        );
        let [seven, eight] = of(s.inputs.traffic.dim);
        assert_eq!((seven, eight), (fig7(5), fig8()));
        let [seven, eight] = of(None);
        assert_eq!(seven, fig7(DEFAULT_DIM));
        assert_eq!((seven.runs(), eight.runs()), (4 + 5 + 1, 3 * 4));
    }

    /// The panels are the figures' sweeps: each figure's keys swept over more than one value,
    /// in order, each named and cited by its figure.
    #[test]
    fn the_panels_are_the_figures_sweeps() {
        for figure in of(None) {
            let mut swept: Vec<&str> = Vec::new();
            for s in figure.series.iter().filter(|s| s.sweep.values().len() > 1) {
                if !swept.contains(&s.sweep.key.as_str()) {
                    swept.push(&s.sweep.key);
                }
            }
            let panels: Vec<&Panel> = PANELS
                .iter()
                .filter(|p| p.figure == figure.number)
                .collect();
            let keys: Vec<&str> = panels.iter().map(|p| p.key).collect();
            assert_eq!(keys, swept, "{}", figure.source);
            for p in panels {
                assert_eq!(p.caption.source, figure.source);
                let name = if keys.len() > 1 {
                    format!("{} {}", figure.name(), p.key)
                } else {
                    figure.name()
                };
                assert_eq!(p.name, name);
                assert_eq!(p.file, name.replace("Fig. ", "fig").replace(' ', "-"));
            }
        }
        let numbers: Vec<String> = of(None).iter().map(|f| f.number.to_string()).collect();
        assert_eq!(names(), format!("Figs. {}", numbers.join(" and ")));
    }

    /// 003 names the two figures.
    #[test]
    fn the_figures_are_in_the_paper() {
        let text = std::fs::read_dir(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/papers"),
        )
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().starts_with("003_"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .unwrap();
        for f in [fig7(4), fig8()] {
            assert!(
                text.contains(&format!("Figure {}", f.number)),
                "{}",
                f.source
            );
        }
    }
}
