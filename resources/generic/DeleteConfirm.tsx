import { useCustom, useTranslate, type BaseKey } from '@refinedev/core';
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import { Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import type { DeleteImpact } from '../../contract/deleteImpact';
import { useLocale } from '../../providers/locale';
import './generic.css';

/** Where the server says what the delete would take with it (contract/deleteImpact.ts). */
export interface ImpactSource {
  /** `<endpoint>/deleteImpact`. */
  url: string;
  ids: readonly BaseKey[];
}

interface Props {
  open: boolean;
  /** By default '确认删除'; another destructive change names itself (e.g. removing members). */
  title?: string;
  /** The question; by default '您确认删除吗？'. A record's names it ('删除角色“X”？'). */
  content?: string;
  /** The confirm button; by default '确定'. */
  okText?: string;
  /**
   * What goes with it, asked of the server when the dialog opens: each count is a line under the
   * question ('1 名员工持有此角色，删除后他们将失去它'), and a delete the server would refuse
   * says why and cannot be confirmed. Unanswered (not granted, failed), the question stands alone.
   */
  impact?: ImpactSource;
  /** Deletes; the dialog closes when it settles (a failure has its own message). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  afterClose?: () => void;
  /** Shown under the question (a warning that applies to this case). */
  children?: ReactNode;
}

function useDeleteImpact(impact: ImpactSource | undefined, open: boolean) {
  const { query } = useCustom<DeleteImpact>({
    url: impact?.url ?? '',
    method: 'get',
    config: { query: { ids: impact?.ids.join(',') } },
    // A caller without the read still deletes: the question is asked without the counts.
    errorNotification: false,
    queryOptions: { enabled: open && impact !== undefined, retry: false, gcTime: 0, staleTime: 0 },
  });
  return { items: query.data?.data.items ?? [], isLoading: impact !== undefined && query.isLoading };
}

/** '确认删除' / '您确认删除吗？' (SPEC §5 Confirmations), with what the delete takes along. */
export function DeleteConfirm({ open, title, content, okText, impact, onConfirm, onClose, afterClose, children }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const { items, isLoading } = useDeleteImpact(impact, open);
  const counts = items.flatMap((item) => item.counts.map((count) => count.text[locale]));
  const refusals = [...new Set(items.flatMap((item) => (item.refusal ? [item.refusal[locale]] : [])))];
  return (
    <Modal
      open={open}
      width={416}
      title={title ?? t('confirm.delete.title')}
      okText={okText ?? t('buttons.confirm')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: true, disabled: isLoading || refusals.length > 0 }}
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
      <div className="generic-confirm">
        <ExclamationCircleFilled className="generic-confirm__icon" />
        <div className="generic-confirm__text">
          <p>{content ?? t('confirm.delete.content')}</p>
          {isLoading ? <p className="generic-confirm__note">{t('confirm.delete.counting')}</p> : null}
          {counts.map((line) => (
            <p key={line} className="generic-confirm__impact">
              {line}
            </p>
          ))}
          {refusals.map((line) => (
            <p key={line} role="alert" className="generic-confirm__refusal">
              {line}
            </p>
          ))}
        </div>
      </div>
      {children}
    </Modal>
  );
}
