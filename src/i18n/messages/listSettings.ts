/** Texts of a list's column settings and saved views (resources/generic/ListSettings.tsx). */
const zh = {
  'listSettings.columns': '列设置',
  'listSettings.columnsOf': '显示的列',
  'listSettings.reset': '恢复默认',
  'listSettings.moveUp': '上移“{label}”',
  'listSettings.moveDown': '下移“{label}”',
  'listSettings.lastShown': '至少显示一列',
  'listSettings.views': '视图',
  'listSettings.noViews': '还没有保存的视图',
  'listSettings.pickView': '应用视图“{name}”',
  'listSettings.deleteView': '删除视图“{name}”',
  'listSettings.viewName': '视图名称',
  'listSettings.saveView': '保存当前视图',
  'listSettings.saveHint': '保存当前的查询条件、排序和列；同名视图将被替换',
  'listSettings.viewNameRequired': '请输入视图名称',
  'listSettings.viewNameTooLong': '视图名称最多 {max} 个字符',
  'listSettings.tooManyViews': '最多保存 {max} 个视图',
};

const en: Record<keyof typeof zh, string> = {
  'listSettings.columns': 'Columns',
  'listSettings.columnsOf': 'Columns shown',
  'listSettings.reset': 'Reset',
  'listSettings.moveUp': 'Move “{label}” up',
  'listSettings.moveDown': 'Move “{label}” down',
  'listSettings.lastShown': 'At least one column stays shown',
  'listSettings.views': 'Views',
  'listSettings.noViews': 'No saved views yet',
  'listSettings.pickView': 'Apply view “{name}”',
  'listSettings.deleteView': 'Delete view “{name}”',
  'listSettings.viewName': 'View name',
  'listSettings.saveView': 'Save current view',
  'listSettings.saveHint': 'Keeps the current filters, sort and columns; a view of the same name is replaced',
  'listSettings.viewNameRequired': 'Enter a name for the view',
  'listSettings.viewNameTooLong': 'A view name has at most {max} characters',
  'listSettings.tooManyViews': 'At most {max} views can be saved',
};

export default { 'zh-CN': zh, 'en-US': en };
