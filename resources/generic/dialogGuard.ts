/**
 * What a guarded dialog (./useGuardedDialog.tsx, under FormDialog) decides when it is asked to
 * close or a key would submit its form. Plain functions so the rules are tested without a browser.
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

/**
 * Whether a key press would submit the dialog's form by itself (the browser's implicit submission:
 * Enter in a one-line field). Long forms save only from their button, so this is refused; what the
 * field does with Enter first (a date picker confirming the typed date, a select choosing, a
 * search box searching) has already happened when the press reaches the dialog.
 */
export function isImplicitSubmit(event: { key: string; target: EventTarget | null; isComposing?: boolean }): boolean {
  if (event.key !== 'Enter' || event.isComposing) return false;
  const target = event.target as { tagName?: unknown; type?: unknown } | null;
  if (!target || target.tagName !== 'INPUT') return false;
  // Enter on a button-like input is a click, not a submission of the form.
  return !['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file'].includes(String(target.type));
}

/** A keydown handler for a long form (or the dialog around one): Enter in a field does not submit it. */
export function refuseImplicitSubmit(event: { key: string; target: EventTarget | null; nativeEvent: { isComposing?: boolean }; preventDefault(): void }): void {
  if (isImplicitSubmit({ key: event.key, target: event.target, isComposing: event.nativeEvent.isComposing })) event.preventDefault();
}
