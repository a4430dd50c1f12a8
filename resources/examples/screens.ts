/** The sample screens: the tree filter, and nested menus whose pages say they are placeholders (SPEC §1). */
import { MENU_GROUP_TITLES, SCREEN_TITLES } from '../../contract/menuTitles';
import { button, type MenuGroupDeclaration, type ScreenDeclaration } from '../screen';

export const treeFilterScreen: ScreenDeclaration = {
  component: 'treeFilter',
  title: SCREEN_TITLES.treeFilter,
  navigation: 'examples',
  sort: 20,
  icon: 'partition',
  path: '/examples/treeFilter',
  // Reads the bundled region tree: no call of its own.
  buttons: [button('list', [])],
};

const NESTED_MENU: MenuGroupDeclaration = { key: 'nestedMenu', title: MENU_GROUP_TITLES.nestedMenu, sort: 30, icon: 'menu', path: '/examples/nested' };
const NESTED_MENU_1: MenuGroupDeclaration = { key: 'nestedMenu1', title: MENU_GROUP_TITLES.nestedMenu1, sort: 10, icon: 'menu', path: '/examples/nested/menu1' };

const placeholder = (component: keyof typeof SCREEN_TITLES, groups: readonly MenuGroupDeclaration[], sort: number, path: string): ScreenDeclaration => ({
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

/** Two levels of menus, each page a placeholder (resources/examples/PlaceholderPage.tsx). */
export const nestedScreens: readonly ScreenDeclaration[] = [
  placeholder('nestedMenu1a', [NESTED_MENU, NESTED_MENU_1], 10, '/examples/nested/menu1/menu1-1'),
  placeholder('nestedMenu1b', [NESTED_MENU, NESTED_MENU_1], 20, '/examples/nested/menu1/menu1-2'),
  placeholder('nestedMenu2', [NESTED_MENU], 20, '/examples/nested/menu2'),
];
