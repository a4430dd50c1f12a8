import { useTranslate } from '@refinedev/core';
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import { Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import './generic.css';

interface Props {
  open: boolean;
  /** By default '确认删除'; another destructive change names itself (e.g. removing members). */
  title?: string;
  /** The question; by default '您确认删除吗？'. A tree node's names the item and what goes with it. */
  content?: string;
  /** The confirm button; by default '确定'. */
  okText?: string;
  /** Deletes; the dialog closes when it settles (a failure has its own message). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  afterClose?: () => void;
  /** Shown under the question (a warning that applies to this case). */
  children?: ReactNode;
}

/** '确认删除' / '您确认删除吗？' (SPEC §5 Confirmations). */
export function DeleteConfirm({ open, title, content, okText, onConfirm, onClose, afterClose, children }: Props) {
  const t = useTranslate();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      width={416}
      title={title ?? t('confirm.delete.title')}
      okText={okText ?? t('buttons.confirm')}
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
        <ExclamationCircleFilled className="generic-confirm__icon" />
        <span>{content ?? t('confirm.delete.content')}</span>
      </p>
      {children}
    </Modal>
  );
}
