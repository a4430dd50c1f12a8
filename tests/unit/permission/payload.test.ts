import { describe, expect, it } from 'vitest';
import { buildTree, MenuType } from '../../../contract/menu';
import { permissionRows } from './permissionRows';
import { elementListBody } from '../../../resources/permission/elements';
import {
  directoryFormValues,
  directoryPayload,
  elementFormValues,
  elementPayload,
  newDirectoryValues,
} from '../../../resources/permission/payload';
import { directoryTree, findNode } from '../../../resources/permission/tree';

const tree = directoryTree(buildTree(permissionRows().filter((r) => r.appId === 1 && r.menuType >= 3)), 'A');

describe('menu form values', () => {
  it('starts a new directory below a chosen navigation or menu, else as a navigation at the top', () => {
    expect(newDirectoryValues(tree, 1, 'A', findNode(tree, 11))).toEqual({ menuType: MenuType.MENU, appId: 1, parentId: 11, sort: '31' });
    expect(newDirectoryValues(tree, 1, 'A', findNode(tree, 12))).toEqual({ menuType: MenuType.MENU, appId: 1, parentId: 12, sort: '1' });
    expect(newDirectoryValues(tree, 1, 'A', findNode(tree, 10))).toEqual({ menuType: MenuType.NAVIGATION, appId: 1, parentId: 0, sort: '11' });
    expect(newDirectoryValues(tree, 1, 'A', undefined)).toEqual({ menuType: MenuType.NAVIGATION, appId: 1, parentId: 0, sort: '11' });
  });

  it('in reading B, starts a new directory below a chosen top-level directory, else as a top-level directory', () => {
    const treeB = directoryTree([{ id: 1, parentId: 0, name: '服务中心', menuType: 5, sort: 1, children: [{ id: 2, parentId: 1, name: '工单', menuType: 4, sort: 3 }] }], 'B');
    expect(newDirectoryValues(treeB, 7, 'B', findNode(treeB, 1))).toEqual({ menuType: MenuType.MENU, appId: 7, parentId: 1, sort: '4' });
    expect(newDirectoryValues(treeB, 7, 'B', undefined)).toEqual({ menuType: MenuType.HOME, appId: 7, parentId: 0, sort: '2' });
  });

  it('edits a record with its sort as text and nulls as blanks', () => {
    expect(directoryFormValues({ menuType: '4' as unknown as MenuType, appId: 1, parentId: 11, name: 'A', sort: 3, path: '/a', url: 'a', icon: null as unknown as string })).toEqual({
      menuType: 4, appId: 1, parentId: 11, name: 'A', sort: '3', path: '/a', url: 'a', icon: undefined,
    });
  });

  it('sends the contract-clean directory, with the id on edit', () => {
    const values = { menuType: 4, appId: 1, parentId: 11, name: ' 菜单 ', sort: '7', path: '/x', url: 'x', icon: 'menu' };
    expect(directoryPayload(values, 'zh-CN')).toEqual({ menuType: 4, appId: 1, parentId: 11, name: '菜单', sort: 7, path: '/x', url: 'x', icon: 'menu' });
    expect(directoryPayload(values, 'zh-CN', 12)).toMatchObject({ id: 12, sort: 7 });
  });
});

describe('element payloads', () => {
  it('sends a page element with menuType 1, its app and its directory', () => {
    expect(elementPayload('page', { code: 'permission:export', name: '导出' }, { appId: 1, parentId: 12 }, 'zh-CN')).toEqual({
      code: 'permission:export', name: '导出', menuType: MenuType.PAGE_ELEMENT, appId: 1, parentId: 12,
    });
  });

  it('sends an API element with menuType 2, its page element and the id on edit', () => {
    expect(elementPayload('api', { code: '1009', name: '导出', url: '/x/export' }, { appId: 1, parentId: 20 }, 'zh-CN', 33)).toEqual({
      code: '1009', name: '导出', url: '/x/export', menuType: MenuType.API, appId: 1, parentId: 20, id: 33,
    });
  });

  it('fills the dialog from a row, and starts empty on add', () => {
    expect(elementFormValues('api', { code: '1001', name: '保存', url: '/p', icon: 'x' })).toEqual({ code: '1001', name: '保存', url: '/p' });
    expect(elementFormValues('page', undefined)).toEqual({ code: undefined, name: undefined });
  });

  it('asks /menu/list for the right kind below a parent', () => {
    expect(elementListBody('page', 12, 1000)).toEqual({ parentId: 12, menuType: 1, pageNo: 1, pageSize: 1000 });
    expect(elementListBody('api', 20, 1000)).toMatchObject({ parentId: 20, menuType: 2 });
  });
});
