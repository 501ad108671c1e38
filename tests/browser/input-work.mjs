// The browser's work per slider input, as a person dragging a slider waits for it: everything
// the input changes (charts, results table and its MathML, warnings, controls, address bar) and
// the style, layout and paint it causes. Used by bench.mjs (`make bench-web`); not a test.
//
// The measure is Chromium's own accounting of its main thread (thread time, so that other work
// on a shared machine inflates it less), read with the DevTools protocol's
// `Performance.getMetrics` once per round: TaskDuration (all tasks), ScriptDuration (JavaScript
// and wasm), LayoutDuration and RecalcStyleDuration. Each round is one `input` event on a range
// slider, dispatched in an animation-frame callback (as Chromium delivers a pointer drag: one
// event per frame), and ends two animation frames later, so that the frame the input changed
// has been rendered; work the app defers further (a timer) counts in the round it falls in.

import { openApp } from './harness.mjs';

/** The metrics read per round, by their protocol names. */
const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];

/** A DevTools protocol session on `page` with the Performance domain enabled. */
export async function performanceSession(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return cdp;
}

/**
 * Collects the garbage the tab holds before a view is measured. The benchmark opens hundreds of
 * views one after another in one tab, and every page it leaves stays on the renderer's heap, dead,
 * until a full collection: after 240 views, 171 documents and 163 MB of JavaScript heap, of
 * which a forced collection leaves 2 documents and 2 MB. Left to a collection that came when it
 * would, whole drags late in a run were two to four times slower than the same slider's other
 * drags; with this, none was. No person's tab
 * holds the remains of hundreds of pages; the page's own garbage, made while it is dragged,
 * still counts.
 */
async function collectDeadPages(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
}

/** Opens `query` to be measured: the page, its protocol session, the tab's dead pages collected. */
export async function openToMeasure(page, url, query) {
  await openApp(page, url, query);
  const cdp = await performanceSession(page);
  await collectDeadPages(cdp);
  return cdp;
}

async function readMetrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const byName = Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  return METRICS.map((name) => byName[name] ?? NaN);
}

/**
 * The keys of the controls with a range slider, by group: `inputs` (the pattern's, in the
 * scenario panel's first fieldset) and `parameters` (the machine's, in the second).
 */
export function sliderKeys(page) {
  return page.evaluate(() => {
    const keys = (fieldset) =>
      fieldset
        ? [...fieldset.querySelectorAll('[data-control] input[type=range]')].map(
            (el) => el.closest('[data-control]').dataset.control,
          )
        : [];
    const [inputs, parameters] = document.querySelectorAll('.controls > fieldset');
    return { inputs: keys(inputs), parameters: keys(parameters) };
  });
}

/**
 * Makes the slider of control `key` the page's `__benchSlider`, with `__benchMove(i)`: the
 * slider to the `i`-th of a sequence of values and one `input` event. The values are distinct
 * from one to the next and jump over 10–90 % of the range, as a drag back and forth, so that
 * no input is answered by the page's cache of evaluations or leaves the charts' axes in place
 * because the last one did. With `timing`, the app marks its phases (`dom::timed`, as
 * `performance.measure` entries) for the rounds to read; a drag runs as a person's page does,
 * without them.
 */
