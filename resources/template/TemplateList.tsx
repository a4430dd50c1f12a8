import { useTable } from '@refinedev/antd';
import { useCustom, useTranslate, type HttpError } from '@refinedev/core';
import { Button, Input, Table } from 'antd';
import type { ListData } from '../../contract/envelope';
import { templateEntity, type TemplateSummary, type TemplateVersion } from '../../contract/entities/template';
import { useLocale } from '../../src/i18n';
import { TEMPLATE_ENDPOINT, TEMPLATE_RESOURCE } from './endpoint';
import { formatTime } from './formatTime';

interface Props {
  onView: (id: number) => void;
}

/** A template's versions, newest first, each with a button to read it. */
function Versions({ name, onView }: { name: string; onView: (id: number) => void }) {
  const t = useTranslate();
  const locale = useLocale();
  const { result, query } = useCustom<ListData<TemplateVersion>, HttpError>({
    url: `${TEMPLATE_ENDPOINT}/versions`,
    method: 'get',
    config: { query: { name } },
    queryOptions: { queryKey: ['data', 'default', TEMPLATE_RESOURCE, 'versions', name] },
  });
  return (
    <Table<TemplateVersion>
      size="small"
      rowKey="id"
      loading={query.isLoading}
      pagination={false}
      dataSource={result.data?.items ?? []}
      columns={[
        { key: 'version', dataIndex: 'version', title: templateEntity.fields.version.label[locale], width: 96 },
        { key: 'remark', dataIndex: 'remark', title: t('template.versions.remark'), ellipsis: { showTitle: true } },
        { key: 'createTime', dataIndex: 'createTime', title: t('template.versions.time'), width: 150, render: (time: number) => formatTime(time, locale) },
        { key: 'creatorName', dataIndex: 'creatorName', title: t('template.versions.creator'), width: 110, ellipsis: true },
        {
          key: 'view',
          title: t('resources.actions'),
          width: 72,
          fixed: 'right',
          render: (_value, version) => (
            <Button type="link" size="small" onClick={() => onView(version.id)}>
              {t('template.versions.view')}
            </Button>
          ),
        },
      ]}
    />
  );
}

/** The published templates by name, most recent first; a row opens its versions. */
export function TemplateList({ onView }: Props) {
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
        rowKey="name"
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={tableProps.pagination && { ...tableProps.pagination, itemRender: undefined, showTotal: (total) => t('resources.total', { total }) }}
        expandable={{ expandedRowRender: (row) => <Versions name={row.name} onView={onView} />, rowExpandable: () => true }}
        columns={[
          { key: 'name', dataIndex: 'name', title: templateEntity.fields.name.label[locale], ellipsis: { showTitle: true } },
          { key: 'latestVersion', dataIndex: 'latestVersion', title: t('template.list.latest'), width: 110 },
          { key: 'versions', dataIndex: 'versions', title: t('template.list.versions'), width: 90, align: 'right' },
          { key: 'updateTime', dataIndex: 'updateTime', title: t('template.list.updated'), width: 150, render: (time: number) => formatTime(time, locale) },
        ]}
      />
    </section>
  );
}
