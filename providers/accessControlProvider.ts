/**
 * Access control from the user's permission tree (pemByUserAndApp).
 *
 * - A resource (its menu, `list`, `show`) is open when the tree holds a page (a routed type of the
 *   tree's reading, contract/menu.ts: 4 or 5 in either) whose `url`, the page component's name,
 *   is the resource name.
 * - Any other action (create, edit, delete, or a bespoke one such as `resetPwd`) needs a page
 *   element (menuType 1) whose code is `actionCode(resource, action)` (`param:create`).
 * - Anything unknown, or no tree, is refused.
 */
import type { AccessControlProvider } from '@refinedev/core';
import { DEFAULT_MENU_READING, MenuType, readingRules, walkTree, type MenuReading, type PermissionNode } from '../contract/menu';
import { actionCode } from '../contract/resourceCalls';

/** Actions that only need the resource's menu. */
const VIEW_ACTIONS: readonly string[] = ['list', 'show'];

export function can(tree: readonly PermissionNode[] | null | undefined, resource: string | undefined, action: string, reading: MenuReading = DEFAULT_MENU_READING): boolean {
  if (!tree || !resource) return false;
  if (VIEW_ACTIONS.includes(action)) {
    const { routedTypes } = readingRules[reading];
    for (const node of walkTree(tree)) {
      if (routedTypes.includes(Number(node.menuType) as MenuType) && node.url === resource) return true;
    }
    return false;
  }
  const code = actionCode(resource, action);
  for (const node of walkTree(tree)) {
    if (Number(node.menuType) === MenuType.PAGE_ELEMENT && node.code === code) return true;
  }
  return false;
}

export interface AccessControlOptions {
  /** The tree of the signed-in user (loaded on first use when not yet known). */
  getTree: () => Promise<readonly PermissionNode[] | null> | readonly PermissionNode[] | null;
  /** The reading of menu types that tree is in (default A). */
  getReading?: () => MenuReading;
}

export function createAccessControlProvider({ getTree, getReading = () => DEFAULT_MENU_READING }: AccessControlOptions): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      const name = resource ?? params?.resource?.name;
      let tree: readonly PermissionNode[] | null = null;
      try {
        tree = await getTree();
      } catch {
        tree = null;
      }
      return can(tree, name, action, getReading()) ? { can: true } : { can: false, reason: 'not granted' };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
