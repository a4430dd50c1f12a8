import { useTranslate } from '@refinedev/core';
import { Alert, Input, Spin, Tree, Typography } from 'antd';
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadRegions, type RegionNode } from '../../contract/regions';
import { useLocale } from '../../providers/locale';
import { filterRegions, type FilteredNode } from './regionFilter';
import './examples.css';

/** The title with the typed text marked. */
function marked(title: string, needle: string): ReactNode {
  const at = needle ? title.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) return title;
  return (
    <>
      {title.slice(0, at)}
      <mark className="tree-filter__mark">{title.slice(at, at + needle.length)}</mark>
      {title.slice(at + needle.length)}
    </>
  );
}

function toTreeData(nodes: readonly FilteredNode[], needle: string): Array<{ key: string; title: ReactNode; children: ReturnType<typeof toTreeData> }> {
  return nodes.map((node) => ({ key: node.key, title: node.isMatch ? marked(node.title, needle) : node.title, children: toTreeData(node.children, needle) }));
}

/**
 * Example page (SPEC §1 template demo pages: tree filter): China's divisions, filtered as you
 * type by name in either language or by code, matches marked and their branches opened.
 */
export default function TreeFilterPage() {
  const t = useTranslate();
  const locale = useLocale();
  const [tree, setTree] = useState<RegionNode[]>();
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const needle = useDeferredValue(text.trim());
  const [opened, setOpened] = useState<string[]>([]);

  useEffect(() => {
    loadRegions().then(setTree, () => setFailed(true));
  }, []);

  const filtered = useMemo(() => (tree ? filterRegions(tree, needle, locale) : undefined), [tree, needle, locale]);
  // A new text opens the branches of its matches; the user may open and close others meanwhile.
  useEffect(() => setOpened(filtered?.expanded ?? []), [filtered]);

  return (
    <section className="console-page tree-filter" aria-label={t('examples.treeFilter.title')}>
      <Input.Search allowClear className="tree-filter__search" placeholder={t('examples.treeFilter.placeholder')} value={text} onChange={(event) => setText(event.target.value)} />
      {failed ? <Alert type="error" showIcon message={t('examples.treeFilter.loadFailed')} /> : null}
      {!filtered && !failed ? <Spin /> : null}
      {filtered ? (
        <>
          <Typography.Paragraph type="secondary" className="tree-filter__count">
            {needle ? t('examples.treeFilter.matches', { count: filtered.matches }) : t('examples.treeFilter.hint')}
          </Typography.Paragraph>
          <Tree treeData={toTreeData(filtered.nodes, needle)} expandedKeys={opened} onExpand={(keys) => setOpened(keys.map(String))} height={560} virtual blockNode />
        </>
      ) : null}
    </section>
  );
}
