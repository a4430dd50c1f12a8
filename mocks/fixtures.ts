/**
 * The smallest data the console's tests need: one administrator, the base app's menu tree built
 * from the resource definitions (as the server's seed does), and a few parameters.
 */
import { MenuType, type PermissionNode } from '../contract/menu';
import { HOME_TITLE, NAVIGATION_TITLES } from '../contract/menuTitles';
import { crudActions, type NavigationKey, type ResourceDefinition } from '../resources/define';
import { resourceDefinitions } from '../resources/registry';

export interface MockUser {
  id: number;
  username: string;
  /** The typed password; the mock API compares its SHA-256 hex with what the console sends. */
  password: string;
  name: string;
  code: string;
  avatar: string;
  /** A temporary password: every call but the session ones answers 1008 until it is changed. */
  mustChangePassword?: boolean;
  /** Set by a password change: the SHA-256 hex the console must send from then on. */
  passwordHash?: string;
}

export const BASE_APP_ID = 1;

export const admin: MockUser = { id: 1, username: 'admin', password: 'admin-secret', name: '管理员', code: 'admin', avatar: '' };

function node(partial: Partial<PermissionNode> & Pick<PermissionNode, 'id' | 'parentId' | 'name' | 'menuType'>): PermissionNode {
  return { appId: BASE_APP_ID, sort: 0, path: '', url: '', icon: '', code: '', children: [], ...partial };
}

export interface MenuTreeOptions {
  definitions?: readonly ResourceDefinition[];
  /** Which page-element codes (`param:create` …) are granted; all by default. */
  grant?: (code: string) => boolean;
  /** Adds a home menu (type 5) at the top. */
  withHome?: boolean;
}

/** Navigation (3) → one menu (4) per resource, `url` = resource name → page elements (1). */
export function buildMenuTree({ definitions = resourceDefinitions, grant = () => true, withHome = true }: MenuTreeOptions = {}): PermissionNode[] {
  let nextId = 100;
  const tree: PermissionNode[] = [];
  if (withHome) tree.push(node({ id: nextId++, parentId: 0, name: HOME_TITLE['zh-CN'], menuType: MenuType.HOME, path: '/home', url: 'home', icon: 'home' }));
  const navigations = new Map<NavigationKey, PermissionNode>();
  for (const definition of definitions) {
    if (!definition.menu) continue;
    const key = definition.menu.navigation;
    let navigation = navigations.get(key);
    if (!navigation) {
      navigation = node({ id: nextId++, parentId: 0, name: NAVIGATION_TITLES[key]['zh-CN'], menuType: MenuType.NAVIGATION, path: `/${key}`, url: key });
      navigations.set(key, navigation);
      tree.push(navigation);
    }
    const menu = node({
      id: nextId++,
      parentId: navigation.id,
      name: definition.title['zh-CN'],
      menuType: MenuType.MENU,
      sort: definition.menu.sort,
      path: definition.menu.path,
      url: definition.name,
      icon: definition.menu.icon,
    });
    // A detail resource's buttons sit on its master's screen (its rows show with the master's).
    const details = definitions.filter((d) => d.parent?.resource === definition.name);
    for (const action of [definition, ...details].flatMap(crudActions)) {
      if (action.action === 'list' || !grant(action.code)) continue;
      menu.children.push(node({ id: nextId++, parentId: menu.id, name: action.label['zh-CN'], menuType: MenuType.PAGE_ELEMENT, code: action.code }));
    }
    navigation.children.push(menu);
  }
  return tree;
}

/** The platform sometimes names children `child`: the same tree in that spelling. */
export function withChildSpelling(nodes: readonly PermissionNode[]): unknown[] {
  return nodes.map(({ children, ...rest }) => ({ ...rest, child: withChildSpelling(children) }));
}


export const paramRows = (): Record<string, unknown>[] => [
  { id: 1, sortNum: 1, paramKey: 'site.name', value: 'Staff console', remark: 'Shown in the title', spareParam: '' },
  { id: 2, sortNum: 2, paramKey: 'upload.maxSize', value: '10', remark: '', spareParam: 'MB,,' },
  { id: 3, sortNum: 3, paramKey: 'mail.sender', value: 'noreply@example.com', remark: '', spareParam: '' },
];

export const appRows = (): Record<string, unknown>[] => [
  { id: 1, code: 'base', name: '基础平台', businessType: 3, isEnable: '1', sort: 1, address: 'http://base.example', logo: '', createTime: '2024-01-01 00:00:00' },
];

/** Two dictionaries: a system one (not deletable) and a normal one. */
export const dicRows = (): Record<string, unknown>[] => [
  { id: 501, name: '业务类型', dicKey: 'business_type', type: 1 },
  { id: 502, name: '颜色', dicKey: 'colour', type: 2 },
];

/** The business types, and three colours with the second switched off. */
export const dicItemRows = (): Record<string, unknown>[] => [
  { id: 601, parentId: 501, name: '业务系统', dicKey: '1', sortNum: 1, openStatus: 1 },
  { id: 602, parentId: 501, name: '支撑系统', dicKey: '2', sortNum: 2, openStatus: 1 },
  { id: 603, parentId: 501, name: '基础服务', dicKey: '3', sortNum: 3, openStatus: 1 },
  { id: 611, parentId: 502, name: '红', dicKey: 'red', sortNum: 1, openStatus: 1 },
  { id: 612, parentId: 502, name: '绿', dicKey: 'green', sortNum: 2, openStatus: 0 },
  { id: 613, parentId: 502, name: '蓝', dicKey: 'blue', sortNum: 3, openStatus: 1 },
];
