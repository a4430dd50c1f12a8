/**
 * The bespoke screens of the base app, in the seed's order (server/db/screenCatalogue.ts), and the
 * home page; each declared in its folder (./screen.ts says what a declaration holds). The
 * customer and UA lists are declared resources: their menus and buttons come with their definitions.
 */
import { HOME_TITLE } from '../contract/menuTitles';
import { apiDocScreen } from './apiDoc/screen';
import { effectiveScreen } from './effective/screen';
import { nestedScreens, treeFilterScreen } from './examples/screens';
import { officeMemberScreen, officeScreen } from './office/screens';
import { permissionScreen } from './permission/screen';
import type { ScreenDeclaration } from './screen';
import { dashboardScreen, mediaStatsScreen, staffSummaryScreen } from './statistics/screens';
import { templateScreen } from './template/screen';
import { userScreen } from './user/screen';

export const HOME = { title: HOME_TITLE, path: '/home', url: 'home', icon: 'home', code: 'home' };

export const BESPOKE_SCREENS: readonly ScreenDeclaration[] = [
  permissionScreen,
  userScreen,
  officeMemberScreen,
  officeScreen,
  dashboardScreen,
  staffSummaryScreen,
  mediaStatsScreen,
  templateScreen,
  treeFilterScreen,
  effectiveScreen,
  apiDocScreen,
  ...nestedScreens,
];
