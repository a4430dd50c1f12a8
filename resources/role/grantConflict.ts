/**
 * A grants save refused because someone else changed the role since the dialog read it (1012): the
 * role's grants are one value, shown as what each side changed from the grants as read (+ added,
 * − removed, by node name), for ConflictNotice. No line when their change left the grants alone.
 */
import { walkTree, type PermissionNode } from '../../contract/menu';
import type { ConflictLine } from '../generic/conflict';
import { keyOf } from './grantTree';

/** The ids of a record's `permissionIds` (a list, or the comma text a save sends) as tree keys. */
export function grantKeys(value: unknown): Set<string> {
  const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
  return new Set(list.map((id) => String(id).trim()));
}

/** The leaves among `keys`: what the tree's checkboxes are set from (parents follow their leaves). */
export function leafKeys(tree: readonly PermissionNode[], keys: ReadonlySet<string>): string[] {
  return [...walkTree(tree)].filter((node) => node.children.length === 0 && keys.has(keyOf(node))).map(keyOf);
}

function changeView(tree: readonly PermissionNode[], from: ReadonlySet<string>, to: ReadonlySet<string>, separator: string): ConflictLine['mine'] {
  const nodes = [...walkTree(tree)];
  const name = (key: string) => nodes.find((node) => keyOf(node) === key)?.name ?? key;
  const added = [...to].filter((key) => !from.has(key)).map((key) => `+${name(key)}`);
  const removed = [...from].filter((key) => !to.has(key)).map((key) => `−${name(key)}`);
  const changes = [...added, ...removed];
  return changes.length ? { kind: 'text', text: changes.join(separator) } : { kind: 'empty' };
}

export function grantConflictLines(
  tree: readonly PermissionNode[],
  grants: { read: ReadonlySet<string>; current: ReadonlySet<string>; typed: ReadonlySet<string> },
  label: string,
  separator: string,
): ConflictLine[] {
  const same = grants.read.size === grants.current.size && [...grants.read].every((key) => grants.current.has(key));
  if (same) return [];
  return [{ field: 'permissionIds', label, theirs: changeView(tree, grants.read, grants.current, separator), mine: changeView(tree, grants.read, grants.typed, separator) }];
}
