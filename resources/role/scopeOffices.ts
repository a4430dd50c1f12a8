/**
 * The chosen nodes of a role's data scope (contract/dataScope.ts CHOSEN) as the dialog's tree
 * shows them: a chosen department covers its groups, so its groups show checked and cannot be
 * unticked alone; a group is chosen by itself only while its department is not.
 */
import { OfficeType, type OfficeNode } from '../../contract/entities/office';
import { childrenOf, walkOffices } from '../office/officeTree';

/** The nodes a save sends: those of `ids` still in the tree, without the groups a chosen department covers. */
export function chosenOffices(tree: readonly OfficeNode[], ids: readonly number[]): number[] {
  const wanted = new Set(ids);
  const chosen: number[] = [];
  for (const department of tree) {
    if (wanted.has(department.id)) {
      chosen.push(department.id);
      continue;
    }
    for (const group of childrenOf(department)) if (wanted.has(group.id)) chosen.push(group.id);
  }
  return chosen;
}

/** The tree's ticked boxes: the chosen nodes and the groups of each chosen department. */
export function tickedOffices(tree: readonly OfficeNode[], chosen: readonly number[]): number[] {
  const set = new Set(chosen);
  return tree.flatMap((department) => (set.has(department.id) ? [department.id, ...childrenOf(department).map((group) => group.id)] : childrenOf(department).filter((group) => set.has(group.id)).map((group) => group.id)));
}

/** The groups a chosen department covers: their boxes show ticked and are locked. */
export function coveredGroups(tree: readonly OfficeNode[], chosen: readonly number[]): Set<number> {
  const set = new Set(chosen);
  return new Set(tree.filter((department) => set.has(department.id)).flatMap((department) => childrenOf(department).map((group) => group.id)));
}

/** The chosen nodes after ticking (`checked`) or unticking node `id`. */
export function toggleOffice(tree: readonly OfficeNode[], chosen: readonly number[], id: number, checked: boolean): number[] {
  const node = [...walkOffices(tree)].find((item) => item.id === id);
  if (!node) return [...chosen];
  const rest = chosen.filter((item) => item !== id);
  if (!checked) return rest;
  // A department replaces the groups of it chosen one by one: it covers them.
  const groups = node.type === OfficeType.DEPARTMENT ? new Set(childrenOf(node).map((group) => group.id)) : new Set<number>();
  return chosenOffices(tree, [...rest.filter((item) => !groups.has(item)), id]);
}
