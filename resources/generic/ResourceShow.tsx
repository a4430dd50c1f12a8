/**
 * The read-only show view of a declarative resource, a drawer opened from its list's rows: the
 * record's fields as the list shows them, then its related lists as paginated tabs. Personal data
 * arrives masked; a holder of the reveal element asks the server for this record unmasked (the
 * server records it). Loaded on first use, never with the list.
 */
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import { useTable } from '@refinedev/antd';
import { useCan, useCustom, useInvalidate, useShow, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import { Alert, Button, Descriptions, Drawer, Space, Table, Tabs, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { indexRegions, loadRegions, regionNames, type RegionIndex } from '../../contract/regions';
import { useLocale } from '../../providers/locale';
import { endpointOf, isComputed, type RelatedSpec, type ResourceDefinition } from '../define';
import { relatedOf } from '../registry';
import { CellContent } from './CellContent';
import { ChangesTable } from './ChangesTable';
import { resourceColumns } from './columns';
import type { Row } from './rowTypes';
import { showLines } from './showItems';
import { pagerTotal } from './pagerTotal';

const NO_ACCESS = { canCreate: false, canEdit: false, canDelete: false };

let regions: Promise<RegionIndex> | undefined;
function useRegionIndex(needed: boolean): RegionIndex | undefined {
  const [index, setIndex] = useState<RegionIndex>();
  useEffect(() => {
    if (!needed) return;
    let current = true;
    void (regions ??= loadRegions().then(indexRegions)).then((loaded) => current && setIndex(loaded));
    return () => {
      current = false;
    };
  }, [needed]);
  return index;
}

/**
 * After a reveal the server has recorded it: the log of `definition` (shown as a related tab, or
 * its own screen) is fetched again, so the new entry shows without reopening the view.
 */
function useRevealLogRefresh(): (definition: ResourceDefinition) => void {
  const invalidate = useInvalidate();
  return useCallback(
    (definition: ResourceDefinition) => {
      if (definition.privacy) void invalidate({ resource: definition.privacy.log.resource, invalidates: ['list'] });
    },
    [invalidate],
  );
}

/** Asks for one record unmasked; the answer replaces the masked values until the view closes. */
function useReveal(definition: ResourceDefinition, id: BaseKey | undefined) {
  const [asked, setAsked] = useState(false);
  const { query } = useCustom<Row>({
    url: `${endpointOf(definition)}/reveal`,
    method: 'get',
    config: { query: { id } },
    queryOptions: { enabled: asked && id !== undefined && definition.privacy !== undefined, retry: false, gcTime: 0, staleTime: 0 },
  });
  return { revealed: asked ? query.data?.data : undefined, reveal: () => setAsked(true), isRevealing: asked && query.isFetching };
}

function RevealButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const t = useTranslate();
  const label = t('resources.show.revealRow');
  return (
    <Tooltip title={label}>
      <Button size="small" type="text" icon={<EyeOutlined />} aria-label={label} loading={loading} onClick={onClick} />
    </Tooltip>
  );
}

/** One related row's reveal (its own record on the server, recorded there). */
function RevealCell({ definition, row, onRevealed }: { definition: ResourceDefinition; row: Row; onRevealed: (row: Row) => void }) {
  const { revealed, reveal, isRevealing } = useReveal(definition, row.id);
  useEffect(() => {
    if (revealed) onRevealed(revealed);
  }, [revealed, onRevealed]);
  return <RevealButton onClick={reveal} loading={isRevealing} />;
}

function RelatedList({ spec, definition, masterId, canReveal }: { spec: RelatedSpec; definition: ResourceDefinition; masterId: BaseKey; canReveal: boolean }) {
  const t = useTranslate();
  const locale = useLocale();
  const [revealed, setRevealed] = useState<Record<string, Row>>({});
  const { tableProps, tableQuery, currentPage, pageSize } = useTable<Row, HttpError>({
    resource: definition.name,
    pagination: { currentPage: 1, pageSize: 10 },
    filters: { permanent: [{ field: spec.field, operator: 'eq', value: masterId }] },
    sorters: { mode: 'off' },
    syncWithLocation: false,
  });
  const refreshLog = useRevealLogRefresh();
  const onRevealed = useCallback(
    (row: Row) => {
      setRevealed((all) => ({ ...all, [String(row.id)]: row }));
      refreshLog(definition);
    },
    [definition, refreshLog],
  );
  const rows = (tableProps.dataSource ?? []).map((row) => revealed[String(row.id)] ?? row);
  const columns = resourceColumns({ definition, locale, translate: (key) => t(key), page: currentPage, size: pageSize, rows, access: NO_ACCESS, onEdit: () => {}, onDelete: () => {} });
  if (canReveal && definition.privacy) {
    columns.push({
      key: '__reveal',
      title: t('resources.actions'),
      width: 64,
      align: 'center',
      render: (_value, row) => <RevealCell definition={definition} row={row} onRevealed={onRevealed} />,
    });
  }
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
  const canReveal = useCan({ resource: definition.name, action: 'reveal', queryOptions: { enabled: definition.privacy !== undefined } }).data?.can === true;
  const { revealed, reveal, isRevealing } = useReveal(definition, id);
  const record = revealed ?? query.data?.data;
  const refreshLog = useRevealLogRefresh();
  useEffect(() => {
    if (revealed) refreshLog(definition);
  }, [revealed, definition, refreshLog]);
  const allLines = record ? showLines(definition, record, locale) : [];
  // A record of changes is a table of its own, under the record's fields, the whole width.
  const changes = allLines.flatMap((line) => ('view' in line && line.view.kind === 'changes' ? [{ label: line.label, changes: line.view.changes, table: line.view.table }] : []));
  const lines = allLines.filter((line) => !('view' in line && line.view.kind === 'changes'));
  const regionIndex = useRegionIndex(lines.some((line) => 'region' in line));
  const name = record && definition.labelField ? String(record[shownNameOf(definition, record)] ?? '') : '';
  const related = relatedOf(definition).filter(({ spec }) => (spec.grantedBy ?? 'list') === 'list' || canReveal);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(isOpen) => !isOpen && afterClose()}
      width={880}
      title={t('resources.show.title', { title: definition.title[locale], name })}
      extra={
        <Space>
          {canReveal && definition.privacy && !revealed ? (
            <Button icon={<EyeOutlined />} loading={isRevealing} onClick={reveal}>
              {t('resources.show.reveal')}
            </Button>
          ) : null}
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
      {revealed ? <Alert type="warning" showIcon className="generic-show__revealed" message={t('resources.show.revealed')} /> : null}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={lines.map((line) => ({
        key: line.key,
        label: line.label,
        children:
          'region' in line ? (
            <CellContent view={regionView(regionIndex, line.region, locale)} />
          ) : (
            <CellContent view={line.view} />
          ),
      }))} />
      {changes.map((entry) => (
        <section key={entry.label} className="generic-show__changes">
          <h4>{entry.label}</h4>
          <ChangesTable changes={entry.changes} table={entry.table} locale={locale} />
        </section>
      ))}
      {related.length > 0 ? (
        <Tabs
          className="generic-show__tabs"
          items={related.map(({ spec, definition: d }) => ({
            key: d.name,
            label: d.title[locale],
            children: <RelatedList spec={spec} definition={d} masterId={id} canReveal={canReveal} />,
          }))}
        />
      ) : null}
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

function regionView(index: RegionIndex | undefined, path: readonly [unknown, unknown, unknown], locale: 'zh-CN' | 'en-US') {
  const codes = path.map((code) => (code === null || code === undefined || code === '' ? null : String(code))) as [string | null, string | null, string | null];
  if (!codes[0]) return { kind: 'empty' as const };
  const names = index ? regionNames(index, codes, locale) : null;
  return names ? { kind: 'text' as const, text: names } : { kind: 'text' as const, text: codes.filter(Boolean).join(' / ') };
}

export default ResourceShow;
