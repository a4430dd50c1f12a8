/**
 * What each call is called: the name its API element gets in the seeded permission tree (the
 * zh-CN text, at most 20 characters, as the menu form allows), and the same in every language so a
 * screen reading the tree (the audit log's calls) can show a seeded name in the reader's language.
 * A name an administrator typed is data and shows as typed.
 */
import { text, type Text } from '../../contract/i18n';
import { EFFECTIVE_CALLS, OFFICE_CALLS, ROLE_CALLS, STAFF_CALLS, UA_CALLS } from '../../contract/paths';
import { roleEndMessages, ROLE_END_SWEEP_CALL } from '../../contract/roleEnds';
import { CHANGE_EMAIL_PATH, CHANGE_PASSWORD_PATH, HANDOFF_EXCHANGE_PATH, LOGIN_PATH, LOGOUT_PATH, WORKBENCH_LINK_PATH } from '../../contract/session';

const BY_PATH: Readonly<Record<string, Text>> = {
  [EFFECTIVE_CALLS.roles]: text('人员角色', 'Roles held'),
  [EFFECTIVE_CALLS.compare]: text('对比两人权限', 'Compare two staff'),
  '/customer/bank/list': text('收款信息', 'Bank and payee'),
  '/customer/address/list': text('收货地址', 'Addresses'),
  '/customer/invoice/list': text('发票信息', 'Invoices'),
  '/customer/revealLog/list': text('明文查看记录', 'Reveals'),
  [OFFICE_CALLS.addUser]: text('添加成员', 'Add members'),
  [OFFICE_CALLS.removeUser]: text('移除成员', 'Remove members'),
  [STAFF_CALLS.validTelephone]: text('校验手机号', 'Check phone'),
  [ROLE_CALLS.preview]: text('授权预览', 'Grant preview'),
  [ROLE_CALLS.dataScope]: text('数据范围', 'Data scope'),
  [ROLE_CALLS.saveDataScope]: text('保存数据范围', 'Save data scope'),
  // The UA rules' export (a YAML file for the parsers), named apart from every list's export.
  [UA_CALLS.export]: text('导出UA规则', 'Export UA rules'),
};

const BY_VERB: Readonly<Record<string, Text>> = {
  list: text('列表', 'List'),
  detail: text('详情', 'Detail'),
  saveOrUpdate: text('保存', 'Save'),
  delete: text('删除', 'Delete'),
  vaildKey: text('校验Key', 'Check key'),
  validateKey: text('校验Key', 'Check key'),
  validateCode: text('校验编号', 'Check code'),
  filterTree: text('菜单目录树', 'Menu tree'),
  tree: text('权限树', 'Permission tree'),
  validMenuType: text('校验菜单类型', 'Check menu type'),
  save: text('保存授权', 'Save grants'),
  resetPwd: text('重置密码', 'Reset password'),
  enable: text('启用禁用', 'Enable or disable'),
  filterList: text('候选人员', 'Candidates'),
  ListByKey: text('按Key查字典项', 'Items by key'),
  officeAdminFlag: text('设置主管', 'Set supervisor'),
  totalNums: text('流量总数', 'Traffic totals'),
  siteUser: text('流量折线图', 'Traffic chart'),
  teamOverview: text('团队概览', 'Team overview'),
  setUaParser: text('发布UA规则', 'Publish UA rule'),
  parse: text('解析UA', 'Parse UA'),
  preview: text('规则试匹配', 'Try rule'),
  export: text('导出', 'Export'),
  create: text('新建', 'Create'),
  reveal: text('查看明文', 'Reveal'),
  versions: text('版本列表', 'Versions'),
  ingest: text('导入统计数据', 'Ingest statistics'),
  bulkUpdate: text('批量修改', 'Bulk edit'),
  history: text('变更历史', 'History'),
  // The audit log names a revert's rows by this: a revert is told apart from an edit.
  revert: text('撤销变更', 'Revert a change'),
};

/**
 * The calls every signed-in user makes, which no API element grants (the session's own): named
 * here so a log of them reads as the action too.
 */
export const SESSION_CALL_NAMES: Readonly<Record<string, Text>> = {
  [LOGIN_PATH]: text('登录', 'Sign in'),
  [LOGOUT_PATH]: text('退出登录', 'Sign out'),
  [CHANGE_PASSWORD_PATH]: text('修改密码', 'Change password'),
  [CHANGE_EMAIL_PATH]: text('修改邮箱', 'Change e-mail'),
  [HANDOFF_EXCHANGE_PATH]: text('工作台登录', 'Workbench sign-in'),
  [WORKBENCH_LINK_PATH]: text('进入子系统', 'Open a sub-system'),
  // Not a session call: the server's own (no request), named here so its audit rows read as the action too.
  [ROLE_END_SWEEP_CALL]: roleEndMessages.sweepCall,
};

/** A short name for an API element, in every language (the verb itself, cut to 20, when unknown). */
export function apiName(path: string): Text {
  const verb = path.slice(path.lastIndexOf('/') + 1);
  return BY_PATH[path] ?? BY_VERB[verb] ?? text(verb.slice(0, 20), verb.slice(0, 20));
}
