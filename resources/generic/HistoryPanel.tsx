/**
 * A record's history (contract/history.ts): each change newest first, who made it and when, each
 * field before → after, and for a holder of the revert grant a button reverting an edit that may
 * still be reverted (confirmed first; a refusal, e.g. a field changed since, shows in the dialog).
 * Loaded on demand as its own chunk: the show view's tab and the staff screen's drawer open it.
 */
import { useCustom, useCustomMutation, useTranslate, type BaseKey, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Empty, Modal, Pagination, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import type { Fields } from '../../contract/fields';
import { historyMessages, HISTORY_PATHS, type HistoryEntry } from '../../contract/history';
import { text } from '../../contract/i18n';
import type { ListData } from '../../contract/envelope';
import { useLocale } from '../../providers/locale';
import { fieldChanges } from './changes';
import { ChangesTable } from './ChangesTable';
import { timeText } from './timeText';

// Kept here, not in the console's dictionaries: only this chunk needs them.
const WORDS = {
  insert: text('新增', 'Created'),
  update: text('修改', 'Edited'),
  delete: text('删除', 'Deleted'),
  reverted: text('撤销', 'Reverted'),
  confirm: text('撤销此变更？所列字段将恢复为变更前的值，并记为一次新的修改。', 'Revert this change? The fields listed go back to their values before it, recorded as a new edit.'),
  done: text('已撤销', 'Reverted'),
  empty: text('暂无变更记录', 'No changes recorded'),
  unknown: text('未知用户', 'Unknown user'),
};

const PAGE_SIZE = 10;

export interface HistoryPanelProps {
  /** The endpoint below which `/history` and `/revert` are (a resource's, or the staff calls' `/base/admin/user`). */
  endpoint: string;
  id: BaseKey;
  /** Labels of the record's fields. */
  fields: Fields;
  canRevert: boolean;
  /** After a revert: the record changed (e.g. reload what shows it). */
  onReverted?: () => void;
}

export function HistoryPanel({ endpoint, id, fields, canRevert, onReverted }: HistoryPanelProps) {
  const t = useTranslate();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [asked, setAsked] = useState<HistoryEntry>();
  const [refusal, setRefusal] = useState<string>();
  const { query } = useCustom<ListData<HistoryEntry>, HttpError>({
    url: `${endpoint}${HISTORY_PATHS.history}`,
    method: 'get',
    config: { query: { id, pageNo: page, pageSize: PAGE_SIZE } },
    queryOptions: { gcTime: 0, staleTime: 0 },
  });
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, Record<string, unknown>>();
  const data = query.data?.data;

  const revert = async () => {
    if (!asked) return;
    try {
      await mutateAsync({
        url: `${endpoint}${HISTORY_PATHS.revert}`,
        method: 'post',
        values: { id, auditId: asked.id },
        successNotification: () => ({ message: WORDS.done[locale], type: 'success' }),
        // Shown in the dialog instead.
        errorNotification: false,
      });
      setAsked(undefined);
      setPage(1);
      await query.refetch();
      onReverted?.();
    } catch (failure) {
      setRefusal((failure as Partial<HttpError> | null)?.message || t('notifications.error'));
    }
  };

  if (query.isError) return <Alert type="error" showIcon message={t('resources.loadFailed', { message: query.error?.message ?? '' })} />;
  if (!data) return <Spin />;
  if (data.items.length === 0) return <Empty description={WORDS.empty[locale]} />;
  return (
    <div className="generic-history">
      {data.items.map((entry) => (
        <section key={entry.id} className="generic-history__entry" aria-label={`${entry.id}`}>
          <Space className="generic-history__head" wrap>
            <Typography.Text strong>{entry.userName ?? entry.userCode ?? WORDS.unknown[locale]}</Typography.Text>
            <Typography.Text type="secondary">{timeText(entry.changedAt)}</Typography.Text>
            <Typography.Text>{(entry.route.endsWith(HISTORY_PATHS.revert) ? WORDS.reverted : WORDS[entry.action])[locale]}</Typography.Text>
            {canRevert && entry.revertible ? (
              <Button size="small" onClick={() => (setRefusal(undefined), setAsked(entry))}>
                {historyMessages.revert[locale]}
              </Button>
            ) : null}
            {canRevert && entry.action === 'update' && !entry.revertible && entry.notRevertibleReason ? <Typography.Text type="secondary">{entry.notRevertibleReason}</Typography.Text> : null}
          </Space>
          <ChangesTable changes={fieldChanges(entry.changes, locale, fields)} locale={locale} />
        </section>
      ))}
      {data.total > PAGE_SIZE ? <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} /> : null}
      <Modal
        open={asked !== undefined}
        title={historyMessages.revert[locale]}
        okText={historyMessages.revert[locale]}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: refusal !== undefined }}
        confirmLoading={mutation.isPending}
        onOk={() => void revert()}
        onCancel={() => setAsked(undefined)}
        destroyOnHidden
      >
        <p>{WORDS.confirm[locale]}</p>
        {asked ? <ChangesTable changes={fieldChanges(asked.changes, locale, fields)} locale={locale} /> : null}
        {refusal ? <Alert type="error" showIcon message={refusal} className="generic-history__refusal" /> : null}
      </Modal>
    </div>
  );
}

export default HistoryPanel;
