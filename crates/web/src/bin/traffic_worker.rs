//! The Traffic view's Web Worker (index.html: `data-type="worker"`, so Trunk builds it with
//! wasm-bindgen's no-modules target and a loader, `traffic-worker_loader.js`). It posts
//! `Ready`, then works on each request (`commcalc_web::traffic::Work`) in slices of at most
//! [`SLICE_MS`], going back to its event loop between two: there it reads what the page
//! posts, a request (queued behind the one under way) or `Hold`, after which it rests
//! `commcalc_web::worker::HOLD_MS` before its next slice (holds read while it rests do not lengthen the rest). It posts `Progress` as it goes (at most every
//! [`PROGRESS_MS`]) and the reply at the end. The page cancels a run by terminating the
//! worker.
//!
//! Why rest: on a machine of two cores the worker holds one, and a frame of the page needs
//! more than the other (its own thread, the compositor's, raster, the GPU process); a slider
//! input during a 4096-node run took twice its idle time at the 95th percentile. The page
//! posts `Hold` on every input while a worker is up (`commcalc_web::worker`), and the
//! simulation, which may stop between any two batches of events without changing its
//! results, waits until the input's frame is rendered.
#![cfg_attr(target_arch = "wasm32", no_main)]

/// The longest slice of work between two looks at the page's messages: how late a `Hold`
/// may be read (an input's frame takes 3–7 ms on the page's thread), against the cost of
/// going back to the event loop (a few microseconds per slice).
#[cfg(target_arch = "wasm32")]
const SLICE_MS: f64 = 2.0;

/// The least time between two progress messages, and before the first: each one is a task on
/// the page's thread (a message to decode, the progress bar to update and repaint), and Figs. 7
/// and 8 finish hundreds of short replications a second, more than a progress bar can show.
#[cfg(target_arch = "wasm32")]
const PROGRESS_MS: f64 = 100.0;

/// A run the worker makes before it says it is ready, so that the engine compiles the
/// simulator's code then, not during the person's first run: WebAssembly functions are compiled
/// on their first call and again, optimised, on background threads once they are hot, which
/// took 10–40 ms of both cores when a 4096-node run began (traced). A 6-cube's 20,000 messages:
/// about 10⁵ events, a few milliseconds.
#[cfg(target_arch = "wasm32")]
const WARM_UP: &str = "machine=intel-ipsc&pattern=traffic&dim=6&count=20000&reps=1";

#[cfg(target_arch = "wasm32")]
mod slices {
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;

