/** Texts of a list's bulk actions on its selected rows (resources/generic/BulkBar.tsx, BulkConfirm.tsx). */
const zh = {
  'bulk.selected': '已选 {count} 项',
  'bulk.clear': '取消选择',
  'bulk.delete': '删除所选',
  'bulk.deleteQuestion': '您确认删除所选的 {count} 条记录吗？',
  'bulk.set': '批量{option}',
  'bulk.setTitle': '批量修改',
  'bulk.setQuestion': '将所选 {count} 条记录的“{field}”设为“{option}”？',
  'bulk.done': '已修改 {count} 条记录',
  'bulk.refused': '以下记录未能修改，所有记录均未保存：',
};

const en: Record<keyof typeof zh, string> = {
  'bulk.selected': '{count} selected',
  'bulk.clear': 'Clear selection',
  'bulk.delete': 'Delete selected',
  'bulk.deleteQuestion': 'Are you sure to delete the {count} selected records?',
  'bulk.set': 'Set to {option}',
  'bulk.setTitle': 'Bulk edit',
  'bulk.setQuestion': 'Set “{field}” to “{option}” on the {count} selected records?',
  'bulk.done': '{count} records changed',
  'bulk.refused': 'These records were refused; none was saved:',
};

export default { 'zh-CN': zh, 'en-US': en };
