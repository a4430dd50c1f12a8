/**
 * Texts of the person list and the staff dialog (SPEC §2.3–2.4). Field labels and rule messages
 * come from the contract (contract/entities/staff.ts); these are the screen's own words.
 */
const zh = {
  'staff.table.label': '人员列表',
  'staff.add': '新增员工',
  'staff.search.roles': '角色标签',

  'staff.column.census': '户籍地址',
  'staff.column.roles': '关联角色',
  'staff.column.enable': '启用',
  'staff.enable.label': '启用{name}',

  'staff.action.resetPwd': '重置密码',
  'staff.action.history': '变更历史',

  'staff.dialog.create': '新增员工',
  'staff.dialog.edit': '编辑员工 · {name}',
  'staff.section.identity': '身份信息',
  'staff.section.personal': '个人信息',
  'staff.section.census': '户籍地址',
  'staff.section.live': '现居住地址',
  'staff.section.education': '教育经历',
  'staff.section.work': '工作信息',
  'staff.field.censusRegion': '户籍所在地区',
  'staff.field.liveRegion': '现居住地区',
  'staff.field.roles': '角色',

  'staff.disable.title': '停用员工',
  'staff.disable.confirm': '停用后“{name}”将立即退出登录，且无法登录，直到重新启用。确定停用吗？',
  'staff.disable.ok': '停用',
  'staff.bulk.disableNote': '停用后他们将立即退出登录，且无法登录，直到重新启用。',
  'staff.resetPwd.title': '重置密码',
  'staff.resetPwd.confirm': '确定重置{name}的密码吗？',
  'staff.resetPwd.done': '{name}的新密码',
  'staff.resetPwd.password': '临时密码',
  'staff.resetPwd.once': '密码只显示这一次，请复制后告知员工。',
  'staff.resetPwd.mustChange': '员工首次登录时必须修改此密码。',
  'staff.resetPwd.copy': '复制',
  'staff.resetPwd.copied': '已复制',
  'staff.resetPwd.close': '我已记下',
};

const en: Record<keyof typeof zh, string> = {
  'staff.table.label': 'Staff',
  'staff.add': 'Add employee',
  'staff.search.roles': 'Role tags',

  'staff.column.census': 'Census address',
  'staff.column.roles': 'Linked roles',
  'staff.column.enable': 'Enabled',
  'staff.enable.label': 'Enable {name}',

  'staff.action.resetPwd': 'Reset password',
  'staff.action.history': 'History',

  'staff.dialog.create': 'Add employee',
  'staff.dialog.edit': 'Edit employee · {name}',
  'staff.section.identity': 'Identity',
  'staff.section.personal': 'Personal',
  'staff.section.census': 'Census address',
  'staff.section.live': 'Residence address',
  'staff.section.education': 'Education',
  'staff.section.work': 'Work',
  'staff.field.censusRegion': 'Census region',
  'staff.field.liveRegion': 'Residence region',
  'staff.field.roles': 'Roles',

  'staff.disable.title': 'Disable employee',
  'staff.disable.confirm': '“{name}” will be signed out at once and cannot sign in until enabled again. Disable?',
  'staff.disable.ok': 'Disable',
  'staff.bulk.disableNote': 'They will be signed out at once and cannot sign in until enabled again.',
  'staff.resetPwd.title': 'Reset password',
  'staff.resetPwd.confirm': 'Sure to reset the password of {name}?',
  'staff.resetPwd.done': 'New password of {name}',
  'staff.resetPwd.password': 'Temporary password',
  'staff.resetPwd.once': 'It is shown only this once: copy it and pass it on to the employee.',
  'staff.resetPwd.mustChange': 'The employee must change it at first login.',
  'staff.resetPwd.copy': 'Copy',
  'staff.resetPwd.copied': 'Copied',
  'staff.resetPwd.close': 'Done',
};

export default { 'zh-CN': zh, 'en-US': en };
