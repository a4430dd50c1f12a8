/**
 * What makes a dialog keep typed work, for any antd Modal (FormDialog is built on it; a bespoke
 * dialog adopts it with `<Modal {...dialogProps}>` and `{holder}` beside it):
 * - Esc pressed while a date picker, select or cascader is open closes only that popup; the next
 *   Esc closes the dialog (antd's Modal would close on the first).
 * - Esc, the close icon, Cancel and a click on the mask close an untouched dialog at once and ask
 *   '放弃修改？' first when something was typed; so do closing its tab, logging out and reloading,
 *   because the dialog is registered as unsaved work while it is open.
 * - Enter in a field never saves: only the dialog's save button does. Enter still does what the
 *   field does with it first (confirms a typed date, chooses an option, runs a search box).
 */
import type { ModalProps } from 'antd';
import { useEffect, useRef, useState, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import { closeRequest, hasOpenPopup, refuseImplicitSubmit } from './dialogGuard';
import DiscardQuestion from '../../src/unsavedWork/DiscardQuestion';
import { useDiscardQuestion, useUnsavedWork } from '../../src/unsavedWork/useUnsavedWork';

export interface GuardedDialogOptions {
  open: boolean | undefined;
  /** Whether something was typed (asked only when the dialog is about to close). */
  isDirty: () => boolean;
  /** Closes the dialog (discarding); called at once when nothing changed, else after the user agrees. */
  onCancel?: () => void;
  /** The dialog's own modalRender, if any: the guard wraps it. */
  modalRender?: ModalProps['modalRender'];
}

export interface GuardedDialog {
  dialogProps: Required<Pick<ModalProps, 'onCancel' | 'keyboard' | 'modalRender'>>;
  /** The question's host: render it beside the Modal. */
  holder: ReactElement | null;
}

export function useGuardedDialog({ open, isDirty, onCancel, modalRender }: GuardedDialogOptions): GuardedDialog {
  useUnsavedWork(isDirty, !!open);
  const { ask, holder } = useDiscardQuestion(DiscardQuestion);
  const [asking, setAsking] = useState(false);
  // The Esc keydown (native event) that a popup consumed, seen before any handler below runs.
  const popupEscape = useRef<Event | null>(null);
  // Once the user let the work go, a close request that arrives while the dialog closes (a click
  // landing on its mask as the question goes) closes it rather than asking again.
  const discarded = useRef(false);

  useEffect(() => {
    if (!open) return;
    discarded.current = false;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && hasOpenPopup(document)) popupEscape.current = event;
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

  const requestClose = (event?: SyntheticEvent) => {
    if (asking) return;
    const native = event?.nativeEvent;
    const decision = closeRequest({ escapeForPopup: !!native && native === popupEscape.current, isDirty: !discarded.current && isDirty() });
    if (decision === 'close') onCancel?.();
    if (decision !== 'ask') return;
    setAsking(true);
    void ask().then((discard) => {
      setAsking(false);
      if (!discard) return;
      discarded.current = true;
      onCancel?.();
    });
  };

  return {
    dialogProps: {
      onCancel: requestClose,
      keyboard: !asking,
      // React events bubble through the dialog's portal to this wrapper after the field's own handler.
      modalRender: (node: ReactNode) => <div onKeyDown={refuseImplicitSubmit}>{modalRender ? modalRender(node) : node}</div>,
    },
    holder,
  };
}
