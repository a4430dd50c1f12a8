/**
 * Asks before a bulk action sets one value on the selected rows, saying how many it touches; on
 * confirmation calls `<endpoint>/bulkUpdate`. When the server refuses (nothing was saved), the
 * dialog stays open listing each refused row (its name, or id, and why) instead of the question.
 * Loaded on first use, like the other dialogs of the list.
 */
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import { useCustomMutation, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import { Modal } from 'antd';
import { useState } from 'react';
import type { BulkRefusal, BulkUpdated } from '../../contract/bulkUpdate';
import { BULK_UPDATE_PATH, endpointOf, type ResourceDefinition } from '../define';
import type { BulkSetAction } from './bulkActions';
import './generic.css';

interface Props {
  definition: ResourceDefinition;
  action: BulkSetAction;
  ids: readonly BaseKey[];
  open: boolean;
  /** Called once the rows are written (the list clears its selection and reloads). */
  onDone: () => void;
  onClose: () => void;
  afterClose?: () => void;
}

export function BulkConfirm({ definition, action, ids, open, onDone, onClose, afterClose }: Props) {
  const t = useTranslate();
  const { mutateAsync, mutation } = useCustomMutation<BulkUpdated, HttpError, Record<string, unknown>>();
  const [refused, setRefused] = useState<readonly BulkRefusal[]>();

  const confirm = async () => {
    try {
      await mutateAsync({
        url: `${endpointOf(definition)}/${BULK_UPDATE_PATH}`,
        method: 'post',
        values: { ids: ids.map(Number), values: { [action.field]: action.value } },
        successNotification: (answer) => ({ message: t('bulk.done', { count: answer?.data.updated ?? ids.length }), type: 'success' }),
        errorNotification: (failure) => ({ message: failure?.message ?? t('notifications.error'), type: 'error' }),
      });
      onDone();
      onClose();
    } catch (failure) {
      const listed = ((failure as { data?: { refused?: BulkRefusal[] } } | null)?.data?.refused ?? []).slice();
      if (listed.length) setRefused(listed);
      else onClose();
    }
  };

  return (
    <Modal
      open={open}
      width={480}
      title={t('bulk.setTitle')}
      okText={t('buttons.confirm')}
      cancelText={t('buttons.cancel')}
      // Refused: the question is answered; only closing is left.
      okButtonProps={{ disabled: refused !== undefined }}
      confirmLoading={mutation.isPending}
      onOk={confirm}
      onCancel={onClose}
      afterClose={afterClose}
    >
      <div className="generic-confirm">
        <ExclamationCircleFilled className="generic-confirm__icon" />
        <div className="generic-confirm__text">
          <p>{t('bulk.setQuestion', { count: ids.length, field: action.fieldLabel, option: action.optionLabel })}</p>
          {refused ? (
            <div role="alert" className="generic-confirm__refusal">
              <p>{t('bulk.refused')}</p>
              <ul>
                {refused.map((row) => (
                  <li key={row.id}>
                    {row.label ?? `#${row.id}`}: {row.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
