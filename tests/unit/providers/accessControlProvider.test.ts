import { describe, expect, it } from 'vitest';
import { normaliseTree, type PermissionNode } from '../../../contract/menu';
import { buildMenuTree, withChildSpelling } from './menuTree';
import { can, createAccessControlProvider } from '../../../providers/accessControlProvider';

const tree = buildMenuTree({ grant: (code) => code !== 'param:delete' });

describe('can(tree, resource, action)', () => {
  it.each([
    ['param', 'list', true, 'its menu is in the tree'],
    ['param', 'show', true, 'its menu is in the tree'],
    ['param', 'create', true, 'the page element param:create is granted'],
    ['param', 'edit', true, 'the page element param:edit is granted'],
    ['param', 'delete', false, 'the page element param:delete is not granted'],
    ['app', 'delete', true, 'the page element app:delete is granted'],
    ['template', 'list', false, 'no menu names the template page'],
    ['param', 'resetPwd', false, 'an unknown action has no element'],
  ])('%s / %s → %s (%s)', (resource, action, expected) => {
    expect(can(tree, resource, action)).toBe(expected);
  });

  it('refuses everything without a tree or a resource', () => {
    expect(can(null, 'param', 'list')).toBe(false);
    expect(can([], 'param', 'list')).toBe(false);
    expect(can(tree, undefined, 'list')).toBe(false);
  });

  it('does not open a menu because of a page element or an API element of the same name', () => {
    const onlyElements: PermissionNode[] = [
      { id: 1, parentId: 0, appId: 1, name: 'x', sort: 0, path: '', url: 'param', icon: '', code: 'param:list', menuType: 1, children: [] },
      { id: 2, parentId: 0, appId: 1, name: 'y', sort: 0, path: '', url: 'param', icon: '', code: '', menuType: 2, children: [] },
    ];
    expect(can(onlyElements, 'param', 'list')).toBe(false);
  });

  it('opens the pages of a tree in reading B (its 5s and 4s) and its buttons, and no group of either reading', () => {
    const node = (id: number, menuType: number, url: string, code = '', children: PermissionNode[] = []): PermissionNode => ({ id, parentId: 0, appId: 3, name: url, sort: 0, path: `/${url}`, url, icon: '', code, menuType: menuType as PermissionNode['menuType'], children });
    const treeB = [node(1, 5, 'service', '', [node(2, 4, 'placeholder', '', [node(3, 1, '', 'placeholder:create')])]), node(4, 5, 'insight')];
    expect(can(treeB, 'placeholder', 'list', 'B')).toBe(true);
    expect(can(treeB, 'insight', 'list', 'B')).toBe(true);
    expect(can(treeB, 'placeholder', 'create', 'B')).toBe(true);
    // A navigation groups pages; its key is no page.
    expect(can([node(5, 3, 'system')], 'system', 'list', 'A')).toBe(false);
  });

  it('reads trees in the platform\'s `child` spelling once normalised', () => {
    expect(can(normaliseTree(withChildSpelling(tree)), 'param', 'create')).toBe(true);
  });
});

describe('access control provider', () => {
  it('answers Refine with the tree it is given', async () => {
    const provider = createAccessControlProvider({ getTree: async () => tree });
    await expect(provider.can({ resource: 'param', action: 'list' })).resolves.toEqual({ can: true });
    await expect(provider.can({ resource: 'param', action: 'delete' })).resolves.toMatchObject({ can: false });
  });

  it('takes the resource name from params when Refine passes it there', async () => {
    const provider = createAccessControlProvider({ getTree: () => tree });
    await expect(provider.can({ action: 'edit', params: { resource: { name: 'param' } } })).resolves.toEqual({ can: true });
  });

  it('refuses when the tree cannot be loaded', async () => {
    const provider = createAccessControlProvider({ getTree: () => Promise.reject(new Error('offline')) });
    await expect(provider.can({ resource: 'param', action: 'list' })).resolves.toMatchObject({ can: false });
  });
});
