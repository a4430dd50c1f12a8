/**
 * What the audit screens read (issue: audit log, login log, online users). The server writes these
 * rows itself (audit triggers, the login route, the session store); the console only lists them.
 */
import { choice, digits, optionalReference, optionalText, requiredText, type Option } from '../fields';
import { defineEntity } from '../entity';
import { text } from '../i18n';

/** `export`: a list exported to a file (its filter, columns and row count; no record changed). */
export type AuditAction = 'insert' | 'update' | 'delete' | 'export';

export const AUDIT_ACTIONS: readonly Option<AuditAction>[] = [
  { value: 'insert', label: text('新增', 'Added') },
  { value: 'update', label: text('修改', 'Changed') },
  { value: 'delete', label: text('删除', 'Deleted') },
  { value: 'export', label: text('导出', 'Exported') },
];

/** Epoch milliseconds, shown as a local date and time (cell `time`). */
const time = (zh: string, en: string) => digits(text(zh, en), 15);

/**
 * One record changed by one request: `changes` is JSON `{ column: [before, after] }`, personal
 * columns masked. Who wrote is the account (`userId`, and `userCode`, the login code, fixed once
 * created); `userName` is only the display name it had, which anyone may share. Rows written
 * before the code was recorded have none.
 */
export const auditLogEntity = defineEntity({
  fields: {
    changedAt: time('时间', 'Time'),
    userName: optionalText(text('操作人', 'By'), 50),
    userCode: optionalText(text('操作人账号', 'Account'), 50),
    userId: digits(text('操作人编号', 'Account id'), 15, false),
    method: requiredText(text('方法', 'Method'), 10),
    route: requiredText(text('调用', 'Call'), 200),
    address: optionalText(text('地址', 'Address'), 64),
    tableName: requiredText(text('数据表', 'Table'), 64),
    recordId: optionalText(text('记录', 'Record'), 64),
    action: choice(text('变更类型', 'Change'), AUDIT_ACTIONS),
    changes: optionalText(text('变更', 'Changes'), 1_000_000),
    requestId: requiredText(text('请求', 'Request'), 40),
  },
});

export type LoginReason = 'success' | 'wrongPassword' | 'unknownUser' | 'disabled' | 'throttled' | 'invalid';

export const LOGIN_REASONS: readonly Option<LoginReason>[] = [
  { value: 'success', label: text('登录成功', 'Signed in') },
  { value: 'wrongPassword', label: text('密码错误', 'Wrong password') },
  { value: 'unknownUser', label: text('用户不存在', 'Unknown user') },
  { value: 'disabled', label: text('账号已停用', 'Account disabled') },
  { value: 'throttled', label: text('尝试过多，已拒绝', 'Too many attempts') },
  { value: 'invalid', label: text('输入不合规', 'Invalid input') },
];

export const LOGIN_RESULTS: readonly Option<'success' | 'failure'>[] = [
  { value: 'success', label: text('成功', 'Success') },
  { value: 'failure', label: text('失败', 'Failure') },
];

/** A typed account code is kept up to this many characters. */
export const LOGIN_LOG_NAME_LENGTH = 50;

export const loginLogEntity = defineEntity({
  fields: {
    attemptedAt: time('时间', 'Time'),
    // An account's code as typed; any other text masked (`At***(16)`: server/audit/loginLog.ts); empty when nothing readable was typed.
    userName: optionalText(text('用户名', 'User name'), LOGIN_LOG_NAME_LENGTH),
    address: optionalText(text('地址', 'Address'), 64),
    userAgent: optionalText(text('浏览器', 'Browser'), 300),
    result: choice(text('结果', 'Result'), LOGIN_RESULTS),
    reason: choice(text('原因', 'Reason'), LOGIN_REASONS),
  },
});

/** A live session with its user (the view `online_session`). */
export const onlineSessionEntity = defineEntity({
  fields: {
    userId: optionalReference(text('用户', 'User')),
    userName: requiredText(text('姓名', 'Name'), 50),
    userCode: requiredText(text('账号', 'Account'), 50),
    address: optionalText(text('地址', 'Address'), 64),
    userAgent: optionalText(text('浏览器', 'Browser'), 300),
    createdAt: time('登录时间', 'Since'),
    lastSeenAt: time('最近活动', 'Last seen'),
  },
});
