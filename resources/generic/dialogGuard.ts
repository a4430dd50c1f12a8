/**
 * What the shared dialog (./FormDialog.tsx) decides when it is asked to close. Plain functions so
 * the rule is tested without a browser.
 */

/** antd's select, cascader and date-picker popups while shown (not hidden, not fading out). */
const OPEN_POPUP = ['.ant-select-dropdown', '.ant-picker-dropdown', '.ant-cascader-dropdown']
  .map((popup) => `${popup}:not(${popup}-hidden):not([class*="-leave"])`)
  .join(',');

/** Whether a picker, select or cascader popup is open in `root`: Esc then belongs to it. */
export function hasOpenPopup(root: ParentNode): boolean {
  return root.querySelector(OPEN_POPUP) !== null;
}

export type CloseRequest = 'close' | 'ask' | 'ignore';

/**
 * Esc while a popup was open closes only the popup; a dialog with changed fields asks before it
 * discards them; an untouched one closes at once.
 */
export function closeRequest({ escapeForPopup, isDirty }: { escapeForPopup: boolean; isDirty: boolean }): CloseRequest {
  if (escapeForPopup) return 'ignore';
  return isDirty ? 'ask' : 'close';
}
