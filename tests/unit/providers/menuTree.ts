/**
 * A caller's granted menu tree as pemByUserAndApp answers it, built from the resource definitions
 * (as the server's seed does): the data of the access-control and session tests, which need no server.
 */
import { MenuType, type PermissionNode } from '../../../contract/menu';
import { HOME_TITLE, NAVIGATION_TITLES } from '../../../contract/menuTitles';
import { crudActions, type NavigationKey, type ResourceDefinition } from '../../../resources/define';
import { resourceDefinitions } from '../../../resources/registry';

export const BASE_APP_ID = 1;

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
