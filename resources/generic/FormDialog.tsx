import type { FormInstance } from 'antd';
import { Modal, type ModalProps } from 'antd';
import { useTranslate } from '@refinedev/core';
import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { closeRequest, hasOpenPopup } from './dialogGuard';

type CloseEvent = MouseEvent<HTMLElement> | SyntheticEvent;

export interface FormDialogProps extends Omit<ModalProps, 'onCancel'> {
  /** The dialog's form: touched fields make closing ask first. */
  form?: FormInstance;
  /** Other unsaved state (a checked tree): true makes closing ask first. */
  isDirty?: () => boolean;
  /** Closes the dialog (discarding); called at once when nothing changed, else after the user agrees. */
  onCancel?: () => void;
}

/**
 * The one dialog every add/edit screen uses: an antd Modal that never loses typed data.
 * - Esc pressed while a date picker, select or cascader is open closes only that popup; the next
 *   Esc closes the dialog (antd's Modal would close on the first).
 * - Esc, the close icon, Cancel and a click on the mask close an untouched dialog at once and ask
 *   '放弃修改？' first when fields changed.
 */
export function FormDialog({ form, isDirty, onCancel, open, ...modalProps }: FormDialogProps) {
  const t = useTranslate();
  const [asking, setAsking] = useState(false);
  // The Esc keydown (native event) that a popup consumed, seen before any handler below runs.
  const popupEscape = useRef<Event | null>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && hasOpenPopup(document)) popupEscape.current = event;
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

  const requestClose = (event?: CloseEvent) => {
    if (asking) return;
    const native = event && 'nativeEvent' in event ? event.nativeEvent : undefined;
    const changed = (form?.isFieldsTouched() ?? false) || (isDirty?.() ?? false);
    const decision = closeRequest({ escapeForPopup: !!native && native === popupEscape.current, isDirty: changed });
    if (decision === 'close') onCancel?.();
    else if (decision === 'ask') setAsking(true);
  };

  return (
    <>
      <Modal maskClosable {...modalProps} open={open} keyboard={!asking} onCancel={requestClose} />
      <Modal
        open={open && asking}
        width={416}
        title={t('dialog.discard.title')}
        okText={t('dialog.discard.ok')}
        cancelText={t('dialog.discard.keep')}
        okButtonProps={{ danger: true }}
        onOk={() => {
          setAsking(false);
          onCancel?.();
        }}
        onCancel={() => setAsking(false)}
      >
        {t('dialog.discard.content')}
      </Modal>
    </>
  );
}
