/**
 * Two staff members compared in one sub-system (GET /effective/compare?userId&otherUserId&appId):
 * what only A reaches, what only B reaches (each node's path, type and the roles granting it), and
 * how much both reach. Side by side on a wide screen, one above the other on a narrow one. Loaded
 * only when the page is switched to comparing (the second staff member is picked on the page).
 */
import { useCustom, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Col, Empty, Row, Spin, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import type { ComparedNode, EffectiveComparison, EffectiveUser } from '../../contract/effective';
import { menuTypeName, type MenuReading } from '../../contract/menu';
import { callUrl, EFFECTIVE_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import { useLiveRefetch } from '../generic/useLiveRefetch';
import { TYPE_COLOURS } from './effectiveTree';

/** What either reach is made of: the staff's roles, the roles' grants, the menus and the apps. */
const REACH_SOURCES = ['user', 'role', 'permission', 'menu', 'app'] as const;

const item: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2px 6px', padding: '4px 0' };

function useComparison(userId: number, otherUserId: number | undefined, appId: number) {
  const enabled = otherUserId !== undefined;
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(EFFECTIVE_CALLS.compare),
    method: 'get',
    config: { query: { userId, otherUserId, appId } },
    queryOptions: { enabled },
  });
  useLiveRefetch(REACH_SOURCES, query.refetch, enabled);
  const data = query.data?.data as Partial<EffectiveComparison> | undefined;
  const comparison = Array.isArray(data?.onlyUser) && Array.isArray(data?.onlyOther) ? (data as EffectiveComparison) : undefined;
  return { comparison, isFetching: query.isFetching, isError: query.isError };
}

function NodeList({ title, nodes, reading }: { title: string; nodes: readonly ComparedNode[]; reading: MenuReading }) {
  const t = useTranslate();
  const locale = useLocale();
  return (
    <section className="effective-compare__column" aria-label={title}>
      <Typography.Title level={5}>
        {title} <Tag bordered={false}>{nodes.length}</Tag>
      </Typography.Title>
      {nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('effective.compare.none')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {nodes.map((node) => (
            <li key={node.id} className="effective-compare__node" style={item}>
              <Tag color={TYPE_COLOURS[node.menuType]} bordered={false}>
                {menuTypeName(reading, node.menuType)?.[locale] ?? node.menuType}
              </Tag>
              <span className="effective-compare__path">{node.path.join(' › ')}</span>
              {node.roles.map((role) => (
                <Tag key={role.id} color="geekblue" className="effective-compare__role" title={role.roleKey}>
                  {role.name}
                </Tag>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface ComparePanelProps {
  user: EffectiveUser;
  other: EffectiveUser | undefined;
  appId: number;
  reading: MenuReading;
}

export default function ComparePanel({ user, other, appId, reading }: ComparePanelProps) {
  const t = useTranslate();
  const { comparison, isFetching, isError } = useComparison(user.id, other?.id, appId);

  let body;
  if (!other) body = <Empty description={t('effective.compare.pick')} />;
  else if (isError) body = <Alert type="error" showIcon message={t('effective.compare.failed')} />;
  else if (!comparison) body = <Spin />;
  else
    body = (
      <Spin spinning={isFetching}>
        <Typography.Paragraph className="effective-compare__shared" strong>
          {t('effective.compare.shared', { count: comparison.shared })}
        </Typography.Paragraph>
        <Row gutter={[24, 16]}>
          <Col xs={24} md={12}>
            <NodeList title={t('effective.compare.only', { name: user.name })} nodes={comparison.onlyUser} reading={reading} />
          </Col>
          <Col xs={24} md={12}>
            <NodeList title={t('effective.compare.only', { name: other.name })} nodes={comparison.onlyOther} reading={reading} />
          </Col>
        </Row>
      </Spin>
    );

  return <div className="effective-compare">{body}</div>;
}
