/**
 * Effective permissions: for one staff member and one sub-system, every menu, button and API they
 * can reach and the enabled roles that grant each, and the roles they hold (scope, end), read-only;
 * or, comparing, what each of two staff members reaches that the other does not.
 *
 * | what                 | call                                              |
 * | -------------------- | ------------------------------------------------- |
 * | staff pickers        | GET /effective/users?searchKey (debounced)        |
 * | sub-systems          | GET /app/list?pageNo=1&pageSize=1000              |
 * | the tree             | GET /effective/tree?userId&appId                  |
 * | the roles held       | GET /effective/roles?userId                       |
 * | the comparison       | GET /effective/compare?userId&otherUserId&appId   |
 */
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import { useCustom, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Card, Empty, Segmented, Select, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { lazy, Suspense, useContext, useMemo, useState, type CSSProperties } from 'react';
import type { ListData } from '../../contract/envelope';
import { isDirectoryType, menuReadingOf, menuTypeName, type MenuReading } from '../../contract/menu';
import { callUrl, declaredCall, EFFECTIVE_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import { menuTitle } from '../../src/routing/menuTitle';
import { NavigationContext } from '../../src/routing/NavigationContext';
import type { PageProps } from '../../src/routing/pageProps';
import { allKeys, countNodes, nodeDetail, TYPE_COLOURS } from './effectiveTree';
import { useLiveRefetch } from '../generic/useLiveRefetch';
import type { EffectiveNode, EffectiveUser } from '../../contract/effective';
import { HeldRolesPanel, type AppOption } from './HeldRolesPanel';
import { StaffPicker } from './StaffPicker';

export { SEARCH_DELAY_MS } from './StaffPicker';

/** Comparing is a second look, fetched when asked for. */
const ComparePanel = lazy(() => import('./ComparePanel'));

type Mode = 'tree' | 'compare';

const secondary: CSSProperties = { marginInline: 8, color: 'var(--console-color-text-description)', fontSize: 12 };
const muted: CSSProperties = { color: 'var(--console-color-text-description)' };

const NO_APPS: AppOption[] = [];
const NO_NODES: EffectiveNode[] = [];

/** What a user's effective tree is made of: their roles, the roles' grants, the menus and the apps. */
const TREE_SOURCES = ['user', 'role', 'permission', 'menu', 'app'] as const;

function useApps() {
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(declaredCall('app', 'list')),
    method: 'get',
    config: { query: { pageNo: 1, pageSize: 1000 } },
  });
  useLiveRefetch(['app'], query.refetch);
  const data = query.data?.data as Partial<ListData<AppOption>> | undefined;
  return { apps: Array.isArray(data?.items) ? data.items : NO_APPS, isLoading: query.isLoading };
}

function useEffectiveTree(userId: number | undefined, appId: number | undefined) {
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(EFFECTIVE_CALLS.tree),
    method: 'get',
    config: { query: { userId, appId } },
    queryOptions: { enabled: userId !== undefined && appId !== undefined },
  });
  useLiveRefetch(TREE_SOURCES, query.refetch, userId !== undefined && appId !== undefined);
  const data = query.data?.data as unknown;
  return { tree: Array.isArray(data) ? (data as EffectiveNode[]) : NO_NODES, isFetching: query.isFetching, isError: query.isError };
}

function NodeTitle({ node, name, reading }: { node: EffectiveNode; name: string; reading: MenuReading }) {
  const t = useTranslate();
  const locale = useLocale();
  const type = Number(node.menuType);
  const detail = nodeDetail(node);
  return (
    <span className="effective-node" data-granted={node.granted}>
      <Tag color={TYPE_COLOURS[type]} bordered={false} style={{ marginInlineEnd: 6 }}>
        {menuTypeName(reading, type)?.[locale] ?? type}
      </Tag>
      <span className="effective-node__name" style={node.granted ? undefined : muted}>
        {name}
      </span>
      {detail ? <code style={secondary}>{detail}</code> : null}
      {node.granted ? (
        node.roles.map((role) => (
          <Tag key={role.id} color="geekblue" className="effective-node__role" title={role.roleKey}>
            {role.name}
          </Tag>
        ))
      ) : (
        <span style={{ ...muted, fontSize: 12 }}>{t('effective.tree.context')}</span>
      )}
    </span>
  );
}

