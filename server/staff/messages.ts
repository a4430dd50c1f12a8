/** Messages of the staff calls that the contract's field rules do not carry. */
import { text } from '../../contract';

export const staffMessages = {
  officeMissing: text('部门不存在', 'The department does not exist'),
  roleIdsMalformed: text('角色格式不正确', 'Roles must be a comma list of role ids'),
  enableFlag: text('状态只能是启用或停用', 'The status must be enabled (1) or disabled (0)'),
  disableSelf: text('不能停用自己', 'You cannot disable your own account'),
  deleteSelf: text('不能删除自己', 'You cannot delete your own account'),
  resetSelf: text('不能重置自己的密码，请使用修改密码', 'You cannot reset your own password here; change it instead'),
  accountBeyondOwn: text(
    '该人员拥有您没有的角色，不能停用、删除或重置其密码',
    'This member holds roles you do not hold: you cannot disable, delete or reset the password of this account',
  ),
  passwordMalformed: text('密码格式不正确', 'The password must be sent as its SHA-256 (64 lowercase hex digits)'),
  oldPasswordWrong: text('原密码不正确', 'The current password is wrong'),
  newPasswordSame: text('新密码不能与原密码相同', 'The new password must differ from the current one'),
};
