//! Browser glue the components need: the repaint signal the tests and benchmarks wait for,
//! the URL kept in step with the scenario, the system's dark mode, and element sizes.

use std::time::Duration;

use leptos::prelude::*;
use leptos::tachys::html::node_ref::NodeRefContainer;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Element, Event, IntersectionObserver, IntersectionObserverEntry, ResizeObserver,
    ResizeObserverEntry,
};

const PAINTS: &str = "commcalcPaints";

/// Starts the repaint counter at 0 (`window.commcalcPaints`), before the first paint. The
/// count belongs to the page: the full module, taking the page over from the calculator's
/// (`lazy`), counts on.
pub fn init_paints() {
    let Some(w) = web_sys::window() else { return };
    let counted = js_sys::Reflect::get(&w, &PAINTS.into()).is_ok_and(|v| v.as_f64().is_some());
    if !counted {
        let _ = js_sys::Reflect::set(&w, &PAINTS.into(), &JsValue::from(0));
    }
}

/// Both charts have been repainted: counts it, marks the page ready after the first one with
/// results (`with_results`: not while the calculator's first traffic report is simulated) and
/// tells listeners with a `commcalc:painted` event on the document.
pub fn painted(with_results: bool) {
    let Some(w) = web_sys::window() else { return };
    let n = js_sys::Reflect::get(&w, &PAINTS.into())
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    let _ = js_sys::Reflect::set(&w, &PAINTS.into(), &JsValue::from(n + 1.0));
    if with_results {
        ready();
    }
    let Some(doc) = w.document() else { return };
    if let Ok(event) = Event::new("commcalc:painted") {
        let _ = doc.dispatch_event(&event);
    }
}

/// Calls [`painted`] once the effects that the current task set off have run (they run in its
/// microtasks), through the app's message channel to itself (`State::paints`): the views
/// whose drawing is spread over several effects (regimes, collectives, traffic) say so from
/// their last one. A zero timeout would do the same, but the HTML timer
/// rules hold a timeout set from a timer nested more than five deep for at least 4 ms, so an
/// edit that came from such a timer (a test's or a benchmark's inputs, a page's own script)
/// would be reported 4 ms after its work was done. A message to the page's own channel is a
/// task as prompt as a timeout, without that hold.
#[derive(Clone, Copy)]
pub struct Paints(StoredValue<Option<PaintChannel>, LocalStorage>);

impl Paints {
    /// No channel yet: it is made on first use, and goes with the app.
    pub fn new() -> Paints {
        Paints(StoredValue::new_local(None))
    }

    /// Says the page has repainted once the current task's effects have run.
    pub fn after_effects(self) {
        self.0.try_update_value(|c| {
            if c.is_none() {
                *c = paint_channel();
            }
            if let Some((channel, _)) = c.as_ref() {
                let _ = channel.port2().post_message(&JsValue::NULL);
            }
        });
    }
}

impl Default for Paints {
    fn default() -> Paints {
        Paints::new()
    }
}

/// The channel of [`Paints`], whose first port calls `painted` on each message; the handler
/// lives as long as the app.
fn paint_channel() -> Option<PaintChannel> {
    let channel = web_sys::MessageChannel::new().ok()?;
    // The views that say so from their effects always have their results.
    let on_message = Closure::<dyn Fn()>::new(|| painted(true));
    channel
        .port1()
        .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Some((channel, on_message))
}

/// Marks the page ready (`body[data-ready="1"]`, what the browser tests wait for): after the
/// first paint of the charts, or once a view without charts is on screen.
pub fn ready() {
    let body = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body());
    if let Some(body) = body {
        let data = body.dataset();
        if data.get("ready").is_none() {
            let _ = data.set("ready", "1");
        }
    }
}

