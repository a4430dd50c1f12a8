/** The API reference screen: the API document of every call, read from GET /base/admin/openapi.json. */
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { OPENAPI_PATH } from '../../contract/session';
import { button, type ScreenDeclaration } from '../screen';

export const apiDocScreen: ScreenDeclaration = {
  component: 'apiDoc',
  title: SCREEN_TITLES.apiDoc,
  navigation: 'system',
  sort: 70,
  icon: 'filetext',
  path: '/system/apiDoc',
  buttons: [button('list', [OPENAPI_PATH])],
};
