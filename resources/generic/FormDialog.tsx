import type { FormInstance } from 'antd';
import { Modal, type ModalProps } from 'antd';
import { useGuardedDialog } from './useGuardedDialog';

export interface FormDialogProps extends Omit<ModalProps, 'onCancel'> {
  /** The dialog's form: touched fields make closing ask first. */
  form?: FormInstance;
  /** Other unsaved state (a checked tree): true makes closing ask first. */
  isDirty?: () => boolean;
  /** Closes the dialog (discarding); called at once when nothing changed, else after the user agrees. */
  onCancel?: () => void;
}

/**
 * The one dialog every add/edit screen uses: an antd Modal with the console's unsaved-work guard
 * (./useGuardedDialog.tsx): Esc in an open popup closes only the popup; Esc, ×, Cancel, a click on
 * the mask, closing the tab or reloading ask '放弃修改？' first when fields changed; Enter in a
 * field never saves (only the save button does).
 */
export function FormDialog({ form, isDirty, onCancel, open, modalRender, ...modalProps }: FormDialogProps) {
  const { dialogProps, holder } = useGuardedDialog({
    open,
    onCancel,
    modalRender,
    isDirty: () => (form?.isFieldsTouched() ?? false) || (isDirty?.() ?? false),
  });
  return (
    <>
      {holder}
      <Modal maskClosable {...modalProps} open={open} {...dialogProps} />
    </>
  );
}
