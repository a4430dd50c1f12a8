/**
 * Every screen of the base app (SPEC §2), with its buttons and the calls each button needs.
 * Declarative resources come from their definitions; bespoke screens are declared here, with the
 * calls of SPEC §7 (paths below /base/admin; dashboard, UA and template calls under their own
 * prefixes). The seed turns this into the base app's menu/permission tree.
 */
import { text, type Text } from '../../contract';
import { MENU_GROUP_TITLES, NAVIGATION_TITLES, SCREEN_TITLES } from '../../contract/menuTitles';
import type { MenuIconName } from '../../contract/menuIcons';
import { crudActions, type NavigationKey, type ResourceDefinition } from '../../resources/define';
import { detailsOf, relatedOf, resourceDefinitions } from '../../resources/registry';

export interface ButtonSpec {
  action: string;
  /** Its page-element code when not `<component>:<action>` (a detail resource's button on its master's screen). */
  code?: string;
  label: Text;
  apis: readonly string[];
}

export interface ScreenSpec {
  /** Page component name = menu `url`; button codes are `<component>:<action>`. */
  component: string;
  title: Text;
  navigation: NavigationKey;
  sort: number;
  icon: string;
  path: string;
  buttons: readonly ButtonSpec[];
  /** The menus it sits in below its navigation group, outermost first (none: right below the group). */
  groups?: readonly MenuGroupSpec[];
}

/** A menu (type 4) that only groups menus below it: it names no page (`key` is its `url` and code). */
export interface MenuGroupSpec {
  key: keyof typeof MENU_GROUP_TITLES;
  title: Text;
  sort: number;
  icon: MenuIconName;
  path: string;
}

export interface NavigationSpec {
  key: NavigationKey;
  title: Text;
  sort: number;
  icon: string;
}

/** Titles come from contract/menuTitles.ts, which the console reads too. */
export const NAVIGATION: readonly NavigationSpec[] = [
  { key: 'system', title: NAVIGATION_TITLES.system, sort: 10, icon: 'setting' },
  { key: 'monitor', title: NAVIGATION_TITLES.monitor, sort: 15, icon: 'dashboard' },
  { key: 'organisation', title: NAVIGATION_TITLES.organisation, sort: 20, icon: 'team' },
  { key: 'business', title: NAVIGATION_TITLES.business, sort: 30, icon: 'bar-chart' },
  { key: 'tools', title: NAVIGATION_TITLES.tools, sort: 40, icon: 'tool' },
  // Sample pages: the seed grants them to the super-admin role only, like every node it adds.
  { key: 'examples', title: NAVIGATION_TITLES.examples, sort: 90, icon: 'experiment' },
];

export const HOME = { title: SCREEN_TITLES.home, path: '/home', url: 'home', icon: 'home', code: 'home' };

const label = {
  list: text('查询', 'Query'),
  create: text('新增', 'Add'),
  edit: text('编辑', 'Edit'),
  delete: text('删除', 'Delete'),
  enable: text('启用/禁用', 'Enable/disable'),
  resetPwd: text('重置密码', 'Reset password'),
  addMember: text('添加成员', 'Add member'),
  removeMember: text('移除成员', 'Remove member'),
  setSupervisor: text('设置主管', 'Set supervisor'),
  publish: text('发布', 'Publish'),
  ingest: text('导入统计数据', 'Ingest statistics'),
  export: text('导出', 'Export'),
};

const button = (action: keyof typeof label, apis: readonly string[]): ButtonSpec => ({ action, label: label[action], apis });

/** The example of nested menus (SPEC §1 placeholder menus): two levels of menus whose pages say they are placeholders. */
const NESTED_MENU: MenuGroupSpec = { key: 'nestedMenu', title: MENU_GROUP_TITLES.nestedMenu, sort: 30, icon: 'menu', path: '/examples/nested' };
const NESTED_MENU_1: MenuGroupSpec = { key: 'nestedMenu1', title: MENU_GROUP_TITLES.nestedMenu1, sort: 10, icon: 'menu', path: '/examples/nested/menu1' };

