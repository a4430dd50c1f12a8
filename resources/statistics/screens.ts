/** The business statistics screens (SPEC §2): the traffic dashboard and the two summaries. */
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { declaredCall, STATISTICS_CALLS as S } from '../../contract/paths';
import { button, type ScreenDeclaration } from '../screen';

export const dashboardScreen: ScreenDeclaration = {
  component: 'dashboard',
  title: SCREEN_TITLES.dashboard,
  navigation: 'business',
  sort: 10,
  icon: 'dashboard',
  path: '/business/dashboard',
  buttons: [
    // The last: the sub-system selector's options.
    button('list', [S.totalNums, S.lineChart, S.teamOverview, S.siteUsers, declaredCall('app', 'list')]),
    // The batch route that loads traffic counts and revenue; granted like any other button.
    button('ingest', [S.ingest]),
  ],
};

export const staffSummaryScreen: ScreenDeclaration = {
  component: 'staffSummary',
  title: SCREEN_TITLES.staffSummary,
  navigation: 'business',
  sort: 20,
  icon: 'dollar',
  path: '/business/staffSummary',
  buttons: [button('list', [S.staffSummary]), button('export', [S.staffSummaryExport])],
};

export const mediaStatsScreen: ScreenDeclaration = {
  component: 'mediaStats',
  title: SCREEN_TITLES.mediaStats,
  navigation: 'business',
  sort: 30,
  icon: 'bar-chart',
  path: '/business/mediaStats',
  buttons: [button('list', [S.mediaStats]), button('export', [S.mediaStatsExport])],
};
