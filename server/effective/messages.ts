/** Messages of the effective-permissions calls that the contract does not (yet) carry. */
import { text } from '../../contract';

export const effectiveMessages = {
  userMissing: text('人员不存在', 'The staff member does not exist'),
  appMissing: text('子系统不存在', 'The sub-system does not exist'),
};