/// The address bar follows a slider being moved once its inputs pause for this long.
/// `history.replaceState` takes 0.2–8 ms in Chromium, as long as the rest of a slider step, and
/// browsers throttle or refuse fast updates (Chromium past 200 per 10 s, Safari past 100 per
/// 30 s). A drag sends an input every frame (16.7 ms), but a person dragging slowly pauses
/// 50–200 ms between inputs; at 300 ms none of those steps pays for the address, which still
/// follows within a blink of the last one. Releasing the slider (its `change`), every other
/// edit, and leaving the page ([`Address::on_history`]) write it at once.
const URL_QUIET_MS: u64 = 300;

/// A channel whose first port calls `painted` on each message, with its handler.
type PaintChannel = (web_sys::MessageChannel, Closure<dyn Fn()>);

#[derive(Default)]
struct UrlState {
    written: String,
    pending: Option<String>,
    timer: Option<TimeoutHandle>,
    /// Whether the address waiting is an edit's, which becomes a history entry of its own when
    /// it is written ([`Address::edit_query`]); else it replaces the current entry.
    entry: bool,
    /// When the last edit came (`performance.now()`, ms), to tell a new edit from the next
    /// step of one under way.
    last_edit: Option<f64>,
    /// Set while a slider's input is applied ([`Address::sliding`]).
    sliding: bool,
    /// The page-long listeners: Back and Forward, and leaving the page.
    listeners: Vec<Listener>,
}

/// A listener on the window or the document, removed when dropped (with the app).
struct Listener {
    target: web_sys::EventTarget,
    event: &'static str,
    handler: Closure<dyn Fn()>,
}

impl Listener {
    fn add(target: web_sys::EventTarget, event: &'static str, handler: Closure<dyn Fn()>) -> Self {
        let _ = target.add_event_listener_with_callback(event, handler.as_ref().unchecked_ref());
        Listener {
            target,
            event,
            handler,
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = (self.target)
            .remove_event_listener_with_callback(self.event, self.handler.as_ref().unchecked_ref());
    }
}

/// The address bar's query, without its `?`.
pub fn search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .map(|s| s.trim_start_matches('?').to_string())
        .unwrap_or_default()
}

/// The address bar kept in step with the app, and whether a range slider is held: owned by
/// the app (`State::address`, and a context for the charts), so that its listeners go with it
/// and, as it goes (the calculator's module handing the page over to the full module:
/// `lazy`), the address an edit waits to write is written.
#[derive(Clone, Copy)]
pub struct Address {
    url: StoredValue<UrlState, LocalStorage>,
    /// Whether a range slider is held ([`Address::slider_held`]).
    held: RwSignal<bool>,
    /// Whether a slider's inputs are under way ([`Address::waits`]).
    moving: RwSignal<bool>,
}

impl Address {
    /// The address as the page was opened, nothing waiting (an address already canonical is
    /// not written again: writing it was 12–31 ms of the page's first build at the phone's 4×
    /// CPU, docs/reference-measures.md); the waiting address is written when the app is
    /// disposed.
    pub fn new() -> Address {
        let opened = UrlState {
            written: search(),
            ..UrlState::default()
        };
        let address = Address {
            url: StoredValue::new_local(opened),
            held: RwSignal::new(false),
            moving: RwSignal::new(false),
        };
        on_cleanup(move || address.pause());
        address
    }

    /// Puts the canonical query in the address bar, replacing the history entry (no new
    /// entry, no scroll): at once, or once a slider's inputs pause (see [`URL_QUIET_MS`]).
    pub fn replace_query(self, query: String) {
        let wait = self.url.try_update_value(|u| {
            u.pending = Some(query);
            if let Some(timer) = u.timer.take() {
                timer.clear();
            }
            if u.sliding {
                let pause = move || self.pause();
                u.timer = set_timeout_with_handle(pause, Duration::from_millis(URL_QUIET_MS)).ok();
            }
            u.sliding
        });
        if wait == Some(true) {
            self.set_moving(true);
        }
        if wait == Some(false) {
            self.flush_url();
        }
    }

