/** The statistics calls (SPEC §7 Dashboard; the summaries' paths are the reference server's). */
export const STATISTICS_CALLS = {
  totalNums: '/admin/dashboard/statistics/totalNums',
  lineChart: '/admin/dashboard/lineChart/traffic/siteUser',
  teamOverview: '/admin/dashboard/statistics/teamOverview',
  siteUsers: '/siteuser/list',
  staffSummary: '/base/admin/staffSummary/list',
  mediaStats: '/base/admin/mediaStats/list',
  ingest: '/base/admin/statistics/ingest',
} as const;
