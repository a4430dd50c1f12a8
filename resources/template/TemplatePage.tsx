import { useInvalidate, useTranslate } from '@refinedev/core';
import { Card } from 'antd';
import { useState } from 'react';
import { TEMPLATE_RESOURCE } from './endpoint';
import { TemplateForm } from './TemplateForm';
import { TemplateList } from './TemplateList';
import { VersionDrawer } from './VersionDrawer';
import './template.css';

/**
 * Report-template publishing (SPEC §2.20): the form beside the published templates and their
 * versions; a version opens read-only with its script and the change from the version before.
 */
export default function TemplatePage() {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const [viewed, setViewed] = useState<number>();
  return (
    <div className="template-page">
      <Card title={t('template.form.title')} className="template-page__form">
        <TemplateForm
          onPublished={(template) => {
            void invalidate({ resource: TEMPLATE_RESOURCE, invalidates: ['all'] });
            setViewed(template.id);
          }}
        />
      </Card>
      <Card title={t('template.list.title')} className="template-page__list">
        <TemplateList onView={setViewed} />
      </Card>
      <VersionDrawer id={viewed} onClose={() => setViewed(undefined)} />
    </div>
  );
}
