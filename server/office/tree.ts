/** The organisation tree as /office/list answers it: departments by id, each with its groups by id in `child`. */
import type { OfficeNode } from '../../contract';
import type { OfficeRecord } from './repository';

export type OfficeTreeNode = OfficeNode & Pick<OfficeRecord, 'createTime'>;

/** Nodes whose parent is missing (none should exist) are left out rather than shown at the top. */
export function officeTree(records: readonly OfficeRecord[]): OfficeTreeNode[] {
  const byId = new Map<number, OfficeTreeNode>();
  for (const record of records) byId.set(record.id, { ...record, child: [] });
  const roots: OfficeTreeNode[] = [];
  for (const node of [...byId.values()].sort((a, b) => a.id - b.id)) {
    if (node.parentId === 0) roots.push(node);
    else byId.get(node.parentId)?.child.push(node);
  }
  return roots;
}