    /// Puts the canonical query of an edit in the address bar as a new history entry, so that
    /// Back undoes the edit and Forward redoes it. An edit that comes within [`URL_QUIET_MS`] of
    /// the one before is the same gesture going on (a drag's next input, a key held on a
    /// slider, each of whose steps is a `change`): it replaces that gesture's entry, so that a
    /// drag or a run of key presses is one entry, written once its inputs pause
    /// ([`Address::replace_query`]'s wait), not one per input.
    pub fn edit_query(self, query: String) {
        let t = now();
        self.url.try_update_value(|u| {
            if u.last_edit
                .is_none_or(|last| t - last >= URL_QUIET_MS as f64)
            {
                u.entry = true;
            }
            u.last_edit = Some(t);
        });
        self.replace_query(query);
    }

    /// Runs `f`, the edit of a slider's `input`: the address it writes waits for the slider to
    /// pause or be released, so that the steps of a drag do not pay for it. The slider is held
    /// from then on ([`Address::slider_held`]), before the edit, so that what the edit
    /// recomputes is what a held slider shows.
    pub fn sliding(self, f: impl FnOnce()) {
        self.url.try_update_value(|u| u.sliding = true);
        self.hold(true);
        f();
        self.url.try_update_value(|u| u.sliding = false);
    }

    /// Whether a range slider is held: from its first `input` until it is released, another
    /// edit is made or the page is left ([`Address::flush_url`]); a pause does not end it. Read
    /// in a memo or an effect, it runs again when the slider is let go: the views with maps
    /// draw coarse maps while it is set and the exact ones after. The work that also waits for
    /// a pause is [`Address::waits`]'.
    pub fn slider_held(self) -> bool {
        self.held.get()
    }

    fn hold(self, on: bool) {
        if self.held.try_get_untracked() == Some(!on) {
            self.held.set(on);
        }
    }

    fn set_moving(self, on: bool) {
        if self.moving.try_get_untracked() == Some(!on) {
            self.moving.set(on);
        }
    }

    /// Whether what an element shows (a chart's drawing, a followed text) waits: it is off
    /// screen (`on_screen`, kept by [`on_screen`]) while a slider's inputs are under
    /// way, its last one not yet followed by a pause of [`URL_QUIET_MS`], its release or
    /// another edit. Compare's bandwidth chart, the Traffic view's histograms and the results
    /// table below the fold keep their picture meanwhile. Read in an effect, it runs the effect
    /// again when the wait ends, the slider pausing or the element coming on screen, whichever
    /// is first: then what it shows is made from the last input. An element on screen does not
    /// follow the slider's pauses at all. A slider moved by the keyboard sends its `change`
    /// with every step, so nothing waits then.
    pub fn waits(self, on_screen: ReadSignal<bool>) -> bool {
        !on_screen.get() && self.moving.get()
    }

