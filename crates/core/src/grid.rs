//! Maps computed at every k-th row and column: a coarse map at about 1/k² of the cost, each
//! computed cell standing for the k × k block above and to the right of it. The web page draws
//! its maps so while a slider is held, since the exact maps cost more than a frame's budget on
//! every step of a drag, and draws the exact maps (k = 1) when the slider is released. The
//! regime maps ([`crate::regimes::lead_map`]) and the winner maps
//! ([`crate::collectives::winner::sampled_winner_map`]) share these two steps.

/// Appends row `row` of a row-major grid of `cols` columns as a copy of the computed row
/// below it, when `row` is not a multiple of `sample` (≥ 1), and says whether it did; the
/// caller computes the row otherwise ([`push_row`]).
pub fn copy_row<T: Copy>(cells: &mut Vec<T>, cols: usize, row: usize, sample: usize) -> bool {
    let from = row - row % sample.max(1);
    if from == row {
        return false;
    }
    cells.extend_from_within(from * cols..(from + 1) * cols);
    true
}

/// Appends a computed row of `cols` cells: `cell(col)` at every multiple of `sample` (≥ 1),
/// and a copy of the last computed cell at the columns between.
pub fn push_row<T: Copy>(
    cells: &mut Vec<T>,
    cols: usize,
    sample: usize,
    mut cell: impl FnMut(usize) -> T,
) {
    for col in 0..cols {
        let value = match col % sample.max(1) {
            0 => cell(col),
            back => cells[cells.len() - back],
        };
        cells.push(value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5 × 7 grid sampled every 3rd row and column holds, everywhere, the computed cell at
    /// its block's corner, and calls `cell` only there; sample 1 computes every cell.
    #[test]
    fn every_cell_is_its_blocks_corner() {
        let (rows, cols) = (5, 7);
        for sample in [1, 3] {
            let mut cells = Vec::new();
            let mut calls = 0;
            for row in 0..rows {
                if !copy_row(&mut cells, cols, row, sample) {
                    push_row(&mut cells, cols, sample, |col| {
                        calls += 1;
                        (row, col)
                    });
                }
            }
            assert_eq!(cells.len(), rows * cols);
            for (i, &cell) in cells.iter().enumerate() {
                let (row, col) = (i / cols, i % cols);
                assert_eq!(
                    cell,
                    (row - row % sample, col - col % sample),
                    "{sample} {i}"
                );
            }
            let computed = |n: usize| n.div_ceil(sample);
            assert_eq!(calls, computed(rows) * computed(cols));
        }
    }
}
