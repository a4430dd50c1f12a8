import { useTranslate } from '@refinedev/core';
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import { Modal } from 'antd';
import { useState } from 'react';

interface Props {
  open: boolean;
  /** Deletes; the dialog closes when it settles (a failure has its own message). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  afterClose?: () => void;
}

/** '确认删除' / '您确认删除吗？' (SPEC §5 Confirmations). */
export function DeleteConfirm({ open, onConfirm, onClose, afterClose }: Props) {
  const t = useTranslate();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      width={416}
      title={t('confirm.delete.title')}
      okText={t('buttons.confirm')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={async () => {
        setBusy(true);
        try {
          await onConfirm();
        } catch {
          // Shown by the error notification.
        } finally {
          setBusy(false);
          onClose();
        }
      }}
      onCancel={onClose}
      afterClose={afterClose}
    >
      <p className="generic-confirm">
        <ExclamationCircleFilled className="generic-confirm__icon" /> {t('confirm.delete.content')}
      </p>
    </Modal>
  );
}