const placeholder = (component: keyof typeof SCREEN_TITLES, groups: readonly MenuGroupSpec[], sort: number, path: string): ScreenSpec => ({
  component,
  title: SCREEN_TITLES[component],
  navigation: 'examples',
  sort,
  icon: 'filetext',
  path,
  // Says what it is: no call of its own.
  buttons: [button('list', [])],
  groups,
});

export const NESTED_SCREENS: readonly ScreenSpec[] = [
  placeholder('nestedMenu1a', [NESTED_MENU, NESTED_MENU_1], 10, '/examples/nested/menu1/menu1-1'),
  placeholder('nestedMenu1b', [NESTED_MENU, NESTED_MENU_1], 20, '/examples/nested/menu1/menu1-2'),
  placeholder('nestedMenu2', [NESTED_MENU], 20, '/examples/nested/menu2'),
];

export const BESPOKE_SCREENS: readonly ScreenSpec[] = [
  {
    component: 'permission',
    title: SCREEN_TITLES.permission,
    navigation: 'system',
    sort: 20,
    icon: 'menu',
    path: '/system/permission',
    buttons: [
      button('list', ['/permission/filterTree', '/permission/tree', '/permission/detail', '/menu/list', '/app/list']),
      button('create', ['/permission/saveOrUpdate', '/permission/validMenuType', '/menu/saveOrUpdate']),
      button('edit', ['/permission/detail', '/permission/saveOrUpdate', '/permission/validMenuType', '/menu/saveOrUpdate']),
      button('delete', ['/permission/delete', '/menu/delete']),
    ],
  },
  {
    component: 'user',
    title: SCREEN_TITLES.user,
    navigation: 'organisation',
    sort: 10,
    icon: 'user',
    path: '/organisation/user',
    buttons: [
      button('list', ['/user/list', '/user/detail', '/office/list', '/role/list']),
      button('create', ['/user/saveOrUpdate', '/user/valid/telephone', '/office/list', '/role/list']),
      button('edit', ['/user/detail', '/user/saveOrUpdate', '/user/valid/telephone']),
      button('enable', ['/user/enable']),
      button('resetPwd', ['/user/resetPwd']),
      button('delete', ['/user/delete']),
      button('export', ['/user/export']),
    ],
  },
  {
    component: 'officeMember',
    title: SCREEN_TITLES.officeMember,
    navigation: 'organisation',
    sort: 20,
    icon: 'apartment',
    path: '/organisation/officeMember',
    buttons: [
      button('list', ['/office/list', '/user/list']),
      button('addMember', ['/user/filterList', '/office/add/user']),
      button('removeMember', ['/office/remove/user']),
      button('setSupervisor', ['/office/update/officeAdminFlag']),
    ],
  },
  {
    component: 'office',
    title: SCREEN_TITLES.office,
    navigation: 'organisation',
    sort: 30,
    icon: 'cluster',
    path: '/organisation/office',
    buttons: [
      button('list', ['/office/list', '/office/detail']),
      button('create', ['/office/saveOrUpdate']),
      button('edit', ['/office/detail', '/office/saveOrUpdate']),
      button('delete', ['/office/delete']),
    ],
  },
  {
    component: 'dashboard',
    title: SCREEN_TITLES.dashboard,
    navigation: 'business',
    sort: 10,
    icon: 'dashboard',
    path: '/business/dashboard',
    buttons: [
      button('list', [
        '/admin/dashboard/statistics/totalNums',
        '/admin/dashboard/lineChart/traffic/siteUser',
        '/admin/dashboard/statistics/teamOverview',
        '/siteuser/list',
        // The sub-system selector's options.
        '/app/list',
      ]),
      // The batch route that loads traffic counts and revenue; granted like any other button.
      button('ingest', ['/statistics/ingest']),
    ],
  },
  {
    component: 'staffSummary',
    title: SCREEN_TITLES.staffSummary,
    navigation: 'business',
    sort: 20,
    icon: 'dollar',
    path: '/business/staffSummary',
    buttons: [button('list', ['/staffSummary/list'])],
  },
  {
    component: 'mediaStats',
    title: SCREEN_TITLES.mediaStats,
    navigation: 'business',
    sort: 30,
    icon: 'bar-chart',
    path: '/business/mediaStats',
    buttons: [button('list', ['/mediaStats/list'])],
  },
  // The customer and UA lists are declared resources (resources/customer, resources/ua); their buttons come with them.
  {
    component: 'template',
    title: SCREEN_TITLES.template,
    navigation: 'tools',
    sort: 20,
    icon: 'file-text',
    path: '/tools/template',
    buttons: [
      button('list', ['/v2/js/template/list', '/v2/js/template/versions', '/v2/js/template/detail']),
      button('publish', ['/v2/js/template/create', '/v2/js/template/list']),
    ],
  },
  {
    component: 'treeFilter',
    title: SCREEN_TITLES.treeFilter,
    navigation: 'examples',
    sort: 20,
    icon: 'partition',
    path: '/examples/treeFilter',
    // Reads the bundled region tree: no call of its own.
    buttons: [button('list', [])],
  },
  { component: 'effective', title: SCREEN_TITLES.effective, navigation: 'system', sort: 60, icon: 'tree', path: '/system/effective', buttons: [button('list', ['/effective/users', '/effective/tree', '/app/list'])] },
  ...NESTED_SCREENS,
];