    /// Puts the canonical query in the address bar as a new history entry (a view opened),
    /// after any replacement still waiting, so that Back returns to the address before.
    pub fn push_query(self, query: String) {
        self.flush_url();
        self.url.try_update_value(|u| {
            if query == u.written {
                return;
            }
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                let url = format!("?{query}");
                let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&url));
            }
            u.written = query;
        });
    }

    /// Calls `f` with the address's query whenever Back or Forward changes it (the app's one
    /// `popstate` listener), and writes a waiting address before the page is hidden or
    /// unloaded (a reload, a link followed, the tab closed or switched), when a timer would no
    /// longer run: the history entry, and what a reload or a restored tab opens, then hold the
    /// last edit. The listeners go with the app.
    pub fn on_history(self, f: impl Fn(String) + 'static) {
        let Some(w) = web_sys::window() else { return };
        let on_pop = Closure::<dyn Fn()>::new(move || {
            let search = search();
            self.url.try_update_value(|u| {
                u.pending = None;
                u.entry = false;
                u.written.clone_from(&search);
            });
            f(search);
        });
        let on_hide = Closure::<dyn Fn()>::new(move || self.flush_url());
        let on_visibility = Closure::<dyn Fn()>::new(move || self.flush_url());
        let mut listeners = vec![
            Listener::add(w.clone().into(), "popstate", on_pop),
            Listener::add(w.clone().into(), "pagehide", on_hide),
        ];
        if let Some(d) = w.document() {
            listeners.push(Listener::add(d.into(), "visibilitychange", on_visibility));
        }
        self.url.try_update_value(|u| u.listeners = listeners);
    }

    /// Writes the address at once if an edit is waiting for [`URL_QUIET_MS`]: the slider was
    /// released, another edit made, or the page is going away; the slider is no longer held
    /// ([`Address::slider_held`]).
    pub fn flush_url(self) {
        self.hold(false);
        self.pause();
    }

    /// The slider has paused for [`URL_QUIET_MS`] (or is let go, [`Address::flush_url`]): the
    /// address takes the waiting edit, and the content held off screen while the slider moved
    /// (see [`Address::waits`]) is shown. A pause's timer still waiting (the slider let
    /// go before it ran) is cleared: left to run, it ended the wait of a drag begun within
    /// [`URL_QUIET_MS`] of the release, and every such early end left that drag's own timer to
    /// run in the same way, so that the held content was shown, and the address written, again
    /// and again in the middle of drags.
    fn pause(self) {
        self.set_moving(false);
        self.url.try_update_value(|u| {
            if let Some(timer) = u.timer.take() {
                timer.clear();
            }
            let entry = std::mem::take(&mut u.entry);
            let Some(query) = u.pending.take().filter(|q| *q != u.written) else {
                return;
            };
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                let url = format!("?{query}");
                let _ = if entry {
                    history.push_state_with_url(&JsValue::NULL, "", Some(&url))
                } else {
                    history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
                };
            }
            u.written = query;
        });
    }
}

/// Runs `f` in a task of its own once the next frame has been rendered: a large change shown
/// a part per frame, so that no one frame (and no person's input in it) pays for all of it.
pub fn after_next_frame(f: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(f, Duration::ZERO));
}

/// False until the page's first frame has been rendered, then true: content below the charts
/// waits for it (`<Show when=…>`), so that the first frame, and the first chart in it, does
/// not wait for content a person scrolls to.
pub fn after_first_frame() -> ReadSignal<bool> {
    let (rendered, set_rendered) = signal(false);
    // The app may be gone by then (the page handed over to another module).
    after_next_frame(move || {
        set_rendered.try_set(true);
    });
    rendered
}

/// Whether the page is drawn in dark colours, kept up to date (the app's one listener:
/// `State::dark`): when the system asks for them, on a screen only. A page printed (or
/// previewed for print) is on paper: its charts are drawn again in light colours, as the
/// print style sheet sets the page's.
pub fn prefers_dark() -> ReadSignal<bool> {
    let (dark, set_dark) = signal(false);
    let query = web_sys::window().and_then(|w| {
        w.match_media("screen and (prefers-color-scheme: dark)")
            .ok()
            .flatten()
    });
    if let Some(mql) = query {
        set_dark.set(mql.matches());
        let watched = mql.clone();
        let on_change = Closure::<dyn Fn()>::new(move || set_dark.set(watched.matches()));
        // The listener goes with the app (its owner's), as the signal does.
        StoredValue::new_local(Listener::add(mql.into(), "change", on_change));
    }
    dark
}

/// `node`'s content box size in CSS pixels once the element is on the page: its laid-out size
/// at once, then as the browser's resize observer reports it; (0, 0) before, and for an element
/// without a box (hidden).
pub fn size_of(node: Node) -> ReadSignal<(f64, f64)> {
    observed(node, (0.0, 0.0), observe_size)
}

/// A size from [`size_of`] that can be drawn at: none for an element not on the page yet or
/// hidden (no box), whose drawing waits until it has one.
pub fn drawable(size: (f64, f64)) -> Option<(f64, f64)> {
    (size.0 > 0.0).then_some(size)
}

