/**
 * Fitting a list's columns into the width it has (issue 20, item 17: a spare-values column cut
 * under the pinned action column at 1280 px). Columns that truncate with an ellipsis give up width,
 * each in proportion to what it has beyond its floor (its header), until the table fits; the rest
 * keep theirs. When the readable floors do not fit either, those columns give more, down to their
 * header (`last`); only when even that does not fit does the table scroll sideways.
 */

export interface FitColumn {
  width: number;
  /** Narrowest it may become while the list has room for it; equal to `width` for a column that never shrinks. */
  floor: number;
  /** Narrowest it may become at all (its header); `floor` when not given. */
  last?: number;
}

/** The widths after fitting into `available` pixels (unchanged when they fit or `available` is unknown). */
export function fitWidths(columns: readonly FitColumn[], available: number | undefined): number[] {
  const readable = shrink(columns, available);
  return shrink(
    columns.map((c, i) => ({ width: readable[i]!, floor: Math.min(readable[i]!, c.last ?? c.floor) })),
    available,
  );
}

function shrink(columns: readonly FitColumn[], available: number | undefined): number[] {
  const widths = columns.map((c) => c.width);
  const total = widths.reduce((a, b) => a + b, 0);
  if (!available || total <= available) return widths;
  const spare = columns.map((c) => Math.max(0, c.width - c.floor));
  const shrinkable = spare.reduce((a, b) => a + b, 0);
  if (shrinkable === 0) return widths;
  const cut = Math.min(total - available, shrinkable);
  // Floors keep every header whole; rounding down may leave a pixel or two to spare, never over.
  return columns.map((c, i) => c.width - Math.ceil((cut * spare[i]!) / shrinkable));
}
