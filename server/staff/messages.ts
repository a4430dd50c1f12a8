/** Messages of the staff calls that the contract's field rules do not carry. */
import { text } from '../../contract';
import { OWN_ACCOUNT_REFUSALS } from '../../contract/entities/staff';

export const staffMessages = {
  officeMissing: text('部门不存在', 'The department does not exist'),
  roleIdsMalformed: text('角色格式不正确', 'Roles must be a comma list of role ids'),
  roleEndsMalformed: text('角色结束时间格式不正确', 'Role ends must map role ids to a time (epoch ms) or null'),
  enableFlag: text('状态只能是启用或停用', 'The status must be enabled (1) or disabled (0)'),
  disableSelf: OWN_ACCOUNT_REFUSALS.disable,
  deleteSelf: OWN_ACCOUNT_REFUSALS.delete,
  resetSelf: OWN_ACCOUNT_REFUSALS.resetPwd,
  accountBeyondOwn: text(
    '该人员拥有您没有的角色，不能修改、启用、停用、删除或重置其密码',
    'This member holds roles you do not hold: you cannot change, enable, disable, delete or reset the password of this account',
  ),
  passwordMalformed: text('密码格式不正确', 'The password must be sent as its SHA-256 (64 lowercase hex digits)'),
  oldPasswordWrong: text('原密码不正确', 'The current password is wrong'),
  weakPassword: text('该密码为空或过于常见，请换一个更难猜的密码', 'This password is empty or too common; choose one that is harder to guess'),
  newPasswordSame: text('新密码不能与原密码相同', 'The new password must differ from the current one'),
};
