/** The template publishing screen (SPEC §2.20): every template's versions, and publishing a new one. */
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { TEMPLATE_CALLS as T } from '../../contract/paths';
import { button, type ScreenDeclaration } from '../screen';

export const templateScreen: ScreenDeclaration = {
  component: 'template',
  title: SCREEN_TITLES.template,
  navigation: 'tools',
  sort: 20,
  icon: 'file-text',
  path: '/tools/template',
  buttons: [button('list', [T.list, T.versions, T.detail]), button('publish', [T.create, T.list])],
};
