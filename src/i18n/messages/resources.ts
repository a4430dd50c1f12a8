/** Texts of the generic (declarative) resource screens: list, search form, add/edit dialog, references. */
export default {
  'zh-CN': {
    'resources.rowNumber': '序号',
    'resources.actions': '操作',
    'resources.total': '共 {total} 条',
    'resources.dialog.create': '新增 · {title}',
    'resources.dialog.edit': '编辑 · {title}',
    'resources.placeholder.input': '请输入{label}',
    'resources.placeholder.select': '请选择{label}',
    'resources.loadFailed': '数据加载失败：{message}',
    'resources.reference.loadFailed': '{resource}列表加载失败：{message}',
  },
  'en-US': {
    'resources.rowNumber': 'No.',
    'resources.actions': 'Actions',
    'resources.total': 'Total {total} items',
    'resources.dialog.create': 'Add · {title}',
    'resources.dialog.edit': 'Edit · {title}',
    'resources.placeholder.input': 'Enter {label}',
    'resources.placeholder.select': 'Choose {label}',
    'resources.loadFailed': 'Loading failed: {message}',
    'resources.reference.loadFailed': 'The {resource} list failed to load: {message}',
  },
} as const;