/// Whether `node`'s element is on screen (within the viewport), as the browser's intersection
/// observer reports it once the element is on the page: true until its first report says
/// otherwise. The charts and the content that waits while a slider moves ([`Address::waits`])
/// read it.
pub fn on_screen(node: Node) -> ReadSignal<bool> {
    observed(node, true, observe_on_screen)
}

/// A signal of what `observe` reports of `node`'s element, starting at `initial`. The
/// observer goes with the effect that started it: when the element's view goes, or the
/// element is replaced.
fn observed<T: Send + Sync + 'static>(
    node: Node,
    initial: T,
    observe: fn(&Element, RwSignal<T>),
) -> ReadSignal<T> {
    let value = RwSignal::new(initial);
    effect(move || {
        if let Some(el) = node.get() {
            observe(&el, value);
        }
    });
    value.read_only()
}

/// Keeps `size` at the element's content box size in CSS pixels while the reactive owner that
/// calls this lives, starting from its laid-out box (the same for a canvas, which has no border
/// or padding): a chart is then drawn as the page is built. Waiting for the observer's first
/// report, which comes after the next frame's layout, showed the first chart about 0.1 s later
/// on the phone's profile (docs/reference-measures.md).
fn observe_size(element: &Element, size: RwSignal<(f64, f64)>) {
    let keep = move |new: (f64, f64)| {
        if size.try_get_untracked().is_some_and(|old| old != new) {
            size.try_set(new);
        }
    };
    let laid_out = element.get_bounding_client_rect();
    keep((laid_out.width(), laid_out.height()));
    let on_resize = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
        for entry in entries.iter() {
            if let Ok(entry) = entry.dyn_into::<ResizeObserverEntry>() {
                let r = entry.content_rect();
                keep((r.width(), r.height()));
            }
        }
    });
    if let Ok(observer) = ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(element);
        Observing::hold(observer, on_resize, ResizeObserver::disconnect);
    }
}

/// Keeps `on_screen` saying whether `element` is on screen, from the observer's reports, while
/// the reactive owner that calls this lives.
fn observe_on_screen(element: &Element, on_screen: RwSignal<bool>) {
    let on_change = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
        // The last report is the element's state now.
        let last = entries
            .iter()
            .filter_map(|e| e.dyn_into::<IntersectionObserverEntry>().ok())
            .next_back();
        if let Some(entry) = last {
            let now = entry.is_intersecting();
            if on_screen.try_get_untracked().is_some_and(|was| was != now) {
                on_screen.try_set(now);
            }
        }
    });
    if let Ok(observer) = IntersectionObserver::new(on_change.as_ref().unchecked_ref()) {
        observer.observe(element);
        Observing::hold(observer, on_change, IntersectionObserver::disconnect);
    }
}

/// An observer (a resize or an intersection observer) and its callback, held by the reactive
/// owner that started it, as [`Listener`] holds a listener: when the owner goes, the observer
/// is disconnected before its callback is dropped, so that no report comes to a dropped
/// callback, and neither outlives the view whose element it observed.
struct Observing<O: 'static> {
    observer: O,
    disconnect: fn(&O),
    _callback: Closure<dyn Fn(js_sys::Array)>,
}

impl<O: 'static> Observing<O> {
    fn hold(observer: O, callback: Closure<dyn Fn(js_sys::Array)>, disconnect: fn(&O)) {
        StoredValue::new_local(Observing {
            observer,
            disconnect,
            _callback: callback,
        });
    }
}

impl<O: 'static> Drop for Observing<O> {
    fn drop(&mut self) {
        (self.disconnect)(&self.observer);
    }
}

/// The device pixel ratio, for crisp canvases.
pub fn pixel_ratio() -> f64 {
    web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .filter(|r| r.is_finite() && *r > 0.0)
        .unwrap_or(1.0)
}

