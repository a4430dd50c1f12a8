import { text } from '../../contract';

export const preferenceMessages = {
  unknownScreen: text('没有这个页面', 'There is no such screen'),
  unknownKind: text('没有这种设置', 'There is no such setting'),
  invalidValue: text('设置的内容有误', 'The setting is invalid'),
  tooLarge: text('设置的内容过多', 'The setting is too large'),
  screenNotGranted: text('没有打开该页面的权限', 'You do not have permission to open this screen'),
  lookupInView: text('视图不能保存按整值查找的个人信息', 'A view cannot keep a whole-value lookup of personal data'),
};
