/** What the grant preview says (zh-CN and en-US), read by its panel and the dialogs that show it. */
import { text } from '../../contract/i18n';

export const grantPreviewTexts = {
  preview: text('预览影响', 'Preview'),
  loading: text('正在计算影响…', 'Working out who is affected…'),
  affected: text('{count} 名人员的权限将发生变化', 'The reach of {count} staff changes'),
  noChange: text('保存后没有人员的权限发生变化', 'Saving changes nobody’s reach'),
  gained: text('获得', 'Gain'),
  lost: text('失去', 'Lose'),
  menus: text('菜单', 'Menus'),
  buttons: text('按钮', 'Buttons'),
  apis: text('接口', 'APIs'),
  nodes: text('{count} 项', '{count}'),
  staffCount: text('{count} 人', '{count} staff'),
  staffGaining: text('{count} 名人员获得权限', '{count} staff gain access'),
  staffLosing: text('{count} 名人员失去权限', '{count} staff lose access'),
  showNames: text('查看名单', 'Show names'),
  hideNames: text('收起名单', 'Hide names'),
  moreHidden: text('另有 {count} 人未列出', '{count} more not listed'),
  saveAfterPreview: text('确认保存', 'Save'),
};
