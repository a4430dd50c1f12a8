/** What the server answers about sub-systems that the contract does not carry. */
import { text } from '../../contract';

export const appMessages = {
  baseAppUndeletable: text('基础平台不能删除', 'The base platform cannot be deleted'),
  appInUse: text('该子系统下还有菜单或角色，请先删除它们', 'This sub-system still has menus or roles; delete them first'),
};
