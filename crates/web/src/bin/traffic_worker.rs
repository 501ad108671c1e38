//! The Traffic view's Web Worker (index.html: `data-type="worker"`, so Trunk builds it with
//! wasm-bindgen's no-modules target and a loader, `traffic-worker_loader.js`). It posts
//! `Ready`, then answers each request (`commcalc_web::traffic::Request`) with `Progress` as
//! it runs (the core reports it after every batch of events, so that a single long
//! replication moves the bar too; posted at most every [`PROGRESS_MS`]) and the run's or
//! figures' results at the end. The page cancels a run by terminating the worker.

/// The least time between two progress messages: each one is a task on the page's thread
/// (a message to decode, the progress bar to update and repaint), and Figs. 7 and 8 finish
/// hundreds of short replications a second, more than a progress bar can show.
#[cfg(target_arch = "wasm32")]
const PROGRESS_MS: f64 = 100.0;

#[cfg(target_arch = "wasm32")]
fn main() {
    use commcalc_web::traffic::{answer, Reply, Request};
    use commcalc_web::worker::to_message;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return;
    };
    let post = {
        let scope = scope.clone();
        move |reply: Reply| {
            if let Ok((message, transfer)) = to_message(reply) {
                let _ = scope.post_message_with_transfer(&message, &transfer);
            }
        }
    };
    let on_message = {
        let post = post.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let reply = match serde_wasm_bindgen::from_value::<Request>(ev.data()) {
                Ok(request) => {
                    let t0 = js_sys::Date::now();
                    let mut shown = f64::NEG_INFINITY;
                    let mut reply = answer(&request, &mut |done, total| {
                        let now = js_sys::Date::now();
                        if now - shown >= PROGRESS_MS {
                            shown = now;
                            post(Reply::Progress { done, total });
                        }
                    });
                    // A run's own time, shown with its results (the page's wait also holds
                    // the worker's start and the transfer of the results).
                    if let Reply::Run { ms, .. } = &mut reply {
                        *ms = js_sys::Date::now() - t0;
                    }
                    reply
                }
                Err(e) => Reply::Error {
                    message: format!("the worker could not read the request: {e}"),
                },
            };
            post(reply);
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(Reply::Ready);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("traffic-worker runs in a browser's Web Worker: build it with `make site`");
}
