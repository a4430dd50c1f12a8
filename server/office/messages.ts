/** Messages of the organisation calls that the contract does not (yet) carry. */
import { text } from '../../contract';

export const officeMessages = {
  officeMissing: text('组织不存在', 'The organisation node does not exist'),
  departmentParent: text('部门位于顶层，上级组织须为空', 'A department sits at the top: it has no parent organisation'),
  parentMissing: text('上级组织不存在', 'The parent organisation does not exist'),
  groupPlacement: text('小组只能位于部门之下', 'A group must sit under a department'),
  staffMissing: text('部分人员不存在', 'Some of these staff members do not exist'),
  adminFlagLabel: text('主管标识', 'Supervisor flag'),
  supervisorUnplaced: text('不属于任何组织的人员不能设置主管标识', 'The supervisor flag applies only to staff who belong to an organisation node'),
};
