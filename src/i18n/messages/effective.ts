/** Texts of the effective-permissions page (resources/effective). */
const zh = {
  'effective.user.label': '人员',
  'effective.user.placeholder': '输入工号或姓名搜索',
  'effective.user.none': '没有匹配的人员',
  'effective.user.disabled': '已停用',
  'effective.apps.label': '子系统',
  'effective.apps.placeholder': '请选择子系统',
  'effective.apps.empty': '还没有子系统',

  'effective.tree.label': '有效权限树',
  'effective.tree.pick': '请选择人员和子系统，查看其可访问的菜单、按钮和接口',
  'effective.tree.empty': '该人员在此子系统中没有任何权限',
  'effective.tree.failed': '有效权限加载失败',
  'effective.tree.context': '未授予，仅显示所在位置',
  'effective.summary': '菜单 {menus} 个，按钮 {buttons} 个，接口 {apis} 个',
  'effective.readOnly': '只读视图：权限来自人员已启用的角色；如需调整，请在角色管理中授权。',

  'effective.mode.label': '查看方式',
  'effective.mode.tree': '有效权限',
  'effective.mode.compare': '对比',

  'effective.roles.title': '持有角色',
  'effective.roles.empty': '该人员没有任何角色',
  'effective.roles.failed': '角色加载失败',
  'effective.roles.disabled': '已停用',
  'effective.roles.scope': '数据范围',
  'effective.roles.noEnd': '长期有效',

  'effective.compare.other': '对比人员',
  'effective.compare.pickBoth': '请选择两位人员和子系统进行对比',
  'effective.compare.pick': '请选择对比人员',
  'effective.compare.only': '仅 {name} 可访问',
  'effective.compare.none': '没有仅此人可访问的菜单、按钮或接口',
  'effective.compare.shared': '两人都可访问 {count} 项',
  'effective.compare.failed': '对比结果加载失败',
};

const en: Record<keyof typeof zh, string> = {
  'effective.user.label': 'Staff',
  'effective.user.placeholder': 'Search by employee code or name',
  'effective.user.none': 'No matching staff',
  'effective.user.disabled': 'Disabled',
  'effective.apps.label': 'Sub-system',
  'effective.apps.placeholder': 'Choose a sub-system',
  'effective.apps.empty': 'There are no sub-systems yet',

  'effective.tree.label': 'Effective permission tree',
  'effective.tree.pick': 'Choose a staff member and a sub-system to see the menus, buttons and APIs they can reach',
  'effective.tree.empty': 'This staff member has no permissions in this sub-system',
  'effective.tree.failed': 'The effective permissions could not be loaded',
  'effective.tree.context': 'Not granted; shown for its place only',
  'effective.summary': '{menus} menus, {buttons} buttons, {apis} APIs',
  'effective.readOnly': 'Read-only: permissions come from the enabled roles of the staff member; grant them in Roles to change them.',

  'effective.mode.label': 'View',
  'effective.mode.tree': 'Effective permissions',
  'effective.mode.compare': 'Compare',

  'effective.roles.title': 'Roles held',
  'effective.roles.empty': 'This staff member holds no roles',
  'effective.roles.failed': 'The roles could not be loaded',
  'effective.roles.disabled': 'Disabled',
  'effective.roles.scope': 'Data scope',
  'effective.roles.noEnd': 'No end',

  'effective.compare.other': 'Compare with',
  'effective.compare.pickBoth': 'Choose two staff members and a sub-system to compare',
  'effective.compare.pick': 'Choose a staff member to compare with',
  'effective.compare.only': 'Only {name}',
  'effective.compare.none': 'No menus, buttons or APIs that only this one reaches',
  'effective.compare.shared': 'Both reach {count} menus, buttons and APIs',
  'effective.compare.failed': 'The comparison could not be loaded',
};

export default { 'zh-CN': zh, 'en-US': en };
