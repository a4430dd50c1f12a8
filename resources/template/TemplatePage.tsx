import { useDataProvider, useInvalidate, useTranslate } from '@refinedev/core';
import { Card } from 'antd';
import { useState } from 'react';
import type { ListData } from '../../contract/envelope';
import type { TemplateDetail, TemplateVersion } from '../../contract/entities/template';
import { useLeaveGuard } from '../../src/unsavedWork/useUnsavedWork';
import { callUrl, TEMPLATE_CALLS } from '../../contract/paths';
import { TEMPLATE_ENDPOINT, TEMPLATE_RESOURCE } from './endpoint';
import { nextVersion } from './nextVersion';
import { TemplateForm, type TemplateSource } from './TemplateForm';
import { TemplateList } from './TemplateList';
import { VersionDrawer } from './VersionDrawer';
import './template.css';

/**
 * Report-template publishing (SPEC §2.20): the form beside the published templates and their
 * versions; a version opens read-only with its script and the change from the version before.
 * "New version from this one" (in the drawer and on each version) fills the form from that
 * version, asking first when the form holds typed work, and suggests the version after the
 * template's latest.
 */
export default function TemplatePage() {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const dataProvider = useDataProvider();
  const leave = useLeaveGuard();
  const [viewed, setViewed] = useState<number>();
  const [source, setSource] = useState<TemplateSource>();

  const derive = async (id: number) => {
    const provider = dataProvider();
    const detail = (await provider.getOne<TemplateDetail>({ resource: TEMPLATE_RESOURCE, id, meta: { endpoint: TEMPLATE_ENDPOINT } })).data;
    const versions = (await provider.custom!<ListData<TemplateVersion>>({ url: callUrl(TEMPLATE_CALLS.versions), method: 'get', query: { name: detail.name } })).data;
    const latest = versions.items[0]?.version ?? detail.version;
    await leave(() => {
      setViewed(undefined);
      setSource({ detail, suggested: nextVersion(latest) });
    });
  };

  return (
    <div className="template-page">
      <Card title={t('template.form.title')} className="template-page__form">
        <TemplateForm
          source={source}
          onPublished={(template) => {
            void invalidate({ resource: TEMPLATE_RESOURCE, invalidates: ['all'] });
            setViewed(template.id);
          }}
        />
      </Card>
      <Card title={t('template.list.title')} className="template-page__list">
        <TemplateList onView={setViewed} onDerive={(id) => void derive(id)} />
      </Card>
      <VersionDrawer id={viewed} onClose={() => setViewed(undefined)} onDerive={(id) => void derive(id)} />
    </div>
  );
}
