import { useTranslate } from '@refinedev/core';
import { Alert, Empty, Spin, Tree } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { OfficeType, type OfficeNode } from '../../contract/entities/office';
import type { Locale } from '../../contract/i18n';
import { OfficeSection } from './OfficeSection';
import { officeTreeData, officeTypeLabel, parentKeys } from './officeTree';

interface Props {
  locale: Locale;
  tree: readonly OfficeNode[];
  loading: boolean;
  error?: string;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  /** Buttons above the tree. */
  toolbar?: ReactNode;
}

function NodeTitle({ node, locale }: { node: OfficeNode; locale: Locale }) {
  return (
    <span className="office-tree__node">
      {/* Styled like antd's Tag (office.css) without its component. */}
      <span className={node.type === OfficeType.GROUP ? 'office-tag office-tag--group' : 'office-tag'}>{officeTypeLabel(node.type, locale)}</span>
      <span className="office-tree__name">{node.name}</span>
    </span>
  );
}

/** The organisation tree, every level open unless the user closes it. */
export function OfficeTreePanel({ locale, tree, loading, error, selectedId, onSelect, toolbar }: Props) {
  const t = useTranslate();
  // Closed nodes are remembered, so nodes added later show open.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const treeData = useMemo(() => officeTreeData(tree, (node) => <NodeTitle node={node} locale={locale} />), [tree, locale]);
  const allParents = useMemo(() => parentKeys(tree), [tree]);
  const expandedKeys = allParents.filter((key) => !collapsed.has(key));

  const title = t('office.tree.title');
  return (
    <OfficeSection title={title}>
      {toolbar}
      {error ? <Alert type="error" showIcon className="office-alert" message={t('resources.loadFailed', { message: error })} /> : null}
      <Spin spinning={loading} delay={150}>
        {tree.length > 0 ? (
          <Tree
            aria-label={t('office.tree.label')}
            className="office-tree"
            blockNode
            showLine
            treeData={treeData}
            expandedKeys={expandedKeys}
            onExpand={(keys: Key[]) => {
              const open = new Set(keys.map(Number));
              setCollapsed(new Set(allParents.filter((key) => !open.has(key))));
            }}
            selectedKeys={selectedId === undefined ? [] : [selectedId]}
            // Clicking the chosen node again keeps it chosen (antd's Tree would unselect it).
            onSelect={(keys, info) => onSelect(keys.length ? Number(keys[0]) : Number(info.node.key))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? t('shell.loading') : t('office.tree.empty')} />
        )}
      </Spin>
    </OfficeSection>
  );
}
