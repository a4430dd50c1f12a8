import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../contract/i18n';
import { MenuType, type PermissionNode } from '../../../contract/menu';
import { MENU_TITLES } from '../../../contract/menuTitles';
import { titles } from '../../../resources/pages';
import { baseMenuTree, type MenuSeed } from '../../../server/db/baseMenuTree';
import { menuTitle, type KnownTitles } from '../../../src/routing/menuTitle';
import { buildNavigation } from '../../../src/routing/navigation';

const known: KnownTitles = new Map([
  ['param', { 'zh-CN': '参数配置', 'en-US': 'Parameters' }],
  ['system', { 'zh-CN': '系统管理', 'en-US': 'System' }],
]);

const node = (name: string, url: string) => ({ name, url });

describe('menu titles', () => {
  it('read a seeded menu in the current language', () => {
    expect(menuTitle(node('参数配置', 'param'), 'zh-CN', known)).toBe('参数配置');
    expect(menuTitle(node('参数配置', 'param'), 'en-US', known)).toBe('Parameters');
    expect(menuTitle(node('系统管理', 'system'), 'en-US', known)).toBe('System');
    expect(menuTitle(node('参数配置', ' param '), 'en-US', known)).toBe('Parameters');
  });

  it('show a menu an administrator renamed as typed, in every language', () => {
    for (const locale of LOCALES) {
      expect(menuTitle(node('系统参数', 'param'), locale, known)).toBe('系统参数');
      expect(menuTitle(node('Parameters', 'param'), locale, known)).toBe('Parameters');
    }
  });

  it('show a menu the console has no title for as typed', () => {
    for (const locale of LOCALES) {
      expect(menuTitle(node('报表中心', 'reports'), locale, known)).toBe('报表中心');
      expect(menuTitle(node('参数配置', ''), locale, known)).toBe('参数配置');
      expect(menuTitle(node('参数配置', 'toString'), locale, known)).toBe('参数配置');
    }
  });

  it('know every directory the seed creates, declarative resources included', () => {
    const directories = (nodes: readonly MenuSeed[]): MenuSeed[] =>
      nodes.flatMap((n) => ([MenuType.NAVIGATION, MenuType.MENU, MenuType.HOME] as number[]).includes(n.menuType) ? [n, ...directories(n.children)] : []);
    const seeded = directories(baseMenuTree());
    expect(seeded.map((n) => n.url)).toEqual(expect.arrayContaining(['home', 'system', 'tools', 'param', 'app', 'dashboard', 'template']));
    for (const menu of seeded) {
      expect(menuTitle(menu, 'zh-CN', titles)).toBe(menu.name);
      const english = menuTitle(menu, 'en-US', titles);
      expect(english, menu.url).not.toBe(menu.name);
      expect(english, menu.url).toBe(titles.get(menu.url)!['en-US']);
    }
    expect(titles.get('param')?.['en-US']).toBe('Parameters');
    for (const [url, text] of Object.entries(MENU_TITLES)) expect(titles.get(url)).toBe(text);
  });
});

describe('navigation titles', () => {
  let nextId = 1;
  const menu = (partial: Partial<PermissionNode> & Pick<PermissionNode, 'name' | 'menuType'>, children: PermissionNode[] = []): PermissionNode => ({
    id: nextId++,
    parentId: 0,
    appId: 1,
    sort: 0,
    path: '',
    url: '',
    icon: '',
    code: '',
    ...partial,
    children,
  });
  const tree = [
    menu({ name: '系统管理', menuType: MenuType.NAVIGATION, url: 'system', path: '/system' }, [
      menu({ name: '基础数据', menuType: MenuType.MENU }, [menu({ name: '参数配置', menuType: MenuType.MENU, path: '/system/param', url: 'param' })]),
    ]),
  ];

  it('come from the title function for every route, entry, sidebar item and resource label', () => {
    const built = buildNavigation(tree, (c) => c === 'param', (n) => menuTitle(n, 'en-US', known));
    expect(built.routes.map((r) => r.title)).toEqual(['Parameters']);
    expect(built.entries.map((e) => e.title)).toEqual(['System']);
    const group = built.entries[0]!.items[0]!;
    expect(group.title).toBe('基础数据');
    expect(group.children.map((c) => c.title)).toEqual(['Parameters']);
    expect(built.resources.map((r) => r.meta?.label)).toEqual(['System', '基础数据', 'Parameters']);
  });

  it('are the names as typed without a title function', () => {
    const built = buildNavigation(tree, (c) => c === 'param');
    expect(built.routes.map((r) => r.title)).toEqual(['参数配置']);
    expect(built.entries.map((e) => e.title)).toEqual(['系统管理']);
  });
});
