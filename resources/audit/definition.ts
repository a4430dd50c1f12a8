import { auditLogEntity, loginLogEntity, onlineSessionEntity } from '../../contract/entities/audit';
import { text } from '../../contract/i18n';
import { ONLINE_SESSION_CALLS } from '../../contract/paths';
import { defineResource } from '../define';

/** The audit and login lists count their rows up to this many; more show as "10,000+". */
export const LOG_TOTAL_BOUND = 10_000;

/**
 * 系统监控 (Monitoring): the audit log (a row per record a write changed, with its fields before →
 * after in its show view), the login log, and the online users with the buttons that end their
 * sessions. All read-only lists: the server writes these rows itself (server/audit).
 */
export const auditLogResource = defineResource({
  name: 'auditLog',
  actions: ['list'],
  entity: auditLogEntity,
  table: 'audit_log',
  // Heavy searches and exports: on the read replica when there is one (README, A read replica).
  reads: 'replica',
  title: text('操作日志', 'Audit log'),
  labelField: 'route',
  menu: { navigation: 'monitor', sort: 10, icon: 'filetext', path: '/monitor/audit' },
  paging: 'page',
  pageSizes: [20, 50, 100],
  // Years of rows (README "Years of audit and login rows"): every filter is exact, each served by an
  // index with the newest-first order (migration 0028); a "contains" over millions reads them all.
  search: [],
  // Who wrote, exactly: a display name may be anyone's (second review, M2); the call by its path.
  filters: ['action', 'userCode', 'userId', 'tableName', 'recordId', 'route'],
  boundedTotal: LOG_TOTAL_BOUND,
  // Rows come only from the triggers and leave only by retention: a total past the bound is kept.
  appendOnly: 'changedAt',
  ranges: ['changedAt'],
  // Ties newest first too: the time indexes give this order whole, without a sort (a deep page reads no more than its offset).
  sort: [['changedAt', 'desc'], ['id', 'desc']],
  columns: [
    { field: 'changedAt', cell: 'time', width: 170 },
    { field: 'userName', suffix: 'userCode', width: 160 },
    // The call by its action's name (the server adds it from the permission tree), its path in the tooltip.
    { field: 'route', shownAs: 'routeName', width: 220 },
    { field: 'tableName', cell: 'table', width: 140 },
    { field: 'recordId', cell: 'recordKey', of: 'tableName', width: 140 },
    { field: 'action', cell: 'option', width: 90 },
    { field: 'changes', cell: 'changes', of: 'tableName', width: 220 },
  ],
  show: {
    items: [
      { field: 'changedAt', cell: 'time' },
      { field: 'userName', suffix: 'userCode' },
      { field: 'userId' },
      { field: 'method' },
      { field: 'route', shownAs: 'routeName' },
      { field: 'address' },
      { field: 'tableName', cell: 'table' },
      { field: 'recordId', cell: 'recordKey', of: 'tableName' },
      { field: 'action', cell: 'option' },
      { field: 'requestId' },
      { field: 'changes', cell: 'changes', of: 'tableName' },
    ],
  },
  form: [],
});

export const loginLogResource = defineResource({
  name: 'loginLog',
  actions: ['list'],
  entity: loginLogEntity,
  table: 'login_log',
  reads: 'replica',
  title: text('登录日志', 'Login log'),
  menu: { navigation: 'monitor', sort: 20, icon: 'safety', path: '/monitor/login' },
  paging: 'page',
  pageSizes: [20, 50, 100],
  search: [],
  // The name as typed (or masked) and the address, whole: served by indexes as the audit log's are.
  filters: ['userName', 'address', 'result', 'reason'],
  boundedTotal: LOG_TOTAL_BOUND,
  appendOnly: 'attemptedAt',
  ranges: ['attemptedAt'],
  sort: [['attemptedAt', 'desc'], ['id', 'desc']],
  columns: [
    { field: 'attemptedAt', cell: 'time', width: 170 },
    { field: 'userName', width: 140 },
    { field: 'address', width: 140 },
    { field: 'result', cell: 'option', width: 90 },
    { field: 'reason', cell: 'option', width: 150 },
    { field: 'userAgent', width: 320 },
  ],
  form: [],
});

export const onlineSessionResource = defineResource({
  name: 'onlineSession',
  actions: ['list'],
  entity: onlineSessionEntity,
  table: 'online_session',
  title: text('在线用户', 'Online users'),
  menu: { navigation: 'monitor', sort: 30, icon: 'peoples', path: '/monitor/online' },
  paging: 'page',
  labelField: 'userName',
  search: ['userName', 'userCode', 'address'],
  sort: [['lastSeenAt', 'desc']],
  // The caller's own session is marked: ending it signs them out (the dialog says so first).
  marksOwn: { field: 'id', identity: 'sessionId', label: text('当前会话', 'This session') },
  rowActions: [
    { action: 'end', label: text('结束会话', 'End session'), dialog: 'endSession', apis: [ONLINE_SESSION_CALLS.end] },
    { action: 'endUser', label: text('结束其全部会话', 'End all their sessions'), dialog: 'endUserSessions', apis: [ONLINE_SESSION_CALLS.endUser] },
  ],
  columns: [
    { field: 'userName', width: 120 },
    { field: 'userCode', width: 120 },
    { field: 'address', width: 140 },
    { field: 'createdAt', cell: 'time', width: 170 },
    { field: 'lastSeenAt', cell: 'time', width: 170 },
    { field: 'userAgent', width: 300 },
  ],
  form: [],
});
