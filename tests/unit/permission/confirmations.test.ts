import { describe, expect, it } from 'vitest';
import { MenuType, type PermissionNode } from '../../../contract/menu';
import { deleteQuestion } from '../../../resources/permission/confirmations';
import type { ElementRow } from '../../../resources/permission/elements';
import { translate, setLocale } from '../../../src/i18n';

const leaf = (id: number, name: string): PermissionNode => ({
  id, parentId: 1, appId: 1, name, sort: 1, path: '', url: '', icon: '', code: '', menuType: MenuType.MENU, children: [],
});
const row = { id: 20, parentId: 12, appId: 1, name: '导出', sort: 1, path: '', url: '', icon: '', code: 'x:export', menuType: MenuType.PAGE_ELEMENT } as ElementRow;
const text = (target: Parameters<typeof deleteQuestion>[0]) => {
  const { key, params } = deleteQuestion(target);
  return translate(key, params);
};

describe('delete confirmations name the item and what goes with it', () => {
  it('says how many nodes go with a directory', () => {
    setLocale('zh-CN');
    const nav = { ...leaf(1, '系统管理'), parentId: 0, menuType: MenuType.NAVIGATION, children: [{ ...leaf(2, 'A'), children: [leaf(3, 'B')] }] };
    expect(text({ kind: 'directory', node: nav })).toBe('确认删除“系统管理”吗？其下的 2 个子节点及它们的页面元素和接口也会一并删除。');
    expect(text({ kind: 'directory', node: leaf(4, '日志') })).toBe('确认删除“日志”吗？其下的子菜单、页面元素和接口也会一并删除。');
  });

  it('names page and API elements', () => {
    setLocale('zh-CN');
    expect(text({ kind: 'element', element: 'page', row })).toBe('确认删除页面元素“导出”吗？其下的接口也会一并删除。');
    expect(text({ kind: 'element', element: 'api', row })).toBe('确认删除接口“导出”吗？');
  });

  it('reads in English', () => {
    setLocale('en-US');
    expect(text({ kind: 'directory', node: leaf(4, 'Logs') })).toBe('Delete "Logs"? Its sub-menus, page elements and APIs will be deleted too.');
    expect(text({ kind: 'element', element: 'page', row })).toBe('Delete the page element "导出"? Its APIs will be deleted too.');
    setLocale('zh-CN');
  });
});
