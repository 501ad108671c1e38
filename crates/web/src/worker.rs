//! The page's side of the Traffic view's worker (`src/bin/traffic_worker.rs`): a [`Job`]
//! starts the worker (its wasm loads then, not with the page), sends one request once the
//! worker says it is ready, and reports progress and the reply; dropping or cancelling the
//! job terminates the worker, so a cancelled run stops at once.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::traffic::{Reply, Request};

/// The worker's loader, as Trunk names it (workers keep their binary's name, unhashed).
pub const LOADER: &str = "./traffic-worker_loader.js";

/// A request in the worker; the worker ends with the job.
pub struct Job {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

impl Job {
    /// Starts a worker for `request`; `on_reply` gets every reply after `Ready` (progress,
    /// then one result or error). Fails where the browser cannot start a worker.
    pub fn start(request: Request, on_reply: impl Fn(Reply) + 'static) -> Result<Job, String> {
        let worker = Worker::new(LOADER).map_err(|e| format!("no Web Worker: {e:?}"))?;
        let message = serde_wasm_bindgen::to_value(&request).map_err(|e| e.to_string())?;
        let on_reply = std::rc::Rc::new(on_reply);
        let on_message = {
            let worker = worker.clone();
            let on_reply = on_reply.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
                match serde_wasm_bindgen::from_value::<Reply>(ev.data()) {
                    Ok(Reply::Ready) => {
                        let _ = worker.post_message(&message);
                    }
                    Ok(reply) => on_reply(reply),
                    Err(e) => on_reply(Reply::Error {
                        message: format!("unreadable reply from the worker: {e}"),
                    }),
                }
            })
        };
        let on_error =
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
                ev.prevent_default();
                on_reply(Reply::Error {
                    message: format!("the worker failed: {}", ev.message()),
                })
            });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Job {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
