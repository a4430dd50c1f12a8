/**
 * What a grant change does, before it is saved (contract/grantPreview.ts): how many staff gain and
 * lose, by menus, buttons and APIs, each node with its path and how many staff it reaches; the
 * names (those the caller may see) open on demand. Loaded on demand (./LazyGrantPreviewPanel.tsx).
 */
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { format } from '../../contract/i18n';
import type { GrantPreview, PreviewNode } from '../../contract/grantPreview';
import { useLocale } from '../../providers/locale';
import { kindCounts, PREVIEW_KINDS, previewKindOf } from './kinds';
import { grantPreviewTexts as T } from './texts';

export interface GrantPreviewPanelProps {
  preview: GrantPreview;
  /** Why it was computed again (grants changed since the last preview). */
  notice?: string;
}

function NodeLine({ node }: { node: PreviewNode }) {
  const locale = useLocale();
  const [isOpen, setOpen] = useState(false);
  const hidden = node.users - node.names.length;
  return (
    <li>
      <Space size={4} wrap>
        <Tag>{T[previewKindOf(node)][locale]}</Tag>
        <span>{node.path.join(' / ')}</span>
        <Typography.Text type="secondary">{format(T.staffCount[locale], { count: node.users })}</Typography.Text>
        <Button type="link" size="small" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
          {isOpen ? T.hideNames[locale] : T.showNames[locale]}
        </Button>
      </Space>
      {isOpen ? (
        <div style={{ paddingLeft: 16 }}>
          {node.names.map((user) => `${user.name} (${user.code})`).join(locale === 'zh-CN' ? '、' : ', ')}
          {hidden > 0 ? <Typography.Text type="secondary"> {format(T.moreHidden[locale], { count: hidden })}</Typography.Text> : null}
        </div>
      ) : null}
    </li>
  );
}

function Side({ nodes, title }: { nodes: readonly PreviewNode[]; title: string }) {
  const locale = useLocale();
  if (nodes.length === 0) return null;
  const counts = kindCounts(nodes);
  return (
    <section aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>{' '}
      <Typography.Text type="secondary">
        {PREVIEW_KINDS.filter((kind) => counts[kind].nodes > 0)
          .map((kind) => `${T[kind][locale]} ${format(T.nodes[locale], { count: counts[kind].nodes })}`)
          .join(' · ')}
      </Typography.Text>
      <ul style={{ margin: '4px 0 8px', paddingLeft: 20, maxHeight: 200, overflow: 'auto' }}>
        {nodes.map((node) => (
          <NodeLine key={node.id} node={node} />
        ))}
      </ul>
    </section>
  );
}

export default function GrantPreviewPanel({ preview, notice }: GrantPreviewPanelProps) {
  const locale = useLocale();
  const heading =
    preview.affectedUsers === 0
      ? T.noChange[locale]
      : [format(T.staffGaining[locale], { count: preview.gainingUsers }), format(T.staffLosing[locale], { count: preview.losingUsers })].join(locale === 'zh-CN' ? '，' : '; ');
  return (
    <div data-testid="grant-preview" style={{ marginBottom: 12 }}>
      {notice ? <Alert type="warning" showIcon message={notice} style={{ marginBottom: 8 }} /> : null}
      <Alert role="status" type={preview.affectedUsers === 0 ? 'success' : 'info'} showIcon message={heading} description={preview.affectedUsers === 0 ? undefined : format(T.affected[locale], { count: preview.affectedUsers })} />
      <div style={{ marginTop: 8 }}>
        <Side nodes={preview.gained} title={T.gained[locale]} />
        <Side nodes={preview.lost} title={T.lost[locale]} />
      </div>
    </div>
  );
}
