/** How the preview groups nodes: menus (navigation, menu, home), buttons (page elements), APIs. */
import { MenuType } from '../../contract/menu';
import type { PreviewNode } from '../../contract/grantPreview';

export type PreviewKind = 'menus' | 'buttons' | 'apis';

export const PREVIEW_KINDS: readonly PreviewKind[] = ['menus', 'buttons', 'apis'];

export function previewKindOf(node: Pick<PreviewNode, 'menuType'>): PreviewKind {
  if (node.menuType === MenuType.API) return 'apis';
  return node.menuType === MenuType.PAGE_ELEMENT ? 'buttons' : 'menus';
}

/** How many nodes of each kind, and the most users any one of them reaches (a lower bound of who changes). */
export function kindCounts(nodes: readonly PreviewNode[]): Record<PreviewKind, { nodes: number; users: number }> {
  const counts = { menus: { nodes: 0, users: 0 }, buttons: { nodes: 0, users: 0 }, apis: { nodes: 0, users: 0 } };
  for (const node of nodes) {
    const kind = counts[previewKindOf(node)];
    kind.nodes++;
    kind.users = Math.max(kind.users, node.users);
  }
  return counts;
}
