//! The page's side of the Traffic view's worker (`src/bin/traffic_worker.rs`): a [`Job`]
//! starts the worker (its wasm loads then, not with the page), sends it requests once it says
//! it is ready, and reports progress and replies; dropping or cancelling the job terminates
//! the worker, so a cancelled run stops at once. While a worker works on a request, every input
//! the person gives the page tells it to rest for the input's frame (`ToWorker::Hold`); an idle
//! worker is not told (a message per input for nothing, and on the calculator's traffic pattern
//! the input's own request would have waited for the rest). The page's side of the same rule:
//! a reply that arrives within [`HOLD_MS`] of an input is handled once that time is over,
//! unless it answers a request made since that input ([`Inbox`]).
//!
//! The calculator's `pattern=traffic` uses it too ([`report`]): its report needs seven
//! simulations (the query's and the curve's six lengths, `commcalc_core::patterns::traffic`),
//! tens of milliseconds on the page's thread per slider input where the budget is 8 (issue 10).
//! They run in one worker that stays up; the page keeps the last results on screen and shows
//! the new ones when their runs come back, evaluating the scenario then at no cost (the core's
//! `traffic::remember`). At most one request runs and one waits, the latest: an input while a
//! run is under way replaces the waiting one, so nothing queues behind a dragged slider. The
//! first report comes from the worker too, so that a long one never holds the page up. All of
//! this is the full module's: the calculator's module hands a traffic scenario over to it
//!.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};
use std::time::Duration;

