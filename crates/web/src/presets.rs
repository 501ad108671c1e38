//! Guided tours' stories: the tours themselves (id, title, address, source) are the core's
//! (`commcalc_core::tours`); each address is a canonical page address (`page::print` of what
//! `page::parse` reads from it), so a tour opens exactly as a shared link does, and the page
//! knows it is on a tour when its own address is the tour's.
//!
//! The stories themselves are data, `web/tours.json` (a story's text by the tour's id), which
//! the page fetches the first time it shows a tour: a first visit does without them
//! (docs/web-bytes.md), and the service worker precaches the file with the rest of the site.
//! The numbers in the stories are the core's; the tests below check each claim a story makes
//! against an evaluation, so that a change in the models cannot leave a story telling
//! something else than the page shows.

/// The stories' file, beside the page (index.html copies `web/tours.json` into the site).
pub const STORIES: &str = "tours.json";

/// A story as far as the page has it: what to look at and what to try, in a few sentences.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Story<'a> {
    /// The stories' file is on its way.
    Loading,
    Text(&'a str),
    /// The file could not be fetched or has no story for the tour: why.
    Failed(&'a str),
}

impl Story<'_> {
    /// The story's paragraph: its classes, its ARIA role (a notice while it loads or failed)
    /// and its text.
    pub fn line(self) -> StoryLine {
        match self {
            Story::Text(text) => StoryLine {
                class: "story",
                role: None,
                text: text.to_string(),
            },
            Story::Loading => StoryLine {
                class: "story loading",
                role: Some("status"),
                text: "Loading the tour's story…".to_string(),
            },
            Story::Failed(why) => StoryLine {
                class: "story error",
                role: Some("alert"),
                text: format!(
                    "The tour's story could not be loaded ({why}). Check the connection, then open the tour again."
                ),
            },
        }
    }
}

/// What a story's paragraph (`p.story`) shows.
#[derive(Clone, Debug, PartialEq)]
pub struct StoryLine {
    pub class: &'static str,
    pub role: Option<&'static str>,
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page;
    use crate::view::View;
    use commcalc_core::compare::compare;
    use commcalc_core::patterns::Value;
    use commcalc_core::tours::{Tour, TOURS};
    use commcalc_core::{evaluate, Report, Scenario};

    /// Opens a tour's address as the app does: the page, the scenario (the first compared one
    /// in the compare view) and the printed address.
    fn open(p: &Tour) -> (page::Page, Scenario, String) {
        let (page, rest, problems) = page::parse(&format!("?{}", p.query));
        assert!(problems.is_empty(), "{}: {problems:?}", p.id);
        let scenario = match page.compare.first() {
            Some(first) if page.view == View::Compare => first.clone(),
            _ => Scenario::from_query(&rest).unwrap_or_else(|e| panic!("{}: {e}", p.id)),
        };
        let printed = page::print(&page, &scenario);
        (page, scenario, printed)
    }

    fn report(q: &str) -> Report {
        evaluate(&Scenario::from_query(q).unwrap()).unwrap()
    }

    fn metric(r: &Report, key: &str) -> f64 {
        r.metric(key).unwrap_or_else(|| panic!("no {key}"))
    }

    fn text_metric(r: &Report, key: &str) -> String {
        match r.metrics.get(key) {
            Some(Value::Text(t)) => t.clone(),
            other => panic!("{key}: {other:?}"),
        }
    }

    fn close(got: f64, want: f64, rel: f64) -> bool {
        (got - want).abs() <= rel * want.abs()
    }

    /// The stories' file as the page fetches it: each story by its tour's id, in the tours'
    /// order (the file's own order does not matter: the page looks a story up by its id).
    fn stories() -> Vec<(String, String)> {
        let file = include_str!("../../../web/tours.json");
        let json: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(file).expect("web/tours.json is a JSON object");
        assert_eq!(json.len(), TOURS.len(), "one story per tour, no other");
        TOURS
            .iter()
            .map(|p| {
                let story = json.get(p.id).and_then(|s| s.as_str());
                let story = story.unwrap_or_else(|| panic!("{}: no story in web/tours.json", p.id));
                (p.id.to_string(), story.to_string())
            })
            .collect()
    }

