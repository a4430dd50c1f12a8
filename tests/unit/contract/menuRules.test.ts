/**
 * The menu rules of contract/menuRules.ts, as the menu dialogs and the server read them through
 * the entities: a path or an API address is a URL path with its leading "/", an icon is one the
 * console has, a directory's path is unique within its sub-system; and the seeded tree passes.
 */
import { describe, expect, it } from 'vitest';
import { apiElementEntity, directoryEntity, isMenuPathTaken, MENU_ICON_NAMES, menuIconName, MenuType, validateEntity, walkTree, type PermissionNode } from '../../../contract';
import { baseMenuTree, type MenuSeed } from '../../../server/db/baseMenuTree';

const directory = (overrides: Record<string, unknown>) => ({ menuType: MenuType.MENU, appId: 1, parentId: 2, name: '入库', sort: 1, path: '/wms/inbound', url: 'inbound', icon: 'table', ...overrides });
const api = (url: string) => ({ appId: 1, parentId: 3, code: '1001', name: '入库列表', url });
const fieldErrors = (result: ReturnType<typeof validateEntity>) => (result.ok ? {} : result.fields);

describe('a menu path', () => {
  it('refuses the path of the report: spaces, no leading "/", characters a URL path cannot hold', () => {
    expect(fieldErrors(validateEntity(directoryEntity, directory({ path: 'wms inbound 页面' })))).toEqual({ path: '路径不能包含空格' });
    expect(fieldErrors(validateEntity(directoryEntity, directory({ path: 'wms/inbound' })))).toEqual({ path: '路径须以“/”开头' });
    expect(fieldErrors(validateEntity(directoryEntity, directory({ path: '/wms/入库' }), 'en-US'))).toEqual({
      path: 'Path may contain only URL path characters: letters, digits and / - . _ ~ (percent-encode anything else)',
    });
    expect(fieldErrors(validateEntity(directoryEntity, directory({ path: '/wms//inbound' })))).toEqual({ path: '路径不能包含连续的“/”' });
    expect(fieldErrors(validateEntity(directoryEntity, directory({ path: '/wms\tinbound' })))).toHaveProperty('path');
    expect(fieldErrors(validateEntity(directoryEntity, directory({ path: '/wms/inbound?x=1' })))).toHaveProperty('path');
    expect(fieldErrors(validateEntity(directoryEntity, directory({ path: '/wms\u3000inbound' })))).toEqual({ path: '路径不能包含空格' });
  });

  it('takes URL paths, trimmed, %-escapes and route parameters included', () => {
    for (const path of ['/wms/inbound', ' /wms/inbound ', '/', '/wms/%E5%85%A5%E5%BA%93', '/order/:id', '/a-b_c.d~e/']) {
      expect(validateEntity(directoryEntity, directory({ path })).ok, path).toBe(true);
    }
  });

  it('is unique among the directories of its sub-system, a trailing "/" making no other path', () => {
    const nodes = [
      { id: 1, appId: 1, menuType: MenuType.NAVIGATION, path: '/wms' },
      { id: 2, appId: 1, menuType: MenuType.MENU, path: '/wms/inbound' },
      { id: 3, appId: 1, menuType: MenuType.PAGE_ELEMENT, path: '/wms/outbound' },
      { id: 4, appId: 2, menuType: MenuType.MENU, path: '/wms/stock' },
    ];
    expect(isMenuPathTaken(nodes, { appId: 1, path: '/wms/inbound' }, 'A')).toBe(true);
    expect(isMenuPathTaken(nodes, { appId: 1, path: '/wms/inbound/' }, 'A')).toBe(true);
    expect(isMenuPathTaken(nodes, { appId: 1, path: '/wms/inbound', id: 2 }, 'A')).toBe(false);
    expect(isMenuPathTaken(nodes, { appId: 1, path: '/wms/outbound' }, 'A')).toBe(false);
    expect(isMenuPathTaken(nodes, { appId: 1, path: '/wms/stock' }, 'A')).toBe(false);
    // The directories of reading B are 4 and 5: a stray navigation (3) holds no path there.
    expect(isMenuPathTaken(nodes, { appId: 1, path: '/wms' }, 'A')).toBe(true);
    expect(isMenuPathTaken(nodes, { appId: 1, path: '/wms' }, 'B')).toBe(false);
    expect(isMenuPathTaken(nodes, { appId: 1, path: '/wms/inbound' }, 'B')).toBe(true);
  });
});

describe('an API element’s address', () => {
  it('starts with "/" and has no spaces', () => {
    expect(fieldErrors(validateEntity(apiElementEntity, api('wms/inbound/list')))).toEqual({ url: '接口地址须以“/”开头' });
    expect(fieldErrors(validateEntity(apiElementEntity, api('/wms/inbound list'), 'en-US'))).toEqual({ url: 'API address cannot contain spaces' });
    expect(validateEntity(apiElementEntity, api('/wms/inbound/list')).ok).toBe(true);
  });
});

describe('a menu icon', () => {
  it('is one of the console’s icons, as the platform may spell it', () => {
    expect(fieldErrors(validateEntity(directoryEntity, directory({ icon: 'no-such-icon' })))).toEqual({ icon: '图标须为图标选择器中的图标' });
    for (const icon of ['setting', 'SettingOutlined', 'el-icon-setting', 'bar-chart', 'file-text']) expect(validateEntity(directoryEntity, directory({ icon })).ok, icon).toBe(true);
    expect(MENU_ICON_NAMES.every((name) => menuIconName(name) === name)).toBe(true);
  });
});

describe('the seeded menu tree', () => {
  const tree = baseMenuTree() as unknown as PermissionNode[];
  const nodes = [...walkTree(tree)] as unknown as MenuSeed[];

  it('passes the rules: every directory’s path and icon, every API element’s address', () => {
    const directories = nodes.filter((node) => node.menuType !== MenuType.PAGE_ELEMENT && node.menuType !== MenuType.API);
    const apis = nodes.filter((node) => node.menuType === MenuType.API);
    expect(directories.length).toBeGreaterThan(10);
    expect(apis.length).toBeGreaterThan(50);
    for (const node of directories) expect(fieldErrors(validateEntity(directoryEntity, { ...node, appId: 1, parentId: 0 })), node.path).toEqual({});
    for (const node of apis) expect(fieldErrors(validateEntity(apiElementEntity, { ...node, appId: 1, parentId: 1 })), node.url).toEqual({});
  });

  it('uses each path once', () => {
    const paths = nodes.filter((node) => node.menuType === MenuType.NAVIGATION || node.menuType === MenuType.MENU || node.menuType === MenuType.HOME).map((node) => node.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