use commcalc_core::context::Engines;
use commcalc_core::patterns::traffic::simulations;
use commcalc_core::traffic::{remember, Summary};
use commcalc_core::{Error, Report, Scenario};
use leptos::prelude::{
    provide_context, set_timeout, LocalStorage, Notify, StoredValue, Track, Trigger, UpdateValue,
    WithValue,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::edit::{Evaluate, Evaluator};
use crate::traffic::{reply_wait, Message, Reply, Request, ToWorker};
use crate::view::View;

/// The worker's loader, as Trunk names it (workers keep their binary's name, unhashed).
pub const LOADER: &str = "./traffic-worker_loader.js";

pub use crate::traffic::HOLD_MS;

/// A worker and what it answers; the worker ends with the job.
pub struct Job {
    worker: Worker,
    /// Requests posted before the worker said it was ready (its handler is not set until its
    /// module has loaded, and a message before that would be lost); `None` once ready.
    pending: Rc<RefCell<Option<Vec<JsValue>>>>,
    /// Requests posted and not yet answered.
    busy: Rc<Cell<u32>>,
    /// Replies waiting for an input's frame; dropped with the job, so that a cancelled job's
    /// replies are never handled.
    inbox: Rc<RefCell<Inbox>>,
    /// The page's workers, of which this is one until it ends.
    workers: Workers,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

/// The page's workers (the calculator's and the Traffic view's) and the person's inputs,
/// owned by the full module's app, which provides them as a context ([`evaluator`]): an input,
/// a press or a key tells every busy worker to rest while the page renders the input's frame
/// (`ToWorker::Hold`; the worker's module says why), and is the time replies wait for
/// ([`Inbox`]).
#[derive(Clone, Copy)]
pub struct Workers(StoredValue<Inputs, LocalStorage>);

/// What [`Workers`] keep.
struct Inputs {
    /// Every worker up, with its requests not yet answered: each busy one is told `Hold` when
    /// the person gives the page an input.
    live: Vec<(Worker, Rc<Cell<u32>>)>,
    /// When the person last gave the page an input (`performance.now()`, ms).
    last_input: f64,
    /// The page's listener for those inputs, added with the first worker and removed with
    /// the app.
    listener: Option<InputListener>,
}

/// The events that are the person's inputs.
const INPUTS: [&str; 3] = ["input", "pointerdown", "keydown"];

/// [`Workers`]' listener on the document (capturing), removed when dropped.
struct InputListener {
    document: web_sys::Document,
    tell: Closure<dyn Fn()>,
}

impl Drop for InputListener {
    fn drop(&mut self) {
        for event in INPUTS {
            let _ = self.document.remove_event_listener_with_callback_and_bool(
                event,
                self.tell.as_ref().unchecked_ref(),
                true,
            );
        }
    }
}

impl Workers {
    /// None up yet, and no input yet.
    fn new() -> Workers {
        Workers(StoredValue::new_local(Inputs {
            live: Vec::new(),
            last_input: f64::NEG_INFINITY,
            listener: None,
        }))
    }

    /// When the person last gave the page an input (never, once the app is gone).
    fn last_input(&self) -> f64 {
        (self.0)
            .try_with_value(|i| i.last_input)
            .unwrap_or(f64::NEG_INFINITY)
    }
}

/// A job's replies, handled in the order they came, none within [`HOLD_MS`] of the person's
/// last input: a run's results (their table, cube and charts: 3–4 ms of script, then their
/// frame) handled in the frame of an input made that input's repaint wait for them (traced: the
/// slowest input during a 4096-node run came as its results did). A reply waits at most once,
/// until `HOLD_MS` after the input last before it came, so that inputs in a row cannot hold the
/// replies back.
/// A reply to a request made since that input does not wait ([`reply_wait`]).
struct Inbox {
    replies: VecDeque<Reply>,
    /// A timeout will hand the waiting replies over.
    waiting: bool,
    /// When the latest request was posted (`performance.now()`, ms).
    asked: f64,
    on_reply: Rc<dyn Fn(Reply)>,
    /// The page's workers, whose last input the replies wait after.
    workers: Workers,
}

impl Inbox {
    fn take(inbox: &Rc<RefCell<Inbox>>, reply: Reply) {
        let wait = {
            let mut b = inbox.borrow_mut();
            b.replies.push_back(reply);
            if b.waiting {
                return;
            }
            reply_wait(b.asked, b.workers.last_input(), crate::dom::now())
        };
        if wait > 0.0 {
            inbox.borrow_mut().waiting = true;
            let later: Weak<RefCell<Inbox>> = Rc::downgrade(inbox);
            set_timeout(
                move || {
                    if let Some(inbox) = later.upgrade() {
                        inbox.borrow_mut().waiting = false;
                        Inbox::hand_over(&inbox);
                    }
                },
                Duration::from_secs_f64(wait / 1000.0),
            );
        } else {
            Inbox::hand_over(inbox);
        }
    }

    /// Hands every waiting reply over, the inbox not borrowed meanwhile (a reply may start a
    /// request, or end the job).
    fn hand_over(inbox: &Rc<RefCell<Inbox>>) {
        loop {
            let (reply, on_reply) = {
                let mut b = inbox.borrow_mut();
                match b.replies.pop_front() {
                    Some(r) => (r, b.on_reply.clone()),
                    None => return,
                }
            };
            on_reply(reply);
        }
    }
}

impl Job {
    /// Starts a worker, one of the page's `workers`; `on_reply` gets every reply after `Ready`
    /// (progress, then one result or error per request). Fails where the browser cannot start
    /// a worker.
    pub fn start(workers: Workers, on_reply: impl Fn(Reply) + 'static) -> Result<Job, String> {
        let worker = Worker::new(LOADER)
            .map_err(|e| format!("no Web Worker: {}", crate::dom::js_error(&e)))?;
        let pending = Rc::new(RefCell::new(Some(Vec::<JsValue>::new())));
        let busy = Rc::new(Cell::new(0u32));
        let inbox = Rc::new(RefCell::new(Inbox {
            replies: VecDeque::new(),
            waiting: false,
            asked: f64::NEG_INFINITY,
            on_reply: Rc::new(on_reply),
            workers,
        }));
        let on_message = {
            let worker = worker.clone();
            let pending = pending.clone();
            let busy = busy.clone();
            let inbox = inbox.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
                let _timed = crate::dom::timed("commcalc:reply");
                match from_js(&ev.data()) {
                    Ok(Reply::Ready) => {
                        for message in pending.borrow_mut().take().unwrap_or_default() {
                            let _ = worker.post_message(&message);
                        }
                    }
                    Ok(reply @ Reply::Progress { .. }) => Inbox::take(&inbox, reply),
                    // Every other reply answers a request (its result or its error).
                    Ok(reply) => {
                        busy.set(busy.get().saturating_sub(1));
                        Inbox::take(&inbox, reply)
                    }
                    Err(e) => {
                        busy.set(busy.get().saturating_sub(1));
                        Inbox::take(
                            &inbox,
                            Reply::Error {
                                message: format!("unreadable reply from the worker: {e}"),
                            },
                        )
                    }
                }
            })
        };
        let on_error = {
            let busy = busy.clone();
            let inbox = inbox.clone();
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
                ev.prevent_default();
                busy.set(0);
                Inbox::take(
                    &inbox,
                    Reply::Error {
                        message: format!("the worker failed: {}", ev.message()),
                    },
                )
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        hold_on_input(workers);
        (workers.0).try_update_value(|i| i.live.push((worker.clone(), busy.clone())));
        Ok(Job {
            worker,
            pending,
            busy,
            inbox,
            workers,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends the worker a request: at once if it is ready, else when it is.
    pub fn post(&self, request: &Request) -> Result<(), String> {
        let (message, _) = to_js(&ToWorker::Do(request.clone()))?;
        if let Some(waiting) = self.pending.borrow_mut().as_mut() {
            waiting.push(message);
        } else {
            self.worker
                .post_message(&message)
                .map_err(|e| crate::dom::js_error(&e))?;
        }
        self.busy.set(self.busy.get() + 1);
        self.inbox.borrow_mut().asked = crate::dom::now();
        Ok(())
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
        (self.workers.0).try_update_value(|i| i.live.retain(|(w, _)| w != &self.worker));
    }
}

/// Runs `f` once `HOLD_MS` have passed since the person's last input (at once if they have):
/// work that can wait, such as the next part of a worker's results, then does not delay the
/// frame after an input. It waits once, as the replies do.
pub fn when_quiet(workers: Workers, f: impl FnOnce() + 'static) {
    match crate::traffic::quiet_in(workers.last_input(), crate::dom::now()) {
        wait if wait > 0.0 => set_timeout(f, Duration::from_secs_f64(wait / 1000.0)),
        _ => f(),
    }
}

/// Adds the page's listener for the person's inputs ([`Workers`]), once.
fn hold_on_input(workers: Workers) {
    if (workers.0).try_with_value(|i| i.listener.is_some()) != Some(false) {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok((hold, _)) = to_js(&ToWorker::Hold) else {
        return;
    };
    let tell = Closure::<dyn Fn()>::new(move || {
        (workers.0).try_update_value(|i| {
            i.last_input = crate::dom::now();
            for (worker, busy) in &i.live {
                if busy.get() > 0 {
                    let _ = worker.post_message(&hold);
                }
            }
        });
    });
    let options = web_sys::AddEventListenerOptions::new();
    options.set_capture(true);
    options.set_passive(true);
    for event in INPUTS {
        let _ = document.add_event_listener_with_callback_and_add_event_listener_options(
            event,
            tell.as_ref().unchecked_ref(),
            &options,
        );
    }
    (workers.0).try_update_value(|i| i.listener = Some(InputListener { document, tell }));
}

/// A message as a JavaScript object `{ kind, data }`: its kind, and its bytes in serde's
/// compact binary format (postcard) as a `Uint8Array`, with the buffer to hand over rather
/// than copy. serde-wasm-bindgen's plain objects cross into the module a value at a time, and
/// measured slower on a large cube's reply and on the traffic sliders (docs/traffic.md).
pub fn to_js<T: Message>(message: &T) -> Result<(JsValue, js_sys::Array), String> {
    let bytes = postcard::to_allocvec(message).map_err(|e| e.to_string())?;
    let data = js_sys::Uint8Array::from(&bytes[..]);
    let object = js_sys::Object::new();
    for (name, value) in [
        ("kind", JsValue::from_str(message.kind())),
        ("data", data.clone().into()),
    ] {
        js_sys::Reflect::set(&object, &name.into(), &value)
            .map_err(|e| crate::dom::js_error(&e))?;
    }
    Ok((object.into(), js_sys::Array::of1(&data.buffer())))
}

/// The message in an object of [`to_js`]'s making, or why it is not one.
pub fn from_js<T: Message>(object: &JsValue) -> Result<T, String> {
    let data = js_sys::Reflect::get(object, &"data".into())
        .ok()
        .and_then(|d| d.dyn_into::<js_sys::Uint8Array>().ok())
        .ok_or("a message without its bytes")?;
    postcard::from_bytes(&data.to_vec()).map_err(|e| format!("an unreadable message: {e}"))
}

/// The calculator's worker: the query being simulated and the latest one asked for since.
struct Background {
    job: Job,
    running: Option<String>,
    waiting: Option<String>,
}

/// The calculator's traffic reports (see the module's comment), owned by the app: its worker,
/// what the core has been handed, the last report shown, and what tells the report memo that
/// simulations arrived.
#[derive(Clone, Copy)]
struct Calculated {
    kept: StoredValue<Reports, LocalStorage>,
    /// Notified when simulations arrive: the report memo, which tracks it, evaluates again.
    arrived: Trigger,
    /// The page's workers, with which it starts its own.
    workers: Workers,
}

/// What [`Calculated`] keeps.
#[derive(Default)]
struct Reports {
    background: Option<Background>,
    /// The query whose simulations the core was last handed.
    ready: Option<String>,
    /// The last traffic report shown, kept on screen while a newer one is being simulated.
    shown: Option<Report>,
}

/// The full module's evaluation (`app::Views::report`), made under the app's owner: [`report`]
/// with the module's engines (both), its caches and its worker owned by the app.
pub fn evaluator(engines: Engines) -> Evaluate {
    let evaluator = Evaluator::new(engines);
    // The page's workers, this one's and the Traffic view's, for the views to start theirs.
    let workers = Workers::new();
    provide_context(workers);
    let calculated = Calculated {
        kept: StoredValue::new_local(Reports::default()),
        arrived: Trigger::new(),
        workers,
    };
    Box::new(move |view, scenario| report(&evaluator, calculated, view, scenario))
}

/// The report a view shows of a scenario in the full module: `evaluate_in`'s, except for a
/// traffic scenario in the calculator, whose simulations run in the worker (see the module's
/// comment). Until they are back it is the last traffic report shown (the scenario checked
/// first: a bad value is refused at once), or before the first one the scenario's inputs with
/// no results, which the calculator shows as a run to come (`Report::unrun`). The calculator's module evaluates
/// with `cached_evaluate` alone: it hands a traffic scenario over to the full module.
fn report(
    evaluator: &Evaluator,
    calculated: Calculated,
    view: View,
    scenario: &Scenario,
) -> Result<Report, Error> {
    let unrun = evaluator.evaluate_in(view, scenario);
    if view != View::Calculator || scenario.pattern.id != "traffic" {
        return unrun;
    }
    let unrun = unrun?;
    calculated.arrived.track();
    let query = scenario.to_query();
    let (ready, shown) = (calculated.kept)
        .try_with_value(|k| {
            let ready = k.ready.as_deref() == Some(query.as_str());
            (ready, k.shown.clone())
        })
        .unwrap_or_default();
    if let Some(last) = shown.as_ref().filter(|last| last.query == query) {
        return Ok(last.clone());
    }
    let mut failed = None;
    if !ready {
        match ask(calculated, &query) {
            // The last report unchanged: the memo sees an equal value and nothing repaints
            // until the new results are in (one repaint per input, not two).
            Ok(()) => {
                return Ok(shown.unwrap_or(unrun));
            }
            Err(e) => failed = Some(e),
        }
    }
    let full = evaluator.cached_evaluate(scenario).map_err(|e| match e {
        Error::Unsupported { key, value, .. } if key == "pattern" && value == "traffic" => {
            Error::Unsupported {
                key,
                value,
                reason: format!(
                    "the calculator simulates in a Web Worker, which did not run it ({})",
                    failed.as_deref().unwrap_or("it failed")
                ),
            }
        }
        e => e,
    });
    if let Ok(r) = &full {
        (calculated.kept).try_update_value(|k| k.shown = Some(r.clone()));
    }
    full
}

fn request(query: &str) -> Request {
    Request {
        figures: false,
        query: query.to_string(),
        evaluate: true,
    }
}

/// Has the worker simulate `query`: now if it is idle, else once the run under way is done.
fn ask(calculated: Calculated, query: &str) -> Result<(), String> {
    let asked = calculated
        .kept
        .try_update_value(|k| match k.background.as_mut() {
            Some(bg) if bg.running.as_deref() == Some(query) => Ok(()),
            Some(bg) if bg.running.is_some() => {
                bg.waiting = Some(query.to_string());
                Ok(())
            }
            Some(bg) => {
                bg.running = Some(query.to_string());
                bg.job.post(&request(query))
            }
            None => {
                let job = Job::start(calculated.workers, move |reply| arrived(calculated, reply))?;
                job.post(&request(query))?;
                k.background = Some(Background {
                    job,
                    running: Some(query.to_string()),
                    waiting: None,
                });
                Ok(())
            }
        });
    asked.unwrap_or_else(|| Err("the page was closed".to_string()))
}

/// A reply of the calculator's worker: the simulations are handed to the core (after an error
/// the page evaluates the query itself), the waiting query starts, and the report memo is
/// told.
fn arrived(calculated: Calculated, reply: Reply) {
    let simulated = match reply {
        Reply::Simulated { query, runs } => Some((query, runs)),
        Reply::Error { message } => {
            // The scenario was checked before it was sent, so this is the worker failing (an
            // unreadable reply, say): said on the console, and the page evaluates it itself.
            web_sys::console::error_1(&message.into());
            None
        }
        _ => return,
    };
    let done = calculated.kept.try_update_value(|k| {
        let bg = k.background.as_mut()?;
        let done = bg.running.take();
        if let Some(next) = bg.waiting.take() {
            if bg.job.post(&request(&next)).is_ok() {
                bg.running = Some(next);
            }
        }
        done
    });
    let query = match simulated {
        Some((query, runs)) => {
            pair(&query, runs);
            Some(query)
        }
        None => done.flatten(),
    };
    (calculated.kept).try_update_value(|k| k.ready = query);
    calculated.arrived.notify();
}

/// Hands the worker's simulations of `query` to the core (`remember`), each with the
/// configuration the page derives for it (`simulations`, the order the worker ran them in); a
/// mismatch is said on the console, and the page's evaluation then says what it lacks.
fn pair(query: &str, runs: Vec<Summary>) {
    let configs = Scenario::from_query(query).and_then(|s| Ok(simulations(&s)?));
    match configs {
        Ok(configs) if configs.len() == runs.len() => {
            remember(configs.into_iter().zip(runs).collect())
        }
        _ => web_sys::console::error_1(&format!("the worker's runs do not fit {query}").into()),
    }
}
