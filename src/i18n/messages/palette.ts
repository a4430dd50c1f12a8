/** Texts of the command palette (src/palette/): its button, search box, groups and hints. */
export default {
  'zh-CN': {
    'palette.open': '搜索页面和记录',
    'palette.title': '搜索页面和记录',
    'palette.placeholder': '页面名称、拼音首字母或列表记录',
    'palette.screens': '页面',
    'palette.records': '当前列表：{title}',
    'palette.empty': '没有找到匹配的页面或记录',
    'palette.searching': '正在搜索…',
    'palette.loading': '正在打开搜索…',
    'palette.hint.move': '↑↓ 选择',
    'palette.hint.open': 'Enter 打开',
    'palette.hint.close': 'Esc 关闭',
  },
  'en-US': {
    'palette.open': 'Search screens and records',
    'palette.title': 'Search screens and records',
    'palette.placeholder': 'Screen, pinyin initials or record',
    'palette.screens': 'Screens',
    'palette.records': 'In this list: {title}',
    'palette.empty': 'No screen or record matches',
    'palette.searching': 'Searching…',
    'palette.loading': 'Opening the search…',
    'palette.hint.move': '↑↓ to move',
    'palette.hint.open': 'Enter to open',
    'palette.hint.close': 'Esc to close',
  },
} as const;