    #[test]
    fn every_tour_and_only_they_have_a_story_in_the_file() {
        assert_eq!(stories().len(), TOURS.len());
    }

    /// Each story is three to five sentences.
    #[test]
    fn every_story_is_three_to_five_sentences() {
        for (id, story) in stories() {
            // A sentence ends at a full stop before a capital ("eq. 5" does not end one).
            let sentences = story
                .split(". ")
                .skip(1)
                .filter(|next| next.starts_with(|c: char| c.is_uppercase()))
                .count()
                + 1;
            assert!((3..=5).contains(&sentences), "{id}: {sentences} sentences");
            assert!(story.ends_with('.'), "{id}");
        }
    }

    /// Each address parses without a problem, every scenario in it evaluates, and printing it
    /// back gives the address: the tours are canonical links.
    #[test]
    fn every_tour_is_a_canonical_address_that_evaluates() {
        for p in TOURS {
            let (page, scenario, printed) = open(p);
            assert_eq!(printed, p.query, "{}: not canonical", p.id);
            assert!(evaluate(&scenario).is_ok(), "{}", p.id);
            for s in &page.compare {
                assert!(evaluate(s).is_ok(), "{}: {}", p.id, s.to_query());
            }
        }
    }

    #[test]
    fn the_tours_cover_the_issue_stories() {
        let views: Vec<(&str, View)> = TOURS.iter().map(|p| (p.id, open(p).0.view)).collect();
        assert!(views.contains(&("paragon-bulk", View::Compare)));
        assert!(views.contains(&("delta-snake-fence", View::Regimes)));
        assert!(views.contains(&("atm-chunk", View::Calculator)));
        assert!(views.contains(&("paragon-broadcast-mpich", View::Collectives)));
        assert!(views.contains(&("traffic-fig8", View::Traffic)));
    }

    /// The story's paragraph: the text as it is, a notice while it loads, and the reason
    /// when it could not be had, each with the class and role the page styles and announces.
    #[test]
    fn a_story_line_says_what_the_page_has() {
        for (_, text) in stories() {
            let line = Story::Text(&text).line();
            assert_eq!((line.class, line.role), ("story", None));
            assert_eq!(line.text, text);
        }
        let loading = Story::Loading.line();
        assert_eq!(
            (loading.class, loading.role),
            ("story loading", Some("status"))
        );
        let failed = Story::Failed("HTTP 404").line();
        assert_eq!((failed.class, failed.role), ("story error", Some("alert")));
        assert!(failed.text.contains("(HTTP 404)"), "{}", failed.text);
    }

    // ---- What each story says is what the core computes ----------------------------------

    #[test]
    fn paragon_n_half_story() {
        let r = report(TOURS[0].query);
        assert!(close(metric(&r, "n_half_bytes"), 12_700.0, 0.005));
        assert!(close(metric(&r, "r_inf_MBps"), 87.0, 0.005));
        assert!(close(metric(&r, "bandwidth_MBps"), 43.5, 0.005));
    }

    #[test]
    fn paragon_bulk_story() {
        let (page, _, _) = open(&TOURS[1]);
        let c = compare(&page.compare).unwrap();
        let (bsp, bpram) = (&c.reports[0], &c.reports[1]);
        assert!(close(metric(bsp, "g_us_per_word"), 8.55, 1e-9));
        assert!(close(metric(bsp, "l_us"), 17_000.0, 1e-9));
        assert!(c.crossovers.is_empty(), "B is faster at every size");
        let (last_bsp, last_bpram) = (
            bsp.curve.last().unwrap().time_us,
            bpram.curve.last().unwrap().time_us,
        );
        assert!(last_bsp > 50.0 * last_bpram, "{last_bsp} {last_bpram}");
        let p8 = report("machine=intel-paragon&pattern=h-relation&p=8");
        assert!(close(metric(&p8, "g_us_per_word"), 6.5, 1e-9));
    }

