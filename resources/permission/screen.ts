/** The menus & permissions screen (SPEC §2): directories and elements of every sub-system's tree. */
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { declaredCall, PERMISSION_CALLS as P } from '../../contract/paths';
import { button, type ScreenDeclaration } from '../screen';

export const permissionScreen: ScreenDeclaration = {
  component: 'permission',
  title: SCREEN_TITLES.permission,
  navigation: 'system',
  sort: 20,
  icon: 'menu',
  path: '/system/permission',
  buttons: [
    button('list', [P.filterTree, P.tree, P.detail, P.elementList, declaredCall('app', 'list')]),
    button('create', [P.saveOrUpdate, P.validMenuType, P.elementSaveOrUpdate]),
    button('edit', [P.detail, P.saveOrUpdate, P.validMenuType, P.elementSaveOrUpdate]),
    button('delete', [P.delete, P.elementDelete]),
  ],
};