/// The page's address without its query: what shared links and embed snippets start from.
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// `performance.now()`, in ms (0 where there is no clock): the page's clock, for the
/// benchmark's timings and the worker's holds.
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// An embedded page: marks the body (the stylesheet hides the header) and tells the parent page
/// the document's height whenever it changes, as `{type: "commcalc:height", height}`, so that
/// the parent can size the iframe to fit.
pub fn embedded() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(body) = doc.body() {
        let _ = body.class_list().add_1("embed");
    }
    let Some(root) = doc.document_element() else {
        return;
    };
    let height = RwSignal::new((0.0, 0.0));
    observe_size(&root, height);
    effect(move || {
        let (_, h) = height.get();
        let Some(w) = web_sys::window() else { return };
        let Ok(Some(parent)) = w.parent() else { return };
        if parent == w {
            return;
        }
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"type".into(), &"commcalc:height".into());
        let _ = js_sys::Reflect::set(&message, &"height".into(), &h.ceil().into());
        // The height is not a secret: any embedding page may read it.
        let _ = parent.post_message(&message, "*");
    });
}

/// Saves `href` (a data: or blob: URL: a canvas's PNG, an image drawn off the page) as a file
/// called `name`, through a link the browser downloads from.
pub fn download_url(name: &str, href: &str) -> Result<(), JsValue> {
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a")?.dyn_into()?;
    a.set_href(href);
    a.set_download(name);
    a.click();
    Ok(())
}

/// A JavaScript exception as a person reads it, for the messages the page shows: an `Error` as
/// its `toString()` ("TypeError: …"), a thrown string as it is. `{:?}` would wrap it in
/// `JsValue(…)`, and prints nothing in a module built with `-Zfmt-debug=none`.
pub fn js_error(e: &JsValue) -> String {
    match e.dyn_ref::<js_sys::Error>() {
        Some(error) => String::from(error.to_string()),
        None => e
            .as_string()
            .unwrap_or_else(|| "an error the browser did not describe".to_owned()),
    }
}

/// Saves text as a file of the given MIME type.
pub fn download_text(name: &str, mime: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let saved = download_url(name, &url);
    // The download has its own reference to the blob by now.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        Duration::from_secs(10),
    );
    saved
}

/// The text stored under `key`, if storage is available and holds it (a private window or a
/// blocked storage gives `None`, never an error on the page).
pub fn stored(key: &str) -> Option<String> {
    web_sys::window()?
        .local_storage()
        .ok()??
        .get_item(key)
        .ok()?
}

/// Stores `value` under `key`; `Err` says why it could not be kept.
pub fn store(key: &str, value: &str) -> Result<(), String> {
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or("this browser keeps no local storage for the page")?;
    storage
        .set_item(key, value)
        .map_err(|_| "the browser refused to store it (storage full or blocked)".to_string())
}

/// The text under `key` of the JSON object `name` beside the page (data a first visit does
/// without, which the service worker precaches like every file of the site), or why it could
/// not be had.
pub async fn fetch_entry(name: &str, key: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(name))
        .await
        .and_then(|r| r.dyn_into::<web_sys::Response>())
        .map_err(|e| js_error(&e))?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let json = match response.json() {
        Ok(json) => JsFuture::from(json).await.map_err(|e| js_error(&e))?,
        Err(e) => return Err(js_error(&e)),
    };
    js_sys::Reflect::get(&json, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
        .ok_or_else(|| format!("no entry \"{key}\""))
}

/// Reads a file's bytes and hands them to `done` (or why it could not be read): the caller
/// decides what text they hold (`measurements::text_of`), as the command line does.
pub fn read_file(file: web_sys::File, done: impl FnOnce(Result<Vec<u8>, String>) + 'static) {
    let reader = match web_sys::FileReader::new() {
        Ok(r) => r,
        Err(_) => return done(Err("this browser cannot read files".into())),
    };
    let r = reader.clone();
    let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
        let bytes = r
            .result()
            .ok()
            .filter(|v| v.is_instance_of::<js_sys::ArrayBuffer>())
            .map(|v| js_sys::Uint8Array::new(&v).to_vec());
        done(bytes.ok_or_else(|| "the file could not be read".to_string()));
    });
    reader.set_onloadend(Some(onload.unchecked_ref()));
    let _ = reader.read_as_array_buffer(&file);
}

