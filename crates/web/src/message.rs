//! The messages between the page and the Traffic view's worker, by hand: each is a [`Packet`]
//! of a kind, strings and arrays of numbers, which `worker` turns into a JavaScript object of
//! strings and typed arrays (handed over, not copied). serde's derived deserializers of the
//! replies, their summaries and the figures cost the page's module about 25 kB raw, which a
//! first visit to the calculator downloads although only a traffic scenario uses them
//!; these few lines read the same messages.

use commcalc_core::traffic::{Estimate, Summary};

use crate::traffic::{Curve, Figures, Reply, Request, ToWorker};

/// A message in plain parts: its kind, its strings, and its arrays of numbers (the per-link
/// peak queues, the one list of integers, apart).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Packet {
    pub kind: String,
    pub texts: Vec<String>,
    pub f64s: Vec<Vec<f64>>,
    pub u32s: Vec<Vec<u32>>,
}

impl Packet {
    fn of(kind: &str, texts: Vec<String>, f64s: Vec<Vec<f64>>) -> Packet {
        Packet {
            kind: kind.to_string(),
            texts,
            f64s,
            u32s: Vec::new(),
        }
    }
}

/// Reads a packet's parts in order, or says which one is missing.
struct Reader {
    texts: std::vec::IntoIter<String>,
    f64s: std::vec::IntoIter<Vec<f64>>,
    u32s: std::vec::IntoIter<Vec<u32>>,
}

impl Reader {
    fn text(&mut self) -> Result<String, String> {
        self.texts
            .next()
            .ok_or_else(|| "a message lacks a text".into())
    }

    fn numbers(&mut self) -> Result<Vec<f64>, String> {
        self.f64s
            .next()
            .ok_or_else(|| "a message lacks numbers".into())
    }

    /// The first number of the next array, or why there is none.
    fn number(&mut self) -> Result<f64, String> {
        self.numbers()?
            .first()
            .copied()
            .ok_or_else(|| "a message has an empty array".into())
    }

    /// A summary written by [`put_summary`].
    fn summary(&mut self) -> Result<Summary, String> {
        let numbers = self.numbers()?;
        let utilisation = self.numbers()?;
        let queue = self.u32s.next().ok_or("a summary lacks its queues")?;
        let mut s = unflatten(numbers)?;
        s.first.link_utilisation = utilisation;
        s.first.link_peak_queue = queue;
        Ok(s)
    }
}

/// A summary's estimates, in the order [`flatten`] writes them.
fn estimates(s: &mut Summary) -> [&mut Estimate; 8] {
    [
        &mut s.completion_us,
        &mut s.latency_mean_us,
        &mut s.latency_p50_us,
        &mut s.latency_p99_us,
        &mut s.hops_mean,
        &mut s.link_util_max,
        &mut s.queue_max,
        &mut s.run_length_mean,
    ]
}

