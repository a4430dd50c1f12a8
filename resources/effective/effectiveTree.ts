/** Pure helpers of the effective-permissions page: counts, tags and the antd tree data. */
import { MenuType } from '../../contract/menu';
import type { EffectiveNode } from '../../contract/effective';

/** The tag colour of each menu type (any reading). */
export const TYPE_COLOURS: Readonly<Record<number, string>> = { 1: 'purple', 2: 'cyan', 3: 'blue', 4: 'green', 5: 'gold' };

export interface EffectiveCounts {
  menus: number;
  buttons: number;
  apis: number;
}

function* walk(nodes: readonly EffectiveNode[]): Generator<EffectiveNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children ?? []);
  }
}

/** Granted nodes by kind: directories (of either reading), page elements, API elements (1 and 2 in both). */
export function countNodes(tree: readonly EffectiveNode[]): EffectiveCounts {
  const counts: EffectiveCounts = { menus: 0, buttons: 0, apis: 0 };
  for (const node of walk(tree)) {
    if (!node.granted) continue;
    const type = Number(node.menuType);
    if (type === MenuType.PAGE_ELEMENT) counts.buttons += 1;
    else if (type === MenuType.API) counts.apis += 1;
    else counts.menus += 1;
  }
  return counts;
}

/** The detail a node shows after its name: an API's address, a page element's code, a directory's path. */
export function nodeDetail(node: EffectiveNode): string {
  const type = Number(node.menuType);
  if (type === MenuType.API) return node.url;
  if (type === MenuType.PAGE_ELEMENT) return node.code;
  return node.path;
}

/** Every node's key, to open the whole tree. */
export function allKeys(tree: readonly EffectiveNode[]): number[] {
  return [...walk(tree)].map((node) => node.id);
}