async function armSlider(page, key, { timing }) {
  const found = await page.evaluate(({ key, timing }) => {
    const el = document.querySelector(`[data-control="${key}"] input[type=range]`);
    if (!el) return false;
    window.__benchSlider = el;
    let last = el.value;
    window.__benchMove = (i) => {
      const min = Number(el.min || 0);
      const max = Number(el.max || 100);
      const frac = 0.1 + (0.8 * ((i * 37) % 100)) / 100;
      el.value = String(Math.round(min + (max - min) * frac));
      if (el.value === last) el.value = String(Number(el.value) + 1);
      last = el.value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    window.commcalcTiming = timing;
    performance.clearMeasures();
    return true;
  }, { key, timing });
  if (!found) throw new Error(`no [data-control="${key}"] input[type=range]`);
}

/**
 * `inputs` rounds on the slider of control `key`, each one `input` event in an animation
 * frame; per round the task, script, layout and style milliseconds. With `input: false` the
 * rounds dispatch nothing: the floor of the measure (two idle frames and the protocol's own
 * calls). `phases` holds the app's own timing of its phases in the round (`dom::timed`:
 * `edit` the edit, the evaluation and the charts, `charts` the charts alone, `results-html`
 * the results table's rows), in wall-clock ms.
 * With `event: 'change'` each round dispatches `change` instead, the slider left where the
 * last input put it: the slider released, which is when the views with maps draw their exact
 * maps in place of a held slider's coarse ones (the release's cost, which a drag's inputs do
 * not pay). `first` is the index of the first round in the drag's sequence of values, so that
 * rounds taken one call at a time (ab-inputs.mjs) move the slider as one call's rounds do: to
 * a value of its own each time, not back and forth between two (which the page's cache of
 * evaluations would answer).
 */
export async function inputWork(page, cdp, key, inputs, { input = true, event = 'input', first = 0 } = {}) {
  await armSlider(page, key, { timing: true });
  const rounds = [];
  // One reading per round, each round the difference from the previous one: work the app
  // defers past the round (a timer) is counted in the round it falls in, never lost between two.
  let before = await readMetrics(cdp);
  for (let i = 0; i < inputs; i++) {
    const phases = await page.evaluate(
      ({ i, input, event, first }) =>
        new Promise((resolve) => {
          const el = window.__benchSlider;
          requestAnimationFrame(() => {
            if (input && event === 'change') {
              el.dispatchEvent(new Event('change', { bubbles: true }));
            } else if (input) {
              window.__benchMove(first + i);
            }
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const phases = {};
                for (const m of performance.getEntriesByType('measure')) {
                  if (m.name.startsWith('commcalc:')) phases[m.name.slice(9)] = (phases[m.name.slice(9)] ?? 0) + m.duration;
                }
                performance.clearMeasures();
                resolve(phases);
              }),
            );
          });
        }),
      { i, input, event, first },
    );
    const after = await readMetrics(cdp);
    const [task, script, layout, style] = after.map((v, j) => (v - before[j]) * 1000);
    before = after;
    rounds.push({ task, script, layout, style, phases });
  }
  return rounds;
}

/** The trace event that opens each input's window in dragWork (`console.timeStamp`). */
const DRAG_MARK = 'commcalc-bench-input';

/**
 * A drag of `inputs` inputs on the slider of control `key` as a person gives it: one `input`
 * event at the start of every animation frame (Chromium delivers a pointer drag so), the values
 * of inputWork's sequence from its `first`. Per input the task milliseconds: the browser's
 * main-thread work (thread time) from the task that dispatched the input to the task that
 * dispatches the next one, read from a trace of the drag (the top-level `RunTask` of each task,
 * category disabled-by-default-devtools.timeline; the marks in devtools.timeline). That is everything the input causes in its frame (the
 * handler, the effects, style, layout, paint, commit) and whatever else runs before the next
 * input (a timer, a worker's reply); the last input's window ends two frames after it. Nothing
 * of the measure's own runs in a window: no protocol call is made between the first input and
 * the end. `traced` and `metrics` are the drag's whole task time by the trace and by
 * `Performance.getMetrics` (which also counts the calls that start and end the drag), so that
 * a report can show the trace accounts for the browser's work.
 */
