import { useTable } from '@refinedev/antd';
import { useCustom, useTranslate, type HttpError } from '@refinedev/core';
import { Button, Input, Spin, Table } from 'antd';
import type { ListData } from '../../contract/envelope';
import { templateEntity, type TemplateSummary, type TemplateVersion } from '../../contract/entities/template';
import { useLocale } from '../../providers/locale';
import { pagerTotal } from '../generic/pagerTotal';
import { tableFit } from '../generic/tableFit';
import { callUrl, TEMPLATE_CALLS } from '../../contract/paths';
import { TEMPLATE_ENDPOINT, TEMPLATE_RESOURCE } from './endpoint';
import { formatTime } from './formatTime';

interface Props {
  onView: (id: number) => void;
  /** Starts a new version from a published one. */
  onDerive: (id: number) => void;
}

/**
 * A template's versions, newest first: each its version, who published it and when, its note, and
 * buttons to read it or start a new version from it. A list rather than a table: it stays readable
 * in the half-width card at 1280 px and on a phone.
 */
function Versions({ name, onView, onDerive }: { name: string } & Props) {
  const t = useTranslate();
  const locale = useLocale();
  const { result, query } = useCustom<ListData<TemplateVersion>, HttpError>({
    url: callUrl(TEMPLATE_CALLS.versions),
    method: 'get',
    config: { query: { name } },
    queryOptions: { queryKey: ['data', 'default', TEMPLATE_RESOURCE, 'versions', name] },
  });
  if (query.isLoading) return <Spin size="small" />;
  return (
    <ul className="template-versions" aria-label={templateEntity.fields.version.label[locale]}>
      {(result.data?.items ?? []).map((version) => (
        <li key={version.id} className="template-versions__item">
          <div className="template-versions__head">
            <strong className="template-versions__version">{version.version}</strong>
            <span className="template-versions__meta">
              {version.creatorName} · {formatTime(version.createTime, locale)}
            </span>
          </div>
          <div className="template-versions__remark" title={version.remark}>
            {version.remark}
          </div>
          <div className="template-versions__actions">
            <Button type="link" size="small" onClick={() => onView(version.id)}>
              {t('template.versions.view')}
            </Button>
            <Button type="link" size="small" onClick={() => onDerive(version.id)}>
              {t('template.derive.short')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The published templates by name, most recent first; a row opens its versions. */
export function TemplateList({ onView, onDerive }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const { tableProps, setFilters } = useTable<TemplateSummary, HttpError>({
    resource: TEMPLATE_RESOURCE,
    meta: { endpoint: TEMPLATE_ENDPOINT },
    pagination: { pageSize: 10 },
    sorters: { mode: 'off' },
    syncWithLocation: false,
  });
  return (
    <section className="template-list" aria-label={t('template.list.title')}>
      <Input.Search
        allowClear
        className="template-list__search"
        placeholder={t('resources.placeholder.input', { label: templateEntity.fields.name.label[locale] })}
        onSearch={(value) => setFilters([{ field: 'searchKey', operator: 'eq', value: value.trim() || undefined }], 'replace')}
      />
      <Table<TemplateSummary>
        {...tableProps}
        {...tableFit}
        rowKey="name"
        size="middle"
        tableLayout="fixed"
        pagination={tableProps.pagination && { ...tableProps.pagination, itemRender: undefined, showTotal: pagerTotal(t) }}
        expandable={{ expandedRowRender: (row) => <Versions name={row.name} onView={onView} onDerive={onDerive} />, rowExpandable: () => true }}
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: templateEntity.fields.name.label[locale],
            // Wraps rather than truncates: the table stays within a phone's width.
            render: (name: string, row) => (
              <>
                <div className="template-list__name">{name}</div>
                <div className="template-list__updated">
                  {t('template.list.updated')} {formatTime(row.updateTime, locale)}
                </div>
              </>
            ),
          },
          { key: 'latestVersion', dataIndex: 'latestVersion', title: t('template.list.latest'), width: 110, ellipsis: { showTitle: true } },
          { key: 'versions', dataIndex: 'versions', title: t('template.list.versions'), width: 80, align: 'right', responsive: ['sm'] },
        ]}
      />
    </section>
  );
}
