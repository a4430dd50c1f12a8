/**
 * The rules published for a UA record, or for all records (review 2, M5: what was published can
 * be undone): each rule's pattern, replacements, who published it and when, whether it is still in
 * use; a rule in use can be unpublished (POST /v2/ua/rule/delete), after which parsing, the bench
 * and the export stop using it on every server.
 */
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Button, Modal, Popconfirm, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ListData } from '../../contract/envelope';
import { callUrl, UA_CALLS } from '../../contract/paths';
import { UA_MESSAGES, type UaRuleSummary } from '../../contract/ua';
import { useLocale } from '../../providers/locale';
import type { RowActionDialogProps } from '../generic/rowActions';
import { formatTime } from '../template/formatTime';
import { say, UA_TEXTS } from './texts';

const PAGE_SIZE = 10;
const KIND_TEXTS = { ua: UA_TEXTS.browser, os: UA_TEXTS.os, device: UA_TEXTS.device } as const;

/** A rule's replacements and extra fields as `key: value`, the pattern left out. */
function replacements(rule: UaRuleSummary['rule']): string {
  return Object.entries(rule)
    .filter(([key]) => key !== 'regex')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

export default function RulesDialog({ record, open, onClose, afterClose }: RowActionDialogProps) {
  const locale = useLocale();
  const uaId = Number(record.id);
  const [isOnlyThis, setOnlyThis] = useState(true);
  const [page, setPage] = useState(1);
  const query = { ...(isOnlyThis ? { uaId } : {}), page, pageSize: PAGE_SIZE };
  const { result, query: state } = useCustom<ListData<UaRuleSummary>, HttpError>({
    url: callUrl(UA_CALLS.ruleList),
    method: 'get',
    config: { query },
    queryOptions: { queryKey: ['data', 'default', 'ua', 'rules', query] },
  });
  const { mutateAsync } = useCustomMutation<{ unpublished: number }, HttpError, Record<string, unknown>>();

  const unpublish = async (id: number) => {
    try {
      await mutateAsync({
        url: callUrl(UA_CALLS.ruleDelete),
        method: 'post',
        values: { ids: String(id) },
        successNotification: () => ({ message: UA_MESSAGES.unpublished[locale], type: 'success' }),
        errorNotification: (failure) => ({ message: failure?.message ?? '', type: 'error' }),
      });
    } catch {
      // The server's message is shown.
    }
    await state.refetch();
  };

  return (
    <Modal
      open={open}
      width={1100}
      title={say(UA_TEXTS.rulesTitle, locale, { id: uaId })}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {UA_TEXTS.close[locale]}
        </Button>,
      ]}
    >
      <div style={{ marginBottom: 12 }}>
        <Switch
          size="small"
          checked={isOnlyThis}
          onChange={(checked) => {
            setOnlyThis(checked);
            setPage(1);
          }}
        />{' '}
        {UA_TEXTS.onlyThisRecord[locale]}
      </div>
      <Table<UaRuleSummary>
        size="small"
        rowKey="id"
        data-testid="ua-rules"
        loading={state.isLoading || state.isFetching}
        dataSource={result.data?.items ?? []}
        locale={{ emptyText: UA_TEXTS.noRules[locale] }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: result.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'id', title: UA_TEXTS.ruleId[locale], dataIndex: 'id', width: 60 },
          ...(isOnlyThis ? [] : [{ key: 'uaId', title: UA_TEXTS.ruleRecord[locale], dataIndex: 'uaId', width: 70 }]),
          { key: 'kind', title: UA_TEXTS.ruleKind[locale], width: 70, render: (_: unknown, rule: UaRuleSummary) => KIND_TEXTS[rule.kind][locale] },
          // The pattern is what an operator looks for: shown whole, wrapped.
          { key: 'regex', title: UA_TEXTS.ruleRegex[locale], render: (_: unknown, rule: UaRuleSummary) => <Typography.Text code style={{ wordBreak: 'break-all' }}>{rule.rule.regex}</Typography.Text> },
          { key: 'replacements', title: UA_TEXTS.ruleReplacements[locale], width: 180, render: (_: unknown, rule: UaRuleSummary) => <span style={{ overflowWrap: 'anywhere' }}>{replacements(rule.rule)}</span> },
          { key: 'published', title: UA_TEXTS.rulePublished[locale], width: 140, render: (_: unknown, rule: UaRuleSummary) => `${rule.creatorName} ${formatTime(rule.createTime, locale)}` },
          {
            key: 'state',
            title: UA_TEXTS.ruleState[locale],
            width: 150,
            render: (_: unknown, rule: UaRuleSummary) =>
              rule.isPublished ? (
                <Tag color="green">{UA_TEXTS.ruleActive[locale]}</Tag>
              ) : (
                <Typography.Text type="secondary">{say(UA_TEXTS.ruleUnpublished, locale, { name: rule.unpublishedBy ?? '', time: rule.unpublishTime ? formatTime(rule.unpublishTime, locale) : '' })}</Typography.Text>
              ),
          },
          {
            key: 'action',
            width: 96,
            render: (_: unknown, rule: UaRuleSummary) =>
              rule.isPublished ? (
                <Popconfirm title={UA_TEXTS.unpublish[locale]} description={<div style={{ maxWidth: 320 }}>{UA_TEXTS.unpublishConfirm[locale]}</div>} onConfirm={() => unpublish(rule.id)}>
                  <Button size="small" danger>
                    {UA_TEXTS.unpublish[locale]}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
