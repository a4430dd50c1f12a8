import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import { useTranslate } from '@refinedev/core';
import { Card, Tag, Typography } from 'antd';
import type { PageProps } from '../../src/routing/pageProps';

/**
 * Example page (SPEC §1 template demo pages: placeholder menus): says it is a placeholder, under the
 * title of the menu that opened it. The nested example menus and the reading-B demo sub-system's
 * pages open it.
 */
export default function PlaceholderPage({ route }: PageProps) {
  const t = useTranslate();
  return (
    <section className="console-page" aria-label={route.title}>
      <Card
        title={
          <span>
            <FileTextOutlined style={{ marginInlineEnd: 8 }} />
            {route.title}
          </span>
        }
        extra={<Tag>{t('examples.placeholder.label')}</Tag>}
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('examples.placeholder.body', { title: route.title })}
        </Typography.Paragraph>
      </Card>
    </section>
  );
}
