/** Messages of the menu/permission tree's rules (where each type may sit: contract/menu.ts `readingRules`). */
import { text } from '../../contract';

export const permissionMessages = {
  appMissing: text('子系统不存在', 'The sub-system does not exist'),
  parentMissing: text('父节点不存在', 'The parent node does not exist'),
  parentInOtherApp: text('父节点不属于该子系统', 'The parent node belongs to another sub-system'),
  typeNotInReading: text('该子系统的菜单类型解读中没有这种类型', "The sub-system's menu reading has no such type"),
  cycle: text('不能把节点移到它自己或它的下级节点之下', 'A node cannot be moved under itself or one of its descendants'),
  homeExists: text('该子系统已有首页', 'This sub-system already has a home page'),
  nodeBeyondOwn: text('只能修改自己拥有的菜单和权限节点，或在其下添加', 'You can only change, delete or add under menu and permission nodes granted to you'),
  urlBeyondReach: text('接口地址只能是您已拥有的接口', 'An API element can only point to an API you already hold'),
  urlWidensHolders: text(
    '拥有该接口元素的角色没有这个接口，修改地址会把它授予这些角色',
    'Roles holding this API element do not hold that API: changing its address would grant it to them',
  ),
  roleNotInApp: text('该子系统下没有这个角色', 'The sub-system has no such role'),
};
