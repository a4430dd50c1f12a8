/** Texts of the role screen's own dialogs: role authorisation and function info (SPEC §2.12). */
const zh = {
  'role.grant.title': '角色授权 · {name}',
  'role.grant.search': '搜索菜单、按钮或接口',
  'role.grant.expandAll': '展开全部',
  'role.grant.collapseAll': '收起全部',
  'role.grant.empty': '该子系统还没有菜单',
  'role.grant.noMatch': '没有匹配的菜单、按钮或接口',
  'role.grant.changes': '授权节点',

  'role.info.title': '功能信息 · {name}',
  'role.info.counts': '目录 {directories} 个，按钮 {elements} 个，接口 {apis} 个',
  'role.info.empty': '该角色尚未获得任何功能',
  'role.info.authorize': '角色授权',
  'role.info.close': '关闭',

  'role.tree.loadFailed': '权限树加载失败：{message}',

  /** Tags of the tree's nodes by menu type (contract/menu.ts). */
};

const en: Record<keyof typeof zh, string> = {
  'role.grant.title': 'Authorise · {name}',
  'role.grant.search': 'Search menus, buttons or APIs',
  'role.grant.expandAll': 'Expand all',
  'role.grant.collapseAll': 'Collapse all',
  'role.grant.empty': 'This sub-system has no menus yet',
  'role.grant.noMatch': 'No menu, button or API matches',
  'role.grant.changes': 'Granted nodes',

  'role.info.title': 'Function info · {name}',
  'role.info.counts': '{directories} directories, {elements} buttons, {apis} APIs',
  'role.info.empty': 'This role has not been granted anything yet',
  'role.info.authorize': 'Role authorisation',
  'role.info.close': 'Close',

  'role.tree.loadFailed': 'The permission tree failed to load: {message}',

};

export default { 'zh-CN': zh, 'en-US': en };
