import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { menuTypeName, type MenuReading, type PermissionNode } from '../../contract/menu';
import { useLocale } from '../../providers/locale';
import { useMenuNodeTitle } from '../../src/routing/NavigationContext';
import { nodeKind } from './grantTree';

const KIND_COLOURS = { directory: 'blue', element: 'green', api: 'orange' } as const;
const secondary: CSSProperties = { marginLeft: 8, color: 'var(--console-color-text-description)', fontSize: 12 };

/** A tree node's title: a tag naming its type (in the reading of its tree), its name, and the code or address it stands for. */
export function PermissionNodeTitle({ node, reading }: { node: PermissionNode; reading: MenuReading }) {
  const locale = useLocale();
  const titleOf = useMenuNodeTitle();
  const kind = nodeKind(node);
  const detail = kind === 'api' ? node.url : kind === 'element' ? node.code : '';
  return (
    <span className="role-node" data-kind={kind}>
      <Tag color={KIND_COLOURS[kind]} bordered={false} style={{ marginInlineEnd: 6 }}>
        {menuTypeName(reading, Number(node.menuType))?.[locale] ?? Number(node.menuType)}
      </Tag>
      <span className="role-node__name">{titleOf(node)}</span>
      {detail ? (
        <code className="role-node__detail" style={secondary}>
          {detail}
        </code>
      ) : null}
    </span>
  );
}
