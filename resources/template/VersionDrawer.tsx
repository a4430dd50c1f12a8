import { useOne, useTranslate, type HttpError } from '@refinedev/core';
import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import { Alert, Button, Descriptions, Drawer, Spin, Table, Tabs, Tag } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { templateParameterEntity, type TemplateDetail } from '../../contract/entities/template';
import { useLocale } from '../../providers/locale';
import { formatTime } from './formatTime';
import { scriptDiff } from './scriptDiff';
import { TEMPLATE_ENDPOINT, TEMPLATE_RESOURCE } from './endpoint';

const CodeEditor = lazy(() => import('./CodeEditor'));

interface Props {
  id: number | undefined;
  onClose: () => void;
  /** Starts a new version from this one (the publishing form is filled with it). */
  onDerive: (id: number) => void;
}

function Diff({ detail }: { detail: TemplateDetail }) {
  const t = useTranslate();
  const diff = useMemo(() => detail.previous && scriptDiff(detail.previous.code, detail.code), [detail]);
  if (!detail.previous || !diff) return <Alert type="info" showIcon message={t('template.view.first')} />;
  if (diff.tooDifferent) return <Alert type="warning" showIcon message={t('template.view.tooDifferent')} description={t('template.view.tooDifferentHint')} />;
  if (diff.added === 0 && diff.removed === 0) return <Alert type="info" showIcon message={t('template.view.unchanged')} />;
  return (
    <>
      <p className="template-diff__summary">
        <Tag color="success">{t('template.view.added', { count: diff.added })}</Tag>
        <Tag color="error">{t('template.view.removed', { count: diff.removed })}</Tag>
      </p>
      <pre className="template-diff" aria-label={t('template.view.diff', { version: detail.previous.version })}>
        {diff.lines.map((line, index) =>
          line.kind === 'folded' ? (
            <div key={index} className="template-diff__line template-diff__line--folded">
              {t('template.view.folded', { count: line.count })}
            </div>
          ) : (
            <div key={index} className={`template-diff__line template-diff__line--${line.kind}`}>
              <span className="template-diff__sign" aria-hidden="true">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
              </span>
              {line.text}
            </div>
          ),
        )}
      </pre>
    </>
  );
}

/** One published version, read-only: its note, parameters, script, and the change from the version before. */
export function VersionDrawer({ id, onClose, onDerive }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const { result: loaded, query } = useOne<TemplateDetail, HttpError>({
    resource: TEMPLATE_RESOURCE,
    id,
    meta: { endpoint: TEMPLATE_ENDPOINT },
    queryOptions: { enabled: id !== undefined },
  });
  const parameter = templateParameterEntity.fields;
  // The query keeps the version shown before while the next one loads: showing it would fill the
  // editor with one script and then swap in the other, which costs seconds on a long script.
  const detail = loaded?.id === id ? loaded : undefined;

  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      width="min(880px, 100vw)"
      destroyOnHidden
      title={detail ? t('template.view.title', { name: detail.name, version: detail.version }) : ' '}
      extra={
        detail ? (
          <Button type="primary" icon={<CopyOutlined />} onClick={() => onDerive(detail.id)}>
            {t('template.derive.button')}
          </Button>
        ) : null
      }
    >
      {query.isLoading || !detail ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="template-view__meta">
            <Descriptions.Item label={t('template.versions.remark')} span={2}>
              {detail.remark}
            </Descriptions.Item>
            <Descriptions.Item label={t('template.versions.creator')}>{detail.creatorName}</Descriptions.Item>
            <Descriptions.Item label={t('template.versions.time')}>{formatTime(detail.createTime, locale)}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="paramName"
            pagination={false}
            dataSource={detail.parameters}
            locale={{ emptyText: t('template.form.noParameters') }}
            columns={[
              { key: 'xianshiName', dataIndex: 'xianshiName', title: parameter.xianshiName.label[locale] },
              { key: 'paramName', dataIndex: 'paramName', title: parameter.paramName.label[locale] },
              { key: 'remark', dataIndex: 'remark', title: parameter.remark.label[locale], render: (value: string | null) => value || t('common.empty') },
            ]}
          />
          <Tabs
            className="template-view__tabs"
            items={[
              {
                key: 'script',
                label: t('template.view.script'),
                children: (
                  <Suspense fallback={<Spin />}>
                    <CodeEditor key={detail.id} value={detail.code} readOnly ariaLabel={t('template.view.script')} minHeight={160} maxHeight="60vh" />
                  </Suspense>
                ),
              },
              {
                key: 'diff',
                label: detail.previous ? t('template.view.diff', { version: detail.previous.version }) : t('template.view.diffFirst'),
                children: <Diff detail={detail} />,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
