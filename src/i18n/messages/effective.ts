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
};

export default { 'zh-CN': zh, 'en-US': en };
