import { useTranslate } from '@refinedev/core';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { Alert, Button, Card, Empty, Select, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import type { Locale } from '../../contract/i18n';
import type { MenuReading, PermissionNode } from '../../contract/menu';
import { MenuIcon } from '../../src/layout/menuIconComponents';
import type { ResourceAccess } from '../generic/useResourceAccess';
import { NOTHING_SEEN, openGrownParents } from './expansion';
import { menuTypeLabel, TYPE_COLORS } from './labels';
import { useMenuNodeTitle } from '../../src/routing/NavigationContext';
import type { AppOption } from './usePermissionData';

interface Props {
  locale: Locale;
  /** The reading of the shown sub-system's menu types: what the type tags say. */
  reading: MenuReading;
  access: ResourceAccess;
  apps: readonly AppOption[];
  appsLoading: boolean;
  appId: number | undefined;
  onAppChange: (appId: number) => void;
  tree: readonly PermissionNode[];
  treeLoading: boolean;
  treeError?: string;
  selected: PermissionNode | undefined;
  onSelect: (id: number | undefined) => void;
  onAdd: () => void;
  onEdit: (node: PermissionNode) => void;
  onDelete: (node: PermissionNode) => void;
  /** Called when the pointer or focus reaches a button that opens a dialog (to fetch it early). */
  onIntent?: () => void;
}

function NodeTitle({ node, locale, reading }: { node: PermissionNode; locale: Locale; reading: MenuReading }) {
  const titleOf = useMenuNodeTitle();
  return (
    <span className="permission-tree__node">
      <Tag color={TYPE_COLORS[node.menuType]} className="permission-tag">
        {menuTypeLabel(node.menuType, reading, locale)}
      </Tag>
      <span className="permission-tree__icon" aria-hidden="true">
        <MenuIcon name={node.icon} />
      </span>
      <span className="permission-tree__name">{titleOf(node)}</span>
    </span>
  );
}

/** Column 1: the sub-system selector and its directory tree, with add, edit and delete of directories. */
export function DirectoryPanel(props: Props) {
  const { locale, reading, access, apps, appsLoading, appId, onAppChange, tree, treeLoading, treeError, selected, onSelect, onAdd, onEdit, onDelete, onIntent } = props;
  const t = useTranslate();
  // Open at first; a node that gains a child (one just added) opens too (./expansion.ts).
  const [expansion, setExpansion] = useState(() => ({ tree, ...openGrownParents(NOTHING_SEEN, tree) }));
  if (expansion.tree !== tree) setExpansion({ tree, ...openGrownParents(expansion, tree) });
  const treeData = useMemo(() => {
    const toData = (nodes: readonly PermissionNode[]): DataNode[] =>
      nodes.map((node) => ({ key: node.id, title: <NodeTitle node={node} locale={locale} reading={reading} />, children: toData(node.children) }));
    return toData(tree);
  }, [tree, locale, reading]);

  const title = t('permission.tree.title');
  const toolbar = (
    <Space size={8} wrap className="permission-toolbar">
      {access.canCreate ? (
        <Button size="small" type="primary" icon={<PlusOutlined />} disabled={appId === undefined} onMouseEnter={onIntent} onFocus={onIntent} onClick={onAdd}>
          {t('buttons.add')}
        </Button>
      ) : null}
      {access.canEdit ? (
        <Button size="small" icon={<EditOutlined />} disabled={!selected} onMouseEnter={onIntent} onFocus={onIntent} onClick={() => selected && onEdit(selected)}>
          {t('buttons.edit')}
        </Button>
      ) : null}
      {access.canDelete ? (
        <Button size="small" danger icon={<DeleteOutlined />} disabled={!selected} onMouseEnter={onIntent} onFocus={onIntent} onClick={() => selected && onDelete(selected)}>
          {t('buttons.delete')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <section aria-label={title} className="permission-panel">
      <Card title={title} className="permission-card">
        <div className="permission-apps">
          <span className="permission-apps__label">{t('permission.apps.label')}</span>
          <Select
            className="permission-apps__select"
            aria-label={t('permission.apps.label')}
            value={appId}
            loading={appsLoading}
            showSearch
            optionFilterProp="label"
            placeholder={t('permission.apps.placeholder')}
            notFoundContent={appsLoading ? null : t('permission.apps.empty')}
            options={apps.map((app) => ({ value: Number(app.id), label: app.name }))}
            onChange={(value: number) => onAppChange(value)}
          />
        </div>
        {access.canCreate || access.canEdit || access.canDelete ? toolbar : null}
        {treeError ? <Alert type="error" showIcon className="permission-alert" message={t('resources.loadFailed', { message: treeError })} /> : null}
        <Spin spinning={treeLoading} delay={150}>
          {tree.length > 0 ? (
            <Tree
              key={appId}
              aria-label={t('permission.tree.label')}
              className="permission-tree"
              blockNode
              showLine
              expandedKeys={[...expansion.expanded]}
              onExpand={(keys) => setExpansion({ ...expansion, expanded: keys.map(Number) })}
              treeData={treeData}
              selectedKeys={selected ? [selected.id] : []}
              onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={treeLoading ? t('shell.loading') : t('permission.tree.empty')} />
          )}
        </Spin>
      </Card>
    </section>
  );
}
