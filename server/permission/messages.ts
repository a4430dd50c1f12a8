/** Messages of the menu/permission tree's rules that the contract does not (yet) carry. */
import { text } from '../../contract';

export const permissionMessages = {
  appMissing: text('子系统不存在', 'The sub-system does not exist'),
  parentMissing: text('父节点不存在', 'The parent node does not exist'),
  parentInOtherApp: text('父节点不属于该子系统', 'The parent node belongs to another sub-system'),
  topLevelOnly: text('导航和首页只能位于顶层，父节点须为0', 'Navigation entries and the home page sit at the top: the parent must be 0'),
  menuPlacement: text('菜单只能位于导航或菜单之下', 'A menu must sit under a navigation entry or another menu'),
  pageElementPlacement: text('页面元素只能位于菜单或首页之下', 'A page element must sit under a menu or the home page'),
  apiElementPlacement: text('接口元素只能位于页面元素之下', 'An API element must sit under a page element'),
  cycle: text('不能把节点移到它自己或它的下级节点之下', 'A node cannot be moved under itself or one of its descendants'),
  homeExists: text('该子系统已有首页', 'This sub-system already has a home page'),
  roleNotInApp: text('该子系统下没有这个角色', 'The sub-system has no such role'),
};