export default function EffectivePage(_props: PageProps) {
  const t = useTranslate();
  const locale = useLocale();
  const navigation = useContext(NavigationContext);
  const [mode, setMode] = useState<Mode>('tree');
  const [picked, setPicked] = useState<EffectiveUser>();
  const [other, setOther] = useState<EffectiveUser>();
  const [chosenAppId, setChosenAppId] = useState<number>();

  const { apps, isLoading: appsLoading } = useApps();
  const appId = chosenAppId ?? apps[0]?.id;
  const reading = menuReadingOf(apps.find((app) => app.id === appId)?.menuReading);
  const isComparing = mode === 'compare';
  const { tree, isFetching, isError } = useEffectiveTree(isComparing ? undefined : picked?.id, appId);

  const treeData = useMemo(() => {
    const titleOf = (node: EffectiveNode) => (navigation && isDirectoryType(reading, Number(node.menuType)) ? menuTitle(node, locale, navigation.titles) : node.name);
    const toData = (node: EffectiveNode): DataNode => ({
      key: node.id,
      title: <NodeTitle node={node} name={titleOf(node)} reading={reading} />,
      children: (node.children ?? []).map(toData),
    });
    return tree.map(toData);
  }, [tree, navigation, locale, reading]);
  const counts = useMemo(() => countNodes(tree), [tree]);
  const expanded = useMemo(() => allKeys(tree), [tree]);

  let body;
  if (!picked || appId === undefined) body = <Empty description={t(isComparing ? 'effective.compare.pickBoth' : 'effective.tree.pick')} />;
  else if (isComparing)
    body = (
      <Suspense fallback={<Spin />}>
        <ComparePanel user={picked} other={other} appId={appId} reading={reading} />
      </Suspense>
    );
  else if (isError) body = <Alert type="error" showIcon message={t('effective.tree.failed')} />;
  else if (isFetching && tree.length === 0) body = <Spin />;
  else if (tree.length === 0) body = <Empty description={t('effective.tree.empty')} />;
  else
    body = (
      <>
        <Typography.Paragraph className="effective-summary" strong>
          {t('effective.summary', { menus: counts.menus, buttons: counts.buttons, apis: counts.apis })}
        </Typography.Paragraph>
        <Tree aria-label={t('effective.tree.label')} treeData={treeData} expandedKeys={expanded} selectable={false} showLine blockNode />
      </>
    );

  return (
    <Card
      title={
        <Space>
          <ClusterOutlined />
          {t('effective.tree.label')}
        </Space>
      }
    >
      <Segmented<Mode>
        aria-label={t('effective.mode.label')}
        style={{ marginBottom: 16 }}
        value={mode}
        onChange={setMode}
        options={[
          { value: 'tree', label: t('effective.mode.tree') },
          { value: 'compare', label: t('effective.mode.compare') },
        ]}
      />
      <Space wrap style={{ marginBottom: 16, display: 'flex' }}>
        <StaffPicker label={t('effective.user.label')} value={picked} onChange={setPicked} />
        {isComparing ? <StaffPicker label={t('effective.compare.other')} value={other} onChange={setOther} /> : null}
        <Select
          aria-label={t('effective.apps.label')}
          style={{ width: 220, maxWidth: '100%' }}
          loading={appsLoading}
          placeholder={t('effective.apps.placeholder')}
          value={appId}
          options={apps.map((a) => ({ value: a.id, label: a.name }))}
          onChange={(value: number) => setChosenAppId(value)}
          notFoundContent={t('effective.apps.empty')}
        />
      </Space>
      <Typography.Paragraph type="secondary">{t('effective.readOnly')}</Typography.Paragraph>
      {picked && !isComparing ? <HeldRolesPanel userId={picked.id} apps={apps} /> : null}
      {body}
    </Card>
  );
}
