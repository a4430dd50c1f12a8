/**
 * Reopening a processed UA record (review 2, M5): asks, then sets it back to unprocessed
 * (POST /v2/ua/update/reopen) and reloads the list. The rules published for it stay in use;
 * unpublishing is its own action.
 */
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button, Modal } from 'antd';
import { callUrl, UA_CALLS } from '../../contract/paths';
import { UA_MESSAGES, UA_PROCESSED } from '../../contract/ua';
import { useLocale } from '../../providers/locale';
import { DeleteConfirm } from '../generic/DeleteConfirm';
import type { RowActionDialogProps } from '../generic/rowActions';
import { say, UA_TEXTS } from './texts';

export default function ReopenDialog({ definition, record, open, onClose, afterClose }: RowActionDialogProps) {
  const locale = useLocale();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<{ reopened: number }, HttpError, Record<string, unknown>>();
  const title = say(UA_TEXTS.reopenTitle, locale, { id: String(record.id) });
  if (record.uaStatus !== UA_PROCESSED) {
    return (
      <Modal open={open} width={416} title={title} onCancel={onClose} afterClose={afterClose} footer={<Button onClick={onClose}>{UA_TEXTS.close[locale]}</Button>}>
        <Alert type="info" showIcon message={UA_TEXTS.reopenNotProcessed[locale]} />
      </Modal>
    );
  }
  return (
    <DeleteConfirm
      open={open}
      title={title}
      content={UA_TEXTS.reopenContent[locale]}
      okText={UA_TEXTS.reopenOk[locale]}
      onConfirm={async () => {
        await mutateAsync({
          url: callUrl(UA_CALLS.reopen),
          method: 'post',
          values: { ids: String(record.id) },
          successNotification: () => ({ message: UA_MESSAGES.reopened[locale], type: 'success' }),
          errorNotification: (failure) => ({ message: failure?.message ?? '', type: 'error' }),
        });
        await invalidate({ resource: definition.name, invalidates: ['list'] });
      }}
      onClose={onClose}
      afterClose={afterClose}
    />
  );
}
