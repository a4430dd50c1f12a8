/**
 * What a bespoke screen (a page of its own, not a declared resource) declares: its menu entry and
 * its buttons with the calls each needs (the paths of contract/paths.ts). Plain data, read by the
 * seed (server/db/screenCatalogue.ts builds the base app's menu/permission tree from it) and by the
 * console (the page addresses); each screen's declaration sits in its folder (`<family>/screen.ts`),
 * the list in ./bespokeScreens.ts.
 */
import { text, type Text } from '../contract/i18n';
import type { MenuIconName } from '../contract/menuIcons';
import type { MENU_GROUP_TITLES, NavigationKey } from '../contract/menuTitles';

export interface ButtonDeclaration {
  action: string;
  /** Its page-element code when not `<component>:<action>` (a detail resource's button on its master's screen). */
  code?: string;
  label: Text;
  /** The calls it grants, as their API elements name them. */
  apis: readonly string[];
}

export interface ScreenDeclaration {
  /** Page component name = menu `url`; button codes are `<component>:<action>`. */
  component: string;
  title: Text;
  navigation: NavigationKey;
  sort: number;
  icon: string;
  path: string;
  buttons: readonly ButtonDeclaration[];
  /** The menus it sits in below its navigation group, outermost first (none: right below the group). */
  groups?: readonly MenuGroupDeclaration[];
}

/** A menu (type 4) that only groups menus below it: it names no page (`key` is its `url` and code). */
export interface MenuGroupDeclaration {
  key: keyof typeof MENU_GROUP_TITLES;
  title: Text;
  sort: number;
  icon: MenuIconName;
  path: string;
}

const LABELS = {
  list: text('查询', 'Query'),
  create: text('新增', 'Add'),
  edit: text('编辑', 'Edit'),
  delete: text('删除', 'Delete'),
  enable: text('启用/禁用', 'Enable/disable'),
  resetPwd: text('重置密码', 'Reset password'),
  addMember: text('添加成员', 'Add member'),
  removeMember: text('移除成员', 'Remove member'),
  setSupervisor: text('设置主管', 'Set supervisor'),
  publish: text('发布', 'Publish'),
  ingest: text('导入统计数据', 'Ingest statistics'),
  export: text('导出', 'Export'),
  bulkEdit: text('批量修改', 'Bulk edit'),
  import: text('导入', 'Import'),
  history: text('变更历史', 'History'),
  revert: text('撤销变更', 'Revert'),
};

/** A button of a bespoke screen: its action (code `<component>:<action>`, label by action) and its calls. */
export const button = (action: keyof typeof LABELS, apis: readonly string[]): ButtonDeclaration => ({ action, label: LABELS[action], apis });
