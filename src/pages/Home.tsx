import { useGetIdentity, useTranslate } from '@refinedev/core';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useLocale } from '../i18n';
import { MenuIcon } from '../layout/menuIconComponents';
import { useConsoleNavigation } from '../routing/NavigationContext';
import type { SideItem } from '../routing/navigation';
import type { PageProps } from '../routing/pageProps';

interface Shortcut {
  path: string;
  title: string;
  icon: string;
  /** The group it sits in below its entry, when it is nested. */
  group?: string;
}

function shortcuts(items: readonly SideItem[], group?: string): Shortcut[] {
  return items.flatMap((item) => [
    ...(item.path ? [{ path: item.path, title: item.title, icon: item.icon, group }] : []),
    ...shortcuts(item.children, item.path ? group : item.title),
  ]);
}

/** The landing page: a greeting and a card for every page the caller may open, by top-bar entry. */
export default function Home(_props: PageProps) {
  const t = useTranslate();
  const locale = useLocale();
  const { entries } = useConsoleNavigation();
  const { data: identity } = useGetIdentity<{ name?: string }>();
  const today = new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(new Date());

  return (
    <div className="console-home">
      <section className="console-page console-home__welcome">
        <Typography.Title level={3}>
          {identity?.name ? t('shell.home.welcome', { name: identity.name }) : t('shell.home.welcomeAnonymous')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('shell.home.today', { date: today })}</Typography.Text>
        <Typography.Paragraph className="console-home__intro">
          {entries.length ? t('shell.home.intro') : t('shell.home.empty')}
        </Typography.Paragraph>
      </section>
      {entries.length === 0 ? <Empty className="console-page" description={t('shell.home.empty')} /> : null}
      {entries.map((entry) => {
        const pages = shortcuts(entry.items);
        return (
          <section key={entry.key} className="console-page console-home__entry" aria-labelledby={`home-${entry.key}`}>
            <Typography.Title level={5} id={`home-${entry.key}`} className="console-home__entry-title">
              <MenuIcon name={entry.icon} /> {entry.title}
              <Typography.Text type="secondary" className="console-home__count">
                {t('shell.home.pages', { count: pages.length })}
              </Typography.Text>
            </Typography.Title>
            <Row gutter={[16, 16]}>
              {pages.map((page) => (
                <Col key={page.path} xs={24} sm={12} md={8} xl={6}>
                  <Link to={page.path} className="console-home__card">
                    <Card hoverable size="small">
                      <span className="console-home__icon" aria-hidden="true">
                        <MenuIcon name={page.icon || entry.icon} />
                      </span>
                      <span className="console-home__card-text">
                        <span className="console-home__card-title">{page.title}</span>
                        <span className="console-home__card-path">{page.group ? `${entry.title} / ${page.group}` : entry.title}</span>
                      </span>
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
          </section>
        );
      })}
    </div>
  );
}
