/**
 * The effective permissions screen: what a member may reach in a sub-system and through which
 * roles, the roles they hold, and two members compared.
 */
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { declaredCall, EFFECTIVE_CALLS as E } from '../../contract/paths';
import { button, type ScreenDeclaration } from '../screen';

export const effectiveScreen: ScreenDeclaration = {
  component: 'effective',
  title: SCREEN_TITLES.effective,
  navigation: 'system',
  sort: 60,
  icon: 'tree',
  path: '/system/effective',
  buttons: [button('list', [E.users, E.tree, E.roles, E.compare, declaredCall('app', 'list')])],
};