    #[test]
    fn delta_snake_fence_story() {
        let q = "machine=intel-delta&pattern=global-combine&n=100000";
        let standard = report(&format!("{q}&f=standard"));
        let nominal = report(&format!("{q}&f=nominal"));
        assert_eq!(text_metric(&standard, "fastest"), "fence");
        assert_eq!(text_metric(&nominal, "fastest"), "snake");
        assert!(close(metric(&standard, "fence_us"), 312_000.0, 0.005));
        assert!(close(metric(&standard, "snake_us"), 504_000.0, 0.005));
        assert!(close(metric(&nominal, "snake_us"), 1_070_000.0, 0.005));
        assert!(close(metric(&nominal, "fence_us"), 1_140_000.0, 0.005));
        let short = report("machine=intel-delta&pattern=global-combine&n=100&f=standard");
        assert_eq!(text_metric(&short, "fastest"), "tree");
    }

    #[test]
    fn atm_chunk_story() {
        let r = report(TOURS[3].query);
        assert!(close(metric(&r, "time_us"), 16_800.0, 0.005));
        assert!(close(metric(&r, "opt_time_us"), 6_880.0, 0.005));
        assert!(close(metric(&r, "opt_message_bytes"), 22_900.0, 0.005));
        assert!(close(
            metric(&r, "closed_form_message_bytes"),
            24_700.0,
            0.005
        ));
        let x = metric(&r, "max_data_bytes");
        assert!(close(x, 114_600.0, 0.005));
        // t₁ + t₂ + (n − 1)·t₂ with n = ⌈x/m⌉ messages of 2 kB.
        let n = (x / 2000.0).ceil();
        assert_eq!(n, 58.0);
        let whole = report(&format!(
            "machine=atm-sparc20&pattern=pipelined-send&size={}",
            x.ceil()
        ));
        assert!(close(metric(&whole, "time_us"), 9_500.0, 0.01));
    }

    #[test]
    fn hypercube_crossover_story() {
        let (page, _, _) = open(&TOURS[4]);
        let c = compare(&page.compare).unwrap();
        assert_eq!(c.crossovers.len(), 1);
        let x = &c.crossovers[0];
        assert!((150.0..=180.0).contains(&x.size_bytes), "{}", x.size_bytes);
        assert_eq!(x.faster_below, 1, "the S/14 below the crossover");
    }

    #[test]
    fn ethernet_contention_story() {
        let r = report(TOURS[5].query);
        assert!(close(metric(&r, "a_us"), 35_000.0, 1e-9));
        assert!(close(metric(&r, "b_us_per_byte"), 53.2, 1e-9));
        assert!(close(metric(&r, "r_inf_MBps"), 0.0188, 0.005));
        let two = report("machine=ethernet-now&pattern=all-to-all&p=2");
        assert!(close(metric(&two, "b_us_per_byte"), 2.1, 1e-9));
        let three = report("machine=ethernet-now&pattern=all-to-all&p=3");
        assert!(close(metric(&three, "b_us_per_byte"), 6.0 * 0.95, 1e-9));
        let fddi = report("machine=fddi-now&pattern=all-to-all&p=8");
        let ratio = metric(&fddi, "r_inf_MBps") / metric(&r, "r_inf_MBps");
        assert!((7.0..=13.0).contains(&ratio), "{ratio}");
    }

