/**
 * How a list's table fits the window (SPEC §9 "table height"): the page scrolls, the table's
 * header stays under the console bar, its pager stays at the window's bottom (./tableFit.css)
 * and a short list is only as tall as its rows. One setting for every list page; tables inside
 * drawers and dialogs keep antd's plain behaviour.
 */
import type { TableProps } from 'antd';
import './tableFit.css';

/** The console bar's height (src/layout/layout.css, `.console-header`). */
export const CONSOLE_HEADER_HEIGHT = 56;
/** The stuck pager's height, small or default (./tableFit.css). */
export const PAGER_HEIGHT = 56;

/** The class a list's table (and a pager of its own) carries so that its pager sticks. */
export const FIT_CLASS = 'generic-fit';

/**
 * Spread on a list's antd Table. The header sticks under the console bar; the sideways scrollbar
 * antd adds for a wide table sits just above the pager rather than under it.
 */
export const tableFit = {
  rootClassName: FIT_CLASS,
  sticky: { offsetHeader: CONSOLE_HEADER_HEIGHT, offsetScroll: PAGER_HEIGHT },
} satisfies Pick<TableProps<object>, 'rootClassName' | 'sticky'>;
