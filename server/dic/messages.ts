/** Messages of the dictionary rules that the contract does not (yet) carry. */
import { text } from '../../contract';

export const dicMessages = {
  systemCreate: text('只有超级管理员可以新建系统字典', 'Only a super-admin can create a system dictionary'),
  /** {dicKey}: the dictionary; {fields}: the fields reading it, as `<resource> · <field>`. */
  readByField: text('字典 {dicKey} 被“{fields}”读取，不能删除', 'The dictionary {dicKey} is read by {fields}: it cannot be deleted'),
};
