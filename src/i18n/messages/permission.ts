/** Texts of the menu/permission management page (resources/permission). Field labels come from the contract. */
const zh = {
  'permission.apps.label': '子系统',
  'permission.apps.placeholder': '请选择子系统',
  'permission.apps.empty': '还没有子系统，请先在子系统管理中添加',

  'permission.tree.title': '菜单目录',
  'permission.tree.label': '菜单目录树',
  'permission.tree.empty': '该子系统还没有菜单',
  'permission.tree.rootTitle': '顶级节点',

  'permission.pages.title': '页面元素',
  'permission.pages.of': '所属目录：{name}',
  'permission.pages.noDirectory': '请先在左侧选择一个目录',
  'permission.pages.topLevel': '顶级导航下不能直接添加页面元素，请选择其下的菜单',

  'permission.apis.title': '接口元素',
  'permission.apis.of': '所属页面元素：{name}',
  'permission.apis.noPage': '请先在页面元素中选择一行',


  'permission.dialog.directory.create': '新增菜单',
  'permission.dialog.directory.edit': '编辑菜单',
  'permission.dialog.page.create': '新增页面元素',
  'permission.dialog.page.edit': '编辑页面元素',
  'permission.dialog.api.create': '新增接口',
  'permission.dialog.api.edit': '编辑接口',

  'permission.form.homeTaken': '该子系统已有首页，不能再添加',
  'permission.form.parentInvalid': '菜单只能放在导航或菜单下',

  'permission.delete.directory': '确认删除“{name}”吗？其下的子菜单、页面元素和接口也会一并删除。',
  'permission.delete.directoryWithCount': '确认删除“{name}”吗？其下的 {count} 个子节点及它们的页面元素和接口也会一并删除。',
  'permission.delete.page': '确认删除页面元素“{name}”吗？其下的接口也会一并删除。',
  'permission.delete.api': '确认删除接口“{name}”吗？',
};

const en: Record<keyof typeof zh, string> = {
  'permission.apps.label': 'Sub-system',
  'permission.apps.placeholder': 'Choose a sub-system',
  'permission.apps.empty': 'No sub-systems yet; add one under Sub-systems first',

  'permission.tree.title': 'Menu directories',
  'permission.tree.label': 'Menu directory tree',
  'permission.tree.empty': 'This sub-system has no menus yet',
  'permission.tree.rootTitle': 'Top level',

  'permission.pages.title': 'Page elements',
  'permission.pages.of': 'Directory: {name}',
  'permission.pages.noDirectory': 'Choose a directory on the left first',
  'permission.pages.topLevel': 'Page elements cannot sit directly under a top-level navigation; choose a menu below it',

  'permission.apis.title': 'API elements',
  'permission.apis.of': 'Page element: {name}',
  'permission.apis.noPage': 'Choose a page element row first',


  'permission.dialog.directory.create': 'Add menu',
  'permission.dialog.directory.edit': 'Edit menu',
  'permission.dialog.page.create': 'Add page element',
  'permission.dialog.page.edit': 'Edit page element',
  'permission.dialog.api.create': 'Add API',
  'permission.dialog.api.edit': 'Edit API',

  'permission.form.homeTaken': 'This sub-system already has a home page',
  'permission.form.parentInvalid': 'A menu can only sit under a navigation or another menu',

  'permission.delete.directory': 'Delete "{name}"? Its sub-menus, page elements and APIs will be deleted too.',
  'permission.delete.directoryWithCount': 'Delete "{name}"? Its {count} child nodes, with their page elements and APIs, will be deleted too.',
  'permission.delete.page': 'Delete the page element "{name}"? Its APIs will be deleted too.',
  'permission.delete.api': 'Delete the API "{name}"?',
};

export default { 'zh-CN': zh, 'en-US': en };
