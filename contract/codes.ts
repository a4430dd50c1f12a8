import { text, type Text } from './i18n';

/** Envelope codes. 0 is success; 1002 and 1007 send the console to the workbench login. */
export const Code = {
  OK: 0,
  BAD_REQUEST: 1000,
  VALIDATION_FAILED: 1001,
  NO_TOKEN: 1002,
  FORBIDDEN: 1003,
  NOT_FOUND: 1004,
  DUPLICATE: 1005,
  LOGIN_FAILED: 1006,
  TOKEN_EXPIRED: 1007,
  PASSWORD_CHANGE_REQUIRED: 1008,
  TOO_MANY_ATTEMPTS: 1009,
  PAYLOAD_TOO_LARGE: 1010,
  CONFLICT: 1011,
  /** A save of a record carrying a version that is no longer the record's: someone else changed it (contract/recordVersion.ts). */
  STALE_VERSION: 1012,
  INTERNAL_ERROR: 1500,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Codes after which the session is gone and the user must log in again. */
export const SESSION_ENDED_CODES: readonly number[] = [Code.NO_TOKEN, Code.TOKEN_EXPIRED];

export const codeMessages: Record<Code, Text> = {
  [Code.OK]: text('操作成功', 'operation successful'),
  [Code.BAD_REQUEST]: text('请求格式错误', 'The request is malformed'),
  [Code.VALIDATION_FAILED]: text('提交的数据有误', 'The submitted data is invalid'),
  [Code.NO_TOKEN]: text('请先登录', 'Please log in'),
  [Code.FORBIDDEN]: text('没有访问权限', 'You do not have permission for this'),
  [Code.NOT_FOUND]: text('记录不存在', 'The record does not exist'),
  [Code.DUPLICATE]: text('数据重复', 'The value is already taken'),
  [Code.LOGIN_FAILED]: text('用户名或密码错误', 'Wrong username or password'),
  [Code.TOKEN_EXPIRED]: text('登录已过期，请重新登录', 'Your session has expired, please log in again'),
  [Code.PASSWORD_CHANGE_REQUIRED]: text('请先修改密码', 'Please change your password first'),
  [Code.TOO_MANY_ATTEMPTS]: text('尝试次数过多，请稍后再试', 'Too many attempts, please try again later'),
  [Code.PAYLOAD_TOO_LARGE]: text('请求内容过大', 'The request is too large'),
  [Code.CONFLICT]: text('操作与现有数据冲突', 'The operation conflicts with existing data'),
  [Code.STALE_VERSION]: text('该记录已被他人修改，请核对后再保存', 'Someone else changed this record since you opened it; compare and save again'),
  [Code.INTERNAL_ERROR]: text('服务器内部错误', 'Internal server error'),
};
