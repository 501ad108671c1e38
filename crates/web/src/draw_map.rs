//! Paints a regime map (004 Fig. 5) on a canvas: one canvas pixel per cell, written at once
//! with `putImageData`, and scaled up by CSS (`image-rendering: pixelated`). A 128×128 map is
//! 16 384 cells; drawing each as a rectangle through plotters would cost a canvas call per
//! cell, and the budget for computing and drawing a map is 20 ms (docs/development.md, "Performance
//! budgets"). Reports each paint's timing for the benchmark.

use commcalc_core::regimes::LeadMap;
use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Event, HtmlCanvasElement, ImageData};

use crate::chart::Palette;
use crate::regime_map::rgba;

/// Paints the map: the canvas takes one pixel per cell, the largest mesh on the top row.
pub fn paint(canvas: &HtmlCanvasElement, map: &LeadMap, palette: &Palette) -> Result<(), String> {
    let (cols, rows) = (map.lengths.len(), map.meshes.len());
    paint_pixels(canvas, cols, rows, &rgba(map, palette))
}

/// Puts `rows` × `cols` RGBA pixels, top row first, on the canvas, one per cell: every map
/// (the regime maps, the collectives' winner map) is painted through this.
pub fn paint_pixels(
    canvas: &HtmlCanvasElement,
    cols: usize,
    rows: usize,
    pixels: &[u8],
) -> Result<(), String> {
    let (cols, rows) = (cols as u32, rows as u32);
    if cols == 0 || rows == 0 {
        return Err("the map has no cells".into());
    }
    if canvas.width() != cols {
        canvas.set_width(cols);
    }
    if canvas.height() != rows {
        canvas.set_height(rows);
    }
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or("the canvas has no 2-D context")?;
    let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(pixels), cols, rows)
        .map_err(|e| format!("ImageData: {}", crate::dom::js_error(&e)))?;
    context
        .put_image_data(&image, 0.0, 0.0)
        .map_err(|e| format!("putImageData: {}", crate::dom::js_error(&e)))
}

/// Tells the page a map was painted, for the tests and the benchmark:
/// `window.commcalcMapMs` is the last paint's total (the core's computation, if the map was
/// computed for it, and the drawing), `window.commcalcMapLast` its parts (`side`, `computeMs`,
/// `drawMs`, `totalMs`), `window.commcalcMapPaints` counts paints, and a `commcalc:map-painted`
/// event goes to the document.
pub fn painted(side: &str, compute_ms: f64, draw_ms: f64) {
    let Some(w) = web_sys::window() else { return };
    let set = |target: &JsValue, key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(target, &key.into(), &value);
    };
    let total = compute_ms + draw_ms;
    let last = js_sys::Object::new();
    set(&last, "side", side.into());
    set(&last, "computeMs", compute_ms.into());
    set(&last, "drawMs", draw_ms.into());
    set(&last, "totalMs", total.into());
    set(&w, "commcalcMapLast", last.into());
    set(&w, "commcalcMapMs", total.into());
    let count = js_sys::Reflect::get(&w, &"commcalcMapPaints".into())
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    set(&w, "commcalcMapPaints", (count + 1.0).into());
    if let (Some(doc), Ok(event)) = (w.document(), Event::new("commcalc:map-painted")) {
        let _ = doc.dispatch_event(&event);
    }
}