    use commcalc_web::traffic::{Reply, Request, ToWorker, Work};
    use commcalc_web::worker::{from_js, to_js, HOLD_MS};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, MessagePort};

    use super::{PROGRESS_MS, SLICE_MS};

    /// A request being worked on: its work, when it started and when progress was last
    /// posted.
    struct UnderWay {
        work: Work,
        started: f64,
        shown: f64,
    }

    struct Worker {
        scope: DedicatedWorkerGlobalScope,
        /// Posting to it brings the worker back at once, after the messages already queued
        /// (a zero timeout would be clamped to 4 ms after a few in a row).
        next: MessagePort,
        /// Brings the worker back after a rest.
        rested: Closure<dyn FnMut()>,
        queue: VecDeque<Request>,
        under_way: Option<UnderWay>,
        /// No slice before this time (`performance.now()`, ms).
        hold_until: f64,
        /// A return is already scheduled, through `next` or a timeout.
        scheduled: bool,
    }

    /// The worker, shared by the handlers that bring it back (a message, its own channel, the
    /// end of a rest): set once it is up. The handlers live as long as the worker does.
    type Shared = Rc<RefCell<Option<Worker>>>;

    fn now(scope: &DedicatedWorkerGlobalScope) -> f64 {
        scope.performance().map_or(0.0, |p| p.now())
    }

    fn post(scope: &DedicatedWorkerGlobalScope, reply: Reply) {
        let message = to_js(&reply).or_else(|message| to_js(&Reply::Error { message }));
        if let Ok((message, transfer)) = message {
            let _ = scope.post_message_with_transfer(&message, &transfer);
        }
    }

    impl Worker {
        /// Schedules the next slice if there is work and none is scheduled: now, or when
        /// the rest is over.
        fn schedule(&mut self) {
            if self.scheduled || (self.under_way.is_none() && self.queue.is_empty()) {
                return;
            }
            self.scheduled = true;
            let wait = self.hold_until - now(&self.scope);
            let sent = if wait > 0.0 {
                self.scope
                    .set_timeout_with_callback_and_timeout_and_arguments_0(
                        self.rested.as_ref().unchecked_ref(),
                        wait.ceil() as i32,
                    )
                    .map(|_| ())
            } else {
                self.next.post_message(&JsValue::NULL)
            };
            self.scheduled = sent.is_ok();
        }

        /// Works for at most `SLICE_MS` (unless resting), then schedules what is left.
        fn slice(&mut self) {
            self.scheduled = false;
            let start = now(&self.scope);
            if start >= self.hold_until {
                self.work(start);
            }
            self.schedule();
        }

        fn work(&mut self, start: f64) {
            let mut under_way = match self.under_way.take() {
                Some(u) => u,
                None => match self.queue.pop_front() {
                    // The first progress too comes after `PROGRESS_MS`: a shorter run (every
                    // live re-run as a slider moves) posts none. Its one message after the first
                    // slice was a task on the page's thread in every input of the Traffic view,
                    // dropped there; Run shows its bar at once.
                    Some(request) => UnderWay {
                        work: Work::of(&request),
                        started: start,
                        shown: start,
                    },
                    None => return,
                },
            };
            let mut more = true;
            let mut t = start;
            while more && t - start < SLICE_MS {
                more = under_way.work.step();
                t = now(&self.scope);
            }
            if more {
                if t - under_way.shown >= PROGRESS_MS {
                    under_way.shown = t;
                    let (done, total) = under_way.work.progress();
                    post(&self.scope, Reply::Progress { done, total });
                }
                self.under_way = Some(under_way);
                return;
            }
            let mut reply = under_way.work.reply();
            // A run's own time, shown with its results (the page's wait also holds the
            // worker's start and the transfer of the results).
            if let Reply::Run { ms, .. } = &mut reply {
                *ms = t - under_way.started;
            }
            post(&self.scope, reply);
        }

        fn read(&mut self, data: JsValue) {
            match from_js(&data) {
                Ok(ToWorker::Do(request)) => self.queue.push_back(request),
                // A hold read while resting does not lengthen the rest: after each rest the
                // worker works a slice, so inputs faster than the rest cannot stall it. An idle
                // worker does not rest: the request that comes after the input (the
                // calculator's, asked by that very input) starts at once.
                Ok(ToWorker::Hold) => {
                    let t = now(&self.scope);
                    let busy = self.under_way.is_some() || !self.queue.is_empty();
                    if busy && t >= self.hold_until {
                        self.hold_until = t + HOLD_MS;
                    }
                }
                Err(e) => post(
                    &self.scope,
                    Reply::Error {
                        message: format!("the worker could not read the request: {e}"),
                    },
                ),
            }
            self.schedule();
        }
    }

    fn with_worker(shared: &Shared, f: impl FnOnce(&mut Worker)) {
        if let Some(w) = shared.borrow_mut().as_mut() {
            f(w);
        }
    }

    /// Sets the worker up and says it is ready.
    pub fn start() -> Result<(), JsValue> {
        let scope = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>()?;
        let channel = web_sys::MessageChannel::new()?;
        let shared: Shared = Rc::new(RefCell::new(None));
        let slice = |shared: &Shared| {
            let shared = shared.clone();
            move || with_worker(&shared, Worker::slice)
        };
        let on_next = Closure::<dyn FnMut()>::new(slice(&shared));
        channel
            .port1()
            .set_onmessage(Some(on_next.as_ref().unchecked_ref()));
        on_next.forget();
        let reader = shared.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            with_worker(&reader, |w| w.read(ev.data()))
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        *shared.borrow_mut() = Some(Worker {
            scope: scope.clone(),
            next: channel.port2(),
            rested: Closure::new(slice(&shared)),
            queue: VecDeque::new(),
            under_way: None,
            hold_until: f64::NEG_INFINITY,
            scheduled: false,
        });
        let warm_up = Request {
            figures: false,
            query: super::WARM_UP.into(),
            evaluate: false,
        };
        Work::of(&warm_up).finish(&mut |_, _| ());
        post(&scope, Reply::Ready);
        Ok(())
    }
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
fn start() {
    if let Err(e) = slices::start() {
        web_sys::console::error_1(&e);
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("traffic-worker runs in a browser's Web Worker: build it with `make site`");
}
