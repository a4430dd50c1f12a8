/**
 * Effective permissions: for one staff member and one sub-system, every menu, button and API they
 * can reach and the enabled roles that grant each, read-only.
 *
 * | what                 | call                                              |
 * | -------------------- | ------------------------------------------------- |
 * | staff picker         | GET /effective/users?searchKey (debounced)        |
 * | sub-systems          | GET /app/list?pageNo=1&pageSize=1000              |
 * | the tree             | GET /effective/tree?userId&appId                  |
 */
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import { useCustom, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Card, Empty, Select, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useContext, useEffect, useMemo, useState, type CSSProperties } from 'react';
import type { ListData } from '../../contract/envelope';
import { isDirectoryType, menuReadingOf, menuTypeName, type MenuReading } from '../../contract/menu';
import { callUrl, declaredCall, EFFECTIVE_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import { menuTitle } from '../../src/routing/menuTitle';
import { NavigationContext } from '../../src/routing/NavigationContext';
import type { PageProps } from '../../src/routing/pageProps';
import { allKeys, countNodes, nodeDetail } from './effectiveTree';
import { useLiveRefetch } from '../generic/useLiveRefetch';
import type { EffectiveNode, EffectiveUser } from '../../contract/effective';

/** How long the picker waits after the last keystroke before searching. */
export const SEARCH_DELAY_MS = 300;

const TYPE_COLOURS: Readonly<Record<number, string>> = { 1: 'purple', 2: 'cyan', 3: 'blue', 4: 'green', 5: 'gold' };
const secondary: CSSProperties = { marginInline: 8, color: 'var(--console-color-text-description)', fontSize: 12 };
const muted: CSSProperties = { color: 'var(--console-color-text-description)' };

interface AppOption {
  id: number;
  name: string;
  /** Which reading of menu types its tree is in: what the type tags say. */
  menuReading?: string | null;
}

const NO_USERS: EffectiveUser[] = [];
const NO_APPS: AppOption[] = [];
const NO_NODES: EffectiveNode[] = [];

/** `value`, once it has stayed the same for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** What a user's effective tree is made of: their roles, the roles' grants, the menus and the apps. */
const TREE_SOURCES = ['user', 'role', 'permission', 'menu', 'app'] as const;

function useStaff(searchKey: string) {
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(EFFECTIVE_CALLS.users),
    method: 'get',
    config: { query: searchKey ? { searchKey } : {} },
  });
  useLiveRefetch(['user'], query.refetch);
  const data = query.data?.data as unknown;
  return { users: Array.isArray(data) ? (data as EffectiveUser[]) : NO_USERS, isFetching: query.isFetching };
}

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
  const [typed, setTyped] = useState('');
  const searchKey = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const [picked, setPicked] = useState<EffectiveUser>();
  const [chosenAppId, setChosenAppId] = useState<number>();

  const { users, isFetching: usersFetching } = useStaff(searchKey);
  const { apps, isLoading: appsLoading } = useApps();
  const appId = chosenAppId ?? apps[0]?.id;
  const reading = menuReadingOf(apps.find((app) => app.id === appId)?.menuReading);
  const { tree, isFetching, isError } = useEffectiveTree(picked?.id, appId);

  const userOptions = useMemo(() => {
    const listed = picked && !users.some((u) => u.id === picked.id) ? [picked, ...users] : users;
    return listed.map((u) => ({
      value: u.id,
      label: `${u.name} (${u.code})${u.isEnable === '0' ? ` · ${t('effective.user.disabled')}` : ''}`,
      user: u,
    }));
  }, [users, picked, t]);

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
  if (!picked || appId === undefined) body = <Empty description={t('effective.tree.pick')} />;
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
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('effective.user.label')}
          style={{ width: 280 }}
          showSearch
          allowClear
          filterOption={false}
          placeholder={t('effective.user.placeholder')}
          value={picked?.id}
          options={userOptions}
          onSearch={setTyped}
          onChange={(_value, option) => setPicked((option as { user?: EffectiveUser } | undefined)?.user)}
          notFoundContent={usersFetching ? <Spin size="small" /> : t('effective.user.none')}
        />
        <Select
          aria-label={t('effective.apps.label')}
          style={{ width: 220 }}
          loading={appsLoading}
          placeholder={t('effective.apps.placeholder')}
          value={appId}
          options={apps.map((a) => ({ value: a.id, label: a.name }))}
          onChange={(value: number) => setChosenAppId(value)}
          notFoundContent={t('effective.apps.empty')}
        />
      </Space>
      <Typography.Paragraph type="secondary">{t('effective.readOnly')}</Typography.Paragraph>
      {body}
    </Card>
  );
}
