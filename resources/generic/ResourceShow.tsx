/**
 * The read-only show view of a declarative resource, a drawer opened from its list's rows: the
 * record's fields as the list shows them, then its related lists as paginated tabs. Features add
 * header actions, a record shown in place of the loaded one (personal data unmasked), columns of
 * the related lists and lines the cells do not draw (./features). Loaded on first use, never with the list.
 */
import { useTable } from '@refinedev/antd';
import { useCan, useShow, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import { Alert, Button, Descriptions, Drawer, Space, Spin, Table, Tabs } from 'antd';
import { Fragment, lazy, Suspense, useCallback, useState } from 'react';
import { historyMessages } from '../../contract/history';
import { useLocale } from '../../providers/locale';
import { endpointOf, hasHistory, isComputed, type RelatedSpec, type ResourceDefinition } from '../define';
import { relatedOf } from '../registry';
import { CellContent } from './CellContent';
import { ChangesTable } from './ChangesTable';
import { resourceColumns } from './columns';
import { featureShowLine, useRelatedColumns, useShowParts } from './features';
import type { Row } from './rowTypes';
import { showLines } from './showItems';
import { pagerTotal } from './pagerTotal';

const NO_ACCESS = { canCreate: false, canEdit: false, canDelete: false };

// Its own chunk: opened only when the history tab is.
const HistoryPanel = lazy(() => import('./HistoryPanel'));

/** `grants`: what the caller holds on the master beyond `list` (features' columns read them). */
function RelatedList({ spec, definition, masterId, grants }: { spec: RelatedSpec; definition: ResourceDefinition; masterId: BaseKey; grants: ReadonlySet<string> }) {
  const t = useTranslate();
  const locale = useLocale();
  // Rows a feature fetched again (unmasked), shown in place of the listed ones.
  const [replaced, setReplaced] = useState<Record<string, Row>>({});
  const { tableProps, tableQuery, currentPage, pageSize } = useTable<Row, HttpError>({
    resource: definition.name,
    pagination: { currentPage: 1, pageSize: 10 },
    filters: { permanent: [{ field: spec.field, operator: 'eq', value: masterId }] },
    sorters: { mode: 'off' },
    syncWithLocation: false,
  });
  const replace = useCallback((row: Row) => setReplaced((all) => ({ ...all, [String(row.id)]: row })), []);
  const featureColumns = useRelatedColumns(definition, grants, replace);
  const rows = (tableProps.dataSource ?? []).map((row) => replaced[String(row.id)] ?? row);
  const columns = resourceColumns({ definition, locale, translate: (key) => t(key), page: currentPage, size: pageSize, rows, access: NO_ACCESS, onEdit: () => {}, onDelete: () => {} });
  columns.push(...featureColumns);
  return (
    <>
      {tableQuery.isError ? <Alert type="error" showIcon message={t('resources.loadFailed', { message: tableQuery.error?.message ?? '' })} /> : null}
      <Table<Row>
        {...tableProps}
        dataSource={rows}
        rowKey="id"
        size="small"
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={tableProps.pagination && { ...tableProps.pagination, itemRender: undefined, showTotal: pagerTotal(t) }}
      />
    </>
  );
}

interface Props {
  definition: ResourceDefinition;
  id: BaseKey;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

export function ResourceShow({ definition, id, open, onClose, afterClose }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const { query } = useShow<Row, HttpError>({ resource: definition.name, id });
  const parts = useShowParts(definition, id);
  const record = parts.find((part) => part.record)?.record ?? query.data?.data;
  const grants = new Set(parts.flatMap((part) => part.grants ?? []));
  const allLines = record ? showLines(definition, record, locale) : [];
  // A record of changes is a table of its own, under the record's fields, the whole width.
  const changes = allLines.flatMap((line) => ('view' in line && line.view.kind === 'changes' ? [{ label: line.label, changes: line.view.changes, table: line.view.table }] : []));
  const lines = allLines.filter((line) => !('view' in line && line.view.kind === 'changes'));
  const name = record && definition.labelField ? String(record[shownNameOf(definition, record)] ?? '') : '';
  const related = relatedOf(definition).filter(({ spec }) => {
    const grant = spec.grantedBy ?? 'list';
    return grant === 'list' || grants.has(grant);
  });
  const withHistory = hasHistory(definition);
  const canSeeHistory = useCan({ resource: definition.name, action: 'history', queryOptions: { enabled: withHistory } }).data?.can === true && withHistory;
  const canRevert = useCan({ resource: definition.name, action: 'revert', queryOptions: { enabled: canSeeHistory } }).data?.can === true;
  const tabs = related.map(({ spec, definition: d }) => ({
    key: d.name,
    label: d.title[locale],
    children: <RelatedList spec={spec} definition={d} masterId={id} grants={grants} />,
  }));
  if (canSeeHistory) {
    tabs.push({
      key: 'history',
      label: historyMessages.tab[locale],
      children: (
        <Suspense fallback={<Spin />}>
          <HistoryPanel endpoint={endpointOf(definition)} id={id} fields={definition.entity.fields} canRevert={canRevert} onReverted={() => void query.refetch()} />
        </Suspense>
      ),
    });
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(isOpen) => !isOpen && afterClose()}
      width={880}
      title={t('resources.show.title', { title: definition.title[locale], name })}
      extra={
        <Space>
          {parts.map((part, i) => (part.actions ? <Fragment key={i}>{part.actions}</Fragment> : null))}
        </Space>
      }
      footer={
        <Space className="generic-show__footer">
          <Button onClick={onClose}>{t('buttons.cancel')}</Button>
          <Button type="primary" onClick={onClose}>
            {t('buttons.confirm')}
          </Button>
        </Space>
      }
      loading={query.isLoading}
    >
      {query.isError ? <Alert type="error" showIcon message={t('resources.loadFailed', { message: query.error?.message ?? '' })} /> : null}
      {parts.map((part, i) => (part.notice ? <Alert key={i} type="warning" showIcon className="generic-show__notice" message={part.notice} /> : null))}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={lines.map((line) => ({
        key: line.key,
        label: line.label,
        children: featureShowLine(definition, line, locale) ?? ('view' in line ? <CellContent view={line.view} /> : null),
      }))} />
      {changes.map((entry) => (
        <section key={entry.label} className="generic-show__changes">
          <h4>{entry.label}</h4>
          <ChangesTable changes={entry.changes} table={entry.table} locale={locale} />
        </section>
      ))}
      {tabs.length > 0 ? <Tabs className="generic-show__tabs" items={tabs} /> : null}
    </Drawer>
  );
}

/** The field naming a record in the heading: its label field, or the name the server gave it in place of that (`shownAs`). */
function shownNameOf(definition: ResourceDefinition, record: Row): string {
  const labelField = definition.labelField ?? '';
  const column = definition.columns.find((c) => !isComputed(c) && c.field === labelField);
  const shownAs = column && !isComputed(column) ? column.shownAs : undefined;
  return shownAs !== undefined && typeof record[shownAs] === 'string' && record[shownAs] !== '' ? shownAs : labelField;
}

export default ResourceShow;