/// An element of a `view!`, filled in when the view puts it on the page (`node_ref=node`):
/// one type for every kind of element. Leptos' `NodeRef<E>` is a type per kind (`Div`,
/// `Canvas`, `Dialog`, …), and the code that fills and reads it, and every helper that takes
/// one, was compiled once per kind. A caller that needs the
/// element's own interface (a canvas, a dialog) casts what [`Node::get`] gives.
#[derive(Clone, Copy)]
pub struct Node(RwSignal<Option<Element>, LocalStorage>);

impl Node {
    /// A node not on the page yet.
    pub fn new() -> Node {
        Node(RwSignal::new_local(None))
    }

    /// The element once it is on the page, read as a signal: an effect that reads it runs
    /// again when the element comes.
    pub fn get(self) -> Option<Element> {
        self.0.get()
    }

    /// The element once it is on the page, outside any effect's tracking.
    pub fn get_untracked(self) -> Option<Element> {
        self.0.get_untracked()
    }
}

impl Default for Node {
    fn default() -> Node {
        Node::new()
    }
}

impl<E: leptos::html::ElementType> NodeRefContainer<E> for Node {
    fn load(self, el: &Element) {
        self.0.set(Some(el.clone()));
    }
}

/// Runs `f` now and again whenever a signal it reads changes, for effects that keep no value:
/// one copy of the effect's code in the module for every caller, where `Effect::new` is
/// compiled once per closure.
pub fn effect(f: impl Fn() + 'static) {
    let f: Box<dyn Fn()> = Box::new(f);
    Effect::new(move |_| f());
}

/// Times a phase of the app until the returned value is dropped, when the page asks for it
/// (`window.commcalcTiming = true`, set by the benchmark): a `performance.measure` entry named
/// `name`, so that the benchmark, and DevTools' timeline, show where the time of an input goes.
/// Off by default, as the entries would pile up over a long session.
pub fn timed(name: &'static str) -> Timed {
    let performance = timing();
    if let Some(p) = &performance {
        let _ = p.mark(name);
    }
    Timed(performance.map(|p| (p, name)))
}

/// Records a phase that another clock timed (a run in the worker, which times itself) as
/// [`timed`] would have: a `performance.measure` entry `name` of `ms`, ending now, when the
/// page asks for timing.
pub fn record(name: &'static str, ms: f64) {
    let Some(performance) = timing() else {
        return;
    };
    let options = js_sys::Object::new();
    let end = performance.now();
    let _ = js_sys::Reflect::set(&options, &"start".into(), &(end - ms).into());
    let _ = js_sys::Reflect::set(&options, &"end".into(), &end.into());
    let measure = js_sys::Reflect::get(&performance, &"measure".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(measure) = measure {
        let _ = measure.call2(&performance, &name.into(), &options);
    }
}

/// The page's clock when the page asks for timing (`window.commcalcTiming = true`).
fn timing() -> Option<web_sys::Performance> {
    web_sys::window()
        .filter(|w| js_sys::Reflect::get(w, &"commcalcTiming".into()).is_ok_and(|v| v.is_truthy()))
        .and_then(|w| w.performance())
}

/// A phase being timed (see [`timed`]); measured when dropped.
pub struct Timed(Option<(web_sys::Performance, &'static str)>);

impl Drop for Timed {
    fn drop(&mut self) {
        if let Some((performance, name)) = &self.0 {
            let _ = performance.measure_with_start_mark(name, name);
            performance.clear_marks_with_mark_name(name);
        }
    }
}