/// One scalar field of a summary, by its type, as an f64 to read or write.
enum Scalar<'a> {
    Number(&'a mut f64),
    Small(&'a mut u32),
    Count(&'a mut u64),
}

impl Scalar<'_> {
    fn get(&self) -> f64 {
        match self {
            Scalar::Number(v) => **v,
            Scalar::Small(v) => f64::from(**v),
            Scalar::Count(v) => **v as f64,
        }
    }

    fn set(&mut self, x: f64) {
        match self {
            Scalar::Number(v) => **v = x,
            Scalar::Small(v) => **v = x as u32,
            Scalar::Count(v) => **v = x as u64,
        }
    }
}

/// A summary's counts and its first run's scalars, in the order [`flatten`] writes them
/// (after the estimates).
fn scalars(s: &mut Summary) -> [Scalar<'_>; 23] {
    use Scalar::{Count, Number, Small};
    let r = &mut s.first;
    [
        Small(&mut s.reps),
        Count(&mut s.generated),
        Count(&mut s.delivered),
        Count(&mut s.duplicates),
        Count(&mut s.events),
        Number(&mut r.completion_us),
        Number(&mut r.latency_mean_us),
        Number(&mut r.latency_p50_us),
        Number(&mut r.latency_p99_us),
        Number(&mut r.hops_mean),
        Number(&mut r.link_util_max),
        Small(&mut r.queue_max),
        Count(&mut r.generated),
        Count(&mut r.delivered),
        Count(&mut r.duplicates),
        Number(&mut r.run_length_mean),
        Count(&mut r.events),
        Number(&mut r.in_network_mean),
        Number(&mut r.latency_sum_over_time),
        Number(&mut r.waiting_mean),
        Number(&mut r.wait_sum_over_time),
        Count(&mut r.clock_regressions),
        Number(&mut r.latency_histogram.bin_width),
    ]
}

/// A summary's numbers but the per-link results: every estimate (an absent interval as NaN),
/// count and scalar, then each list after its length (counts are below 2⁵³: exact as f64).
fn flatten(s: &mut Summary) -> Vec<f64> {
    let mut numbers = Vec::new();
    for e in estimates(s) {
        numbers.extend([e.mean, e.ci95.unwrap_or(f64::NAN)]);
    }
    numbers.extend(scalars(s).iter().map(Scalar::get));
    for list in [&s.first.run_lengths, &s.first.latency_histogram.counts] {
        numbers.push(list.len() as f64);
        numbers.extend(list.iter().map(|&n| n as f64));
    }
    numbers
}

/// The summary (without per-link results) that [`flatten`] gave these numbers for, or why
/// they are not one.
fn unflatten(numbers: Vec<f64>) -> Result<Summary, String> {
    let mut numbers = numbers.into_iter();
    let mut next = || numbers.next().ok_or("a summary's numbers end early");
    let mut s = Summary::default();
    for e in estimates(&mut s) {
        e.mean = next()?;
        e.ci95 = Some(next()?).filter(|c| !c.is_nan());
    }
    for mut field in scalars(&mut s) {
        field.set(next()?);
    }
    let r = &mut s.first;
    for list in [&mut r.run_lengths, &mut r.latency_histogram.counts] {
        let n = next()? as usize;
        *list = (0..n)
            .map(|_| next().map(|x| x as u64))
            .collect::<Result<_, _>>()?;
    }
    if numbers.next().is_some() {
        return Err("a summary's numbers go on past its end".into());
    }
    Ok(s)
}

/// Appends a summary: its numbers, its per-link utilisation and its per-link peak queues.
fn put_summary(p: &mut Packet, mut s: Summary) {
    p.f64s.push(flatten(&mut s));
    p.f64s.push(std::mem::take(&mut s.first.link_utilisation));
    p.u32s.push(std::mem::take(&mut s.first.link_peak_queue));
}

/// A figure's curves: each one's name and key as texts, its points as numbers (x, mean and
/// half-width, NaN for none).
fn put_curves(p: &mut Packet, curves: Vec<Curve>) {
    p.f64s.push(vec![curves.len() as f64]);
    for c in curves {
        p.texts.extend([c.name, c.key]);
        let points = c
            .points
            .iter()
            .flat_map(|&(x, y, ci)| [x, y, ci.unwrap_or(f64::NAN)]);
        p.f64s.push(points.collect());
    }
}

fn curves(r: &mut Reader) -> Result<Vec<Curve>, String> {
    (0..r.number()? as usize)
        .map(|_| {
            let (name, key) = (r.text()?, r.text()?);
            let points = r.numbers()?;
            let points = points.chunks_exact(3);
            let points = points
                .map(|p| (p[0], p[1], Some(p[2]).filter(|c| !c.is_nan())))
                .collect();
            Ok(Curve { name, key, points })
        })
        .collect()
}

/// A reply as a packet.
pub fn pack(reply: Reply) -> Packet {
    match reply {
        Reply::Ready => Packet::of("ready", vec![], vec![]),
        Reply::Progress { done, total } => {
            Packet::of("progress", vec![], vec![vec![done, f64::from(total)]])
        }
        Reply::Run { query, summary, ms } => {
            let mut p = Packet::of("run", vec![query], vec![vec![ms]]);
            put_summary(&mut p, *summary);
            p
        }
        Reply::Simulated { query, runs } => {
            let mut p = Packet::of("simulated", vec![query], vec![vec![runs.len() as f64]]);
            for s in runs {
                put_summary(&mut p, s);
            }
            p
        }
        Reply::Figures { figures } => {
            let mut p = Packet::of("figures", vec![figures.query], vec![]);
            put_curves(&mut p, figures.fig7);
            put_curves(&mut p, figures.fig8);
            p
        }
        Reply::Error { message } => Packet::of("error", vec![message], vec![]),
    }
}

fn reader(p: Packet) -> Reader {
    Reader {
        texts: p.texts.into_iter(),
        f64s: p.f64s.into_iter(),
        u32s: p.u32s.into_iter(),
    }
}

/// The reply [`pack`] gave a packet, or why it is not one.
pub fn unpack(p: Packet) -> Result<Reply, String> {
    let kind = p.kind.clone();
    let mut r = reader(p);
    Ok(match kind.as_str() {
        "ready" => Reply::Ready,
        "progress" => {
            let n = r.numbers()?;
            let (Some(&done), Some(&total)) = (n.first(), n.get(1)) else {
                return Err("a progress message lacks its numbers".into());
            };
            Reply::Progress {
                done,
                total: total as u32,
            }
        }
        "run" => Reply::Run {
            query: r.text()?,
            ms: r.number()?,
            summary: Box::new(r.summary()?),
        },
        "simulated" => Reply::Simulated {
            query: r.text()?,
            runs: (0..r.number()? as usize)
                .map(|_| r.summary())
                .collect::<Result<_, _>>()?,
        },
        "figures" => Reply::Figures {
            figures: Figures {
                query: r.text()?,
                fig7: curves(&mut r)?,
                fig8: curves(&mut r)?,
            },
        },
        "error" => Reply::Error { message: r.text()? },
        other => return Err(format!("a reply of unknown kind \"{other}\"")),
    })
}

/// What the page posts the worker, as a packet.
pub fn pack_request(message: &ToWorker) -> Packet {
    match message {
        ToWorker::Hold => Packet::of("hold", vec![], vec![]),
        ToWorker::Do(request) => {
            let flags = [request.figures, request.evaluate].map(|b| f64::from(u8::from(b)));
            Packet::of("do", vec![request.query.clone()], vec![flags.to_vec()])
        }
    }
}

/// The message [`pack_request`] gave a packet, or why it is not one.
pub fn unpack_request(p: Packet) -> Result<ToWorker, String> {
    let kind = p.kind.clone();
    let mut r = reader(p);
    match kind.as_str() {
        "hold" => Ok(ToWorker::Hold),
        "do" => {
            let query = r.text()?;
            let flags = r.numbers()?;
            Ok(ToWorker::Do(Request {
                figures: flags.first() == Some(&1.0),
                query,
                evaluate: flags.get(1) == Some(&1.0),
            }))
        }
        other => Err(format!("a request of unknown kind \"{other}\"")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::traffic::Work;

    fn work(query: &str, figures: bool, evaluate: bool) -> Reply {
        let request = Request {
            figures,
            query: query.into(),
            evaluate,
        };
        Work::of(&request).finish(&mut |_, _| ())
    }

    /// Every kind of reply, packed and unpacked, is the reply again: a run (two
    /// replications, so an interval), the calculator's simulations, the figures, progress,
    /// an error; a packet cut short or of an unknown kind is refused.
    #[test]
    fn replies_cross_as_packets_and_come_back() {
        let q = "machine=intel-ipsc&pattern=traffic&count=120&reps=2";
        for reply in [
            work(q, false, false),
            work(q, false, true),
            work(q, true, false),
            Reply::Ready,
            Reply::Progress {
                done: 1.5,
                total: 3,
            },
            Reply::Error {
                message: "no".into(),
            },
        ] {
            let packet = pack(reply.clone());
            assert_eq!(unpack(packet.clone()), Ok(reply.clone()));
            if !packet.f64s.is_empty() {
                let mut cut = packet.clone();
                cut.f64s.pop();
                assert!(unpack(cut).is_err(), "{reply:?}");
            }
        }
        let Reply::Run { summary, .. } = work(q, false, false) else {
            panic!("a run");
        };
        assert!(summary.completion_us.ci95.is_some() && summary.first.link_utilisation.len() == 32);
        let mut long = pack(work(q, false, false));
        long.f64s[1].push(0.0);
        assert!(unpack(long).is_err());
        assert!(unpack(Packet::of("what", vec![], vec![])).is_err());
    }

    #[test]
    fn requests_cross_as_packets_and_come_back() {
        for message in [
            ToWorker::Hold,
            ToWorker::Do(Request {
                figures: true,
                query: "machine=intel-ipsc&pattern=traffic".into(),
                evaluate: false,
            }),
            ToWorker::Do(Request {
                figures: false,
                query: String::new(),
                evaluate: true,
            }),
        ] {
            assert_eq!(unpack_request(pack_request(&message)), Ok(message));
        }
    }
}
