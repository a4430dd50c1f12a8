/** Texts of the example pages (SPEC §1 template demo pages). */
const zh = {
  'examples.treeFilter.title': '树形筛选',
  'examples.treeFilter.placeholder': '输入地名或行政区划代码，如 杭州、Hangzhou、3301',
  'examples.treeFilter.hint': '全国省、市、区县，输入文字即时筛选',
  'examples.treeFilter.matches': '找到 {count} 个匹配',
  'examples.treeFilter.loadFailed': '行政区划数据加载失败',
  'examples.placeholder.label': '占位页面',
  'examples.placeholder.body': '“{title}”是一个占位页面：它只用来演示菜单怎样嵌套、怎样打开页面，这里还没有任何功能。',
};

const en: Record<keyof typeof zh, string> = {
  'examples.treeFilter.title': 'Tree filter',
  'examples.treeFilter.placeholder': 'Type a place or a division code, e.g. 杭州, Hangzhou, 3301',
  'examples.treeFilter.hint': 'Every province, city and district of China; typing filters at once',
  'examples.treeFilter.matches': '{count} matches',
  'examples.treeFilter.loadFailed': 'The division data failed to load',
  'examples.placeholder.label': 'Placeholder page',
  'examples.placeholder.body': '“{title}” is a placeholder page: it only shows how menus nest and open their pages; there is nothing to do here yet.',
};

export default { 'zh-CN': zh, 'en-US': en };
