/** The organisation tree of /office/list: departments with their groups in `child`. */
import { OFFICE_TYPES, OfficeType, type OfficeNode } from '../../contract/entities/office';
import type { Locale } from '../../contract/i18n';

/** The nodes below `node` (the platform may send `child` as null or leave it out). */
export function childrenOf(node: Pick<OfficeNode, 'child'>): OfficeNode[] {
  return Array.isArray(node.child) ? node.child : [];
}

function asNode(raw: unknown): OfficeNode | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const record = raw as Record<string, unknown>;
  const id = Number(record.id);
  if (!Number.isFinite(id)) return undefined;
  return {
    id,
    name: String(record.name ?? ''),
    remark: typeof record.remark === 'string' ? record.remark : null,
    type: Number(record.type) === OfficeType.GROUP ? OfficeType.GROUP : OfficeType.DEPARTMENT,
    parentId: Number(record.parentId) || 0,
    child: Array.isArray(record.child) ? officeTree(record.child) : [],
  };
}

/** The answer of /office/list as clean nodes: ids and types as numbers, `child` always a list. */
export function officeTree(raw: unknown): OfficeNode[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(asNode).filter((node): node is OfficeNode => node !== undefined);
}

/** Every node, parents before their children. */
export function* walkOffices(nodes: readonly OfficeNode[]): Generator<OfficeNode> {
  for (const node of nodes) {
    yield node;
    yield* walkOffices(childrenOf(node));
  }
}

export function findOffice(nodes: readonly OfficeNode[], id: number | undefined): OfficeNode | undefined {
  if (id === undefined) return undefined;
  for (const node of walkOffices(nodes)) if (node.id === id) return node;
  return undefined;
}

/** Keys of every node that has children: the tree shows them expanded. */
export function parentKeys(nodes: readonly OfficeNode[]): number[] {
  return [...walkOffices(nodes)].filter((node) => childrenOf(node).length > 0).map((node) => node.id);
}

/** How many nodes sit below `node` (they go with it when it is deleted). */
export function countDescendants(node: OfficeNode): number {
  return [...walkOffices(childrenOf(node))].length;
}

export interface OfficeTreeItem<T> {
  key: number;
  title: T;
  children: OfficeTreeItem<T>[];
}

/** antd Tree data; `title` renders a node's label. */
export function officeTreeData<T>(nodes: readonly OfficeNode[], title: (node: OfficeNode) => T): OfficeTreeItem<T>[] {
  return nodes.map((node) => ({ key: node.id, title: title(node), children: officeTreeData(childrenOf(node), title) }));
}

export interface DepartmentOption {
  value: number;
  label: string;
}

/** The parents a group may have: the departments, wherever they sit; `excludeId` leaves one out. */
export function departmentOptions(nodes: readonly OfficeNode[], excludeId?: number): DepartmentOption[] {
  return [...walkOffices(nodes)]
    .filter((node) => node.type === OfficeType.DEPARTMENT && node.id !== excludeId)
    .map((node) => ({ value: node.id, label: node.name }));
}

/** The department a new group goes under when `selected` is chosen: it, or its parent for a group. */
export function defaultParentOf(nodes: readonly OfficeNode[], selected: OfficeNode | undefined): number | undefined {
  if (!selected) return undefined;
  if (selected.type === OfficeType.DEPARTMENT) return selected.id;
  const parent = findOffice(nodes, selected.parentId);
  return parent?.type === OfficeType.DEPARTMENT ? parent.id : undefined;
}

/** The name of a node's parent organisation, or undefined for a department (parent 0). */
export function parentName(nodes: readonly OfficeNode[], node: Pick<OfficeNode, 'parentId'>): string | undefined {
  return node.parentId ? findOffice(nodes, node.parentId)?.name : undefined;
}

/** '部门' / 'Group': the contract's label of a node type. */
export function officeTypeLabel(type: number | undefined, locale: Locale): string {
  return OFFICE_TYPES.find((option) => option.value === Number(type))?.label[locale] ?? '';
}

/** Every node of the tree, departments and groups, as a flat list. */
export function flattenOffices(tree: readonly OfficeNode[]): OfficeNode[] {
  return tree.flatMap((node) => [node, ...flattenOffices(node.child ?? [])]);
}