export async function dragWork(page, cdp, key, inputs, { first = 0 } = {}) {
  await armSlider(page, key, { timing: false });
  const events = [];
  const collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] }, transferMode: 'ReportEvents' });
  const before = await readMetrics(cdp);
  await page.evaluate(
    ({ inputs, first, mark }) =>
      new Promise((resolve) => {
        let i = 0;
        const frame = () => {
          console.timeStamp(mark);
          if (i === inputs) {
            // The end of the last input's window, two frames after it (as a round's).
            requestAnimationFrame(() => {
              console.timeStamp(mark);
              setTimeout(resolve, 0);
            });
            return;
          }
          window.__benchMove(first + i);
          i++;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { inputs, first, mark: DRAG_MARK },
  );
  const after = await readMetrics(cdp);
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const thread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = (e) => thread && e.pid === thread.pid && e.tid === thread.tid;
  const tasks = events.filter((e) => onMain(e) && e.ph === 'X' && e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const marks = events.filter((e) => onMain(e) && e.name === 'TimeStamp' && e.args?.data?.message === DRAG_MARK).map((e) => e.ts);
  if (marks.length !== inputs + 2) throw new Error(`${key}: ${marks.length} marks in the trace for ${inputs} inputs`);
  // A window opens with the task that holds its mark; the last input's closes with the end mark.
  const opens = marks.map((t) => (tasks.find((k) => k.ts <= t && t < k.ts + k.dur) ?? { ts: t }).ts);
  const closes = [...opens.slice(1, inputs), opens[inputs + 1]];
  const within = (open, close) =>
    tasks.filter((k) => k.ts >= open && k.ts < close).reduce((sum, k) => sum + (k.tdur ?? k.dur) / 1000, 0);
  const task = closes.map((close, i) => within(opens[i], close));
  const traced = within(opens[0], opens[inputs + 1]);
  return { task, traced, metrics: (after[0] - before[0]) * 1000 };
}

/**
 * A drag at the display's pace, as a pointer gives it: input `i` is due `i` frame periods of
 * 60 Hz after the start, on the slider of control `key`, and is dispatched by a timer when due
 * or as soon as the main thread is free. An input dispatched more than one frame period after it
 * was due has waited behind earlier work: it queued. Also reported: the frame intervals while
 * dragging (from animation-frame callbacks), the time from the last input until two frames pass
 * with nothing else to do, and the browser's task time over the whole drag per input.
 */
export async function frameDrag(page, cdp, key, frames) {
  const before = await readMetrics(cdp);
  const run = await page.evaluate(
    ({ key, frames }) =>
      new Promise((resolve) => {
        const el = document.querySelector(`[data-control="${key}"] input[type=range]`);
        if (!el) {
          resolve({ error: `no [data-control="${key}"] input[type=range]` });
          return;
        }
        const period = 1000 / 60;
        const min = Number(el.min || 0);
        const max = Number(el.max || 100);
        const late = [];
        const frameTimes = [];
        let dragging = true;
        const onFrame = (t) => {
          frameTimes.push(t);
          if (dragging) requestAnimationFrame(onFrame);
        };
        requestAnimationFrame(onFrame);
        const start = performance.now() + period;
        let i = 0;
        const send = () => {
          const now = performance.now();
          // A steady sweep back and forth over 10–90 % of the range, one step or more a frame.
          const phase = (i % 60) / 60;
          const frac = 0.1 + 0.8 * (phase < 0.5 ? 2 * phase : 2 - 2 * phase);
          el.value = String(Math.round(min + (max - min) * frac) + (i % 2));
          el.dispatchEvent(new Event('input', { bubbles: true }));
          late.push(now - (start + i * period));
          i++;
          if (i < frames) {
            setTimeout(send, Math.max(0, start + i * period - performance.now()));
            return;
          }
          const last = performance.now();
          dragging = false;
          requestAnimationFrame(() =>
            requestAnimationFrame(() => setTimeout(() => resolve({ late, frameTimes, settleMs: performance.now() - last }), 0)),
          );
        };
        setTimeout(send, period);
      }),
    { key, frames },
  );
  const after = await readMetrics(cdp);
  if (run.error) throw new Error(run.error);
  const intervals = run.frameTimes.slice(1).map((t, j) => t - run.frameTimes[j]);
  const [task, script, layout, style] = after.map((v, j) => ((v - before[j]) * 1000) / frames);
  return {
    frames,
    intervals,
    late: run.late,
    queued: run.late.filter((l) => l > 1000 / 60).length,
    settleMs: run.settleMs,
    perInput: { task, script, layout, style },
  };
}

/**
 * `rounds` fits in the Import view: per round the paste box gets `text` (outside the measure),
 * then a click on Fit is dispatched in an animation frame and the round ends two frames later,
 * when the report, the three charts and the tables the fit changes have been rendered. Per round
 * the task, script, layout and style milliseconds, and `fit`: the app's own timing of reading
 * and fitting the text (`dom::timed("commcalc:fit")`, wall clock inside the page).
 */
export async function importWork(page, cdp, text, rounds) {
  await page.evaluate((text) => {
    window.commcalcTiming = true;
    window.__benchText = text;
    performance.clearMeasures();
  }, text);
  const out = [];
  for (let i = 0; i < rounds; i++) {
    await page.evaluate(() => {
      const box = document.querySelector('textarea#import-text');
      // A different text each round (a trailing blank line alternates), so that every fit redraws.
      box.value = window.__benchText + (box.value.endsWith('\n\n') ? '' : '\n');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const before = await readMetrics(cdp);
    const fit = await page.evaluate(
      () =>
        new Promise((resolve) => {
          performance.clearMeasures();
          requestAnimationFrame(() => {
            document.querySelector('button#import-fit').click();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const m = performance.getEntriesByName('commcalc:fit', 'measure');
                resolve(m.length ? m[m.length - 1].duration : NaN);
              }),
            );
          });
        }),
    );
    const after = await readMetrics(cdp);
    const [task, script, layout, style] = after.map((v, j) => (v - before[j]) * 1000);
    out.push({ task, script, layout, style, fit });
  }
  return out;
}
