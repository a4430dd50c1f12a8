/**
 * Reset password (SPEC §4, §5 Confirmations): asks 'sure to reset the password of {name}', then
 * generates a temporary password, sends its SHA-256 and shows it once to the administrator. The
 * server makes the employee change it at the next login.
 */
import { useTranslate } from '@refinedev/core';
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { StaffListRow } from '../../contract/entities/staff';
import { hashPassword } from '../../providers/password';
import { generateTemporaryPassword } from './password';
import { useStaffCalls } from './useStaffData';
import '../generic/generic.css';
import './user.css';

interface Props {
  row: Pick<StaffListRow, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

export function ResetPasswordDialog({ row, open, onClose, afterClose }: Props) {
  const t = useTranslate();
  const calls = useStaffCalls();
  const [busy, setBusy] = useState(false);
  // Only in this dialog's state: gone once it closes.
  const [password, setPassword] = useState<string>();

  const reset = async () => {
    setBusy(true);
    const generated = generateTemporaryPassword();
    try {
      await calls.resetPassword(row.id, hashPassword(generated));
      calls.say('messages.operationSuccessful');
      setPassword(generated);
    } catch {
      // The server's message is shown; nothing changed.
      onClose();
    } finally {
      setBusy(false);
    }
  };

  if (password === undefined) {
    return (
      <Modal
        open={open}
        width={416}
        title={t('staff.resetPwd.title')}
        okText={t('buttons.confirm')}
        cancelText={t('buttons.cancel')}
        confirmLoading={busy}
        onOk={reset}
        onCancel={onClose}
        afterClose={afterClose}
        maskClosable={false}
      >
        <p className="generic-confirm">
          <ExclamationCircleFilled className="generic-confirm__icon" />
          <span>{t('staff.resetPwd.confirm', { name: row.name })}</span>
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      width={440}
      title={t('staff.resetPwd.done', { name: row.name })}
      onCancel={onClose}
      afterClose={afterClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('staff.resetPwd.close')}
        </Button>
      }
    >
      <Typography.Paragraph>
        {t('staff.resetPwd.password')}:{' '}
        <Typography.Text
          className="staff-password"
          data-testid="temporary-password"
          copyable={{ text: password, tooltips: [t('staff.resetPwd.copy'), t('staff.resetPwd.copied')] }}
        >
          {password}
        </Typography.Text>
      </Typography.Paragraph>
      <Alert type="warning" showIcon message={t('staff.resetPwd.mustChange')} description={t('staff.resetPwd.once')} />
    </Modal>
  );
}