    #[test]
    fn paragon_broadcast_mpich_story() {
        use crate::chart::Scale;
        use crate::collectives::curves_plot;
        use commcalc_core::collectives::library::{choice, Library};
        use commcalc_core::collectives::Collective;
        let p = TOURS
            .iter()
            .find(|p| p.id == "paragon-broadcast-mpich")
            .unwrap();
        let (_, scenario, _) = open(p);
        let r = evaluate(&scenario).unwrap();
        assert_eq!(metric(&r, "alpha_us"), 146.0);
        assert_eq!(metric(&r, "beta_us_per_byte"), 0.0115);
        assert_eq!(text_metric(&r, "fastest"), "binomial");
        assert!(close(metric(&r, "binomial_us"), 1320.0, 0.005));
        assert!(close(metric(&r, "scatter_rd_allgather_us"), 1510.0, 0.005));
        let plot = curves_plot(&scenario, Scale::Log).unwrap();
        let labels: Vec<&str> = plot.crossovers.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(plot.crossovers.len(), 2, "{labels:?}");
        assert!(close(plot.crossovers[0].x, 23_900.0, 0.005), "{labels:?}");
        assert!(labels[1].starts_with("scatter-rd-allgather → pipelined-chain"));
        assert!(
            (1.05e6..1.15e6).contains(&plot.crossovers[1].x),
            "{labels:?}"
        );
        let mpich = |n| choice(Library::Mpich, Collective::Broadcast, 16, n).and_then(|c| c.algo);
        assert_eq!(mpich(12_288.0), Some("binomial"));
        assert_eq!(mpich(16_000.0), Some("scatter-rd-allgather"));
    }

    /// 003 Fig. 8: the completion times the story gives are the core's, at p = 0, 0.6, 0.9.
    #[test]
    fn traffic_fig8_story() {
        use commcalc_core::patterns::traffic::config_of;
        use commcalc_core::traffic::simulate;
        let (_, scenario, _) = open(TOURS.iter().find(|p| p.id == "traffic-fig8").unwrap());
        let at = |hit: &str| {
            let s = scenario.with("hit", hit).unwrap();
            simulate(&config_of(&s).unwrap().0)
                .unwrap()
                .completion_us
                .mean
        };
        let (none, mid, high) = (at("0"), at("0.6"), at("0.9"));
        assert!(close(none, 726_000.0, 0.001), "{none}");
        assert!(close(mid, 787_000.0, 0.001), "{mid}");
        assert!(close(high, 977_000.0, 0.001), "{high}");
        assert!(close(mid / none, 1.08, 0.01), "a rise of 8 %");
        assert_eq!(
            commcalc_core::traffic::figures::fig8().series[0]
                .sweep
                .values(),
            ["0", "0.3", "0.6", "0.9"]
        );
    }

    #[test]
    fn fitted_infiniband_story() {
        // The tour's parameters are what the fit gives on the real file, to the digits the
        // query prints.
        let text = include_bytes!("../../../tests/data/measurements/csd3-ib-osu_latency.txt");
        let series = commcalc_core::measurements::parse(text, None).unwrap();
        let fit = commcalc_core::measurements::fit::fit(series).unwrap();
        let (page, _, _) = open(TOURS.iter().find(|p| p.id == "fitted-infiniband").unwrap());
        // The story compares Hockney parameters (r∞, n½): its machine is the Hockney fit, beside
        // the fitted machine the import view opens (the piecewise fit, with the least error).
        let fitted = Scenario::from_query(&fit.fits.hockney.query).unwrap();
        assert_eq!(page.compare[0], fitted);
        assert_eq!(
            page.fitted.as_deref(),
            Some(crate::import::machine_name(&fit).as_str())
        );
        let c = compare(&page.compare).unwrap();
        let (ib, paragon) = (&c.reports[0], &c.reports[1]);
        assert!(close(metric(ib, "r_inf_MBps"), 9_840.0, 0.005));
        assert!(close(metric(ib, "n_half_bytes"), 11_000.0, 0.01));
        assert!(close(metric(paragon, "n_half_bytes"), 12_700.0, 0.005));
        // a = n½/r∞ and b = 1/r∞ (001 eq. 1–2; MB/s is B/µs).
        let (n_half, r_inf) = (
            metric(paragon, "n_half_bytes"),
            metric(paragon, "r_inf_MBps"),
        );
        let start = n_half / r_inf / fit.fits.hockney.a_us;
        let byte = metric(ib, "r_inf_MBps") / r_inf;
        assert!(close(start, 131.0, 0.005), "{start}");
        assert!(close(byte, 113.0, 0.005), "{byte}");
        assert!(c.crossovers.is_empty());
        assert_eq!(fit.fits.piecewise.breaks_bytes, vec![256.0, 16384.0]);
    }
}
