/**
 * Column widths decided from the content, so that no header is cut and long values truncate with
 * an ellipsis (and a tooltip) instead of pushing the status and action columns off screen.
 * Measured in CSS pixels for the console's 14 px font: CJK characters are square (14 px), Latin
 * text about half of that.
 */

const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]/;

/** Width of `text` at 14 px. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += CJK.test(char) ? 14 : /[A-Z@#%&mwMW]/.test(char) ? 10 : 7.5;
  return Math.ceil(width);
}

/** A cell's padding (8 px each side in antd's middle-sized table) plus a little air. */
export const CELL_PADDING = 24;
/** Long values get at most this much; the rest is an ellipsis with a tooltip. */
export const MAX_TEXT_COLUMN = 240;
export const MIN_COLUMN = 64;

export interface WidthInput {
  /** The header text in the current language. */
  header: string;
  /** The widest text the column shows (an option's label, a value of its longest length), if known. */
  widestValue?: string;
  /** Fixed content width (a switch, arrows, buttons), if any. */
  contentWidth?: number;
}

/** At least the header and (up to MAX_TEXT_COLUMN) the widest value; never below MIN_COLUMN. */
export function columnWidth({ header, widestValue = '', contentWidth = 0 }: WidthInput): number {
  const content = Math.max(contentWidth, Math.min(textWidth(widestValue), MAX_TEXT_COLUMN - CELL_PADDING));
  return Math.max(MIN_COLUMN, textWidth(header) + CELL_PADDING, content + CELL_PADDING);
}