/**
 * The screen of a declarative resource with a menu: its menu entry and the buttons of its
 * `crudActions`, then those of its detail resources (a master–detail screen holds both lists).
 * A detail's rows show with its master's, so its list calls join the master's list button; its
 * other buttons keep their own codes (`dicItem:create`).
 */
export function resourceScreen(definition: ResourceDefinition, definitions: readonly ResourceDefinition[] = resourceDefinitions): ScreenSpec {
  if (!definition.menu) throw new Error(`Resource ${definition.name} has no menu: it is shown on its master's screen`);
  const detailActions = detailsOf(definition, definitions).flatMap(crudActions);
  const detailLists = detailActions.filter((a) => a.action === 'list').flatMap((a) => a.apis);
  // A show view's related tabs read with the master's list (or reveal) element; revealing a
  // related row's personal data is part of the master's reveal.
  const related = relatedOf(definition, definitions).map(({ spec, definition: d }) => ({ grantedBy: spec.grantedBy ?? 'list', actions: crudActions(d) }));
  const relatedApis = (button: string) =>
    related.flatMap(({ grantedBy, actions }) => actions.filter((a) => a.action === 'reveal' || a.action === 'list').filter((a) => (a.action === 'list' ? grantedBy : 'reveal') === button).flatMap((a) => a.apis));
  const extra: Record<string, string[]> = { list: [...detailLists, ...relatedApis('list')], reveal: relatedApis('reveal') };
  const buttons = [
    ...crudActions(definition).map(({ action, label, apis }) => ({ action, label, apis: [...new Set([...apis, ...(extra[action] ?? [])])] })),
    ...detailActions.filter((a) => a.action !== 'list').map(({ action, code, label, apis }) => ({ action, code, label, apis })),
  ];
  return { component: definition.name, title: definition.title, ...definition.menu, buttons };
}

export function baseScreens(definitions: readonly ResourceDefinition[] = resourceDefinitions): ScreenSpec[] {
  return [...definitions.filter((d) => d.menu).map((d) => resourceScreen(d, definitions)), ...BESPOKE_SCREENS];
}

/** A short name for an API element (./apiNames.ts; the seed stores its zh-CN text). */
export { apiName } from './apiNames';
