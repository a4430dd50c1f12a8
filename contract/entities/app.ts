import { choice, digits, optionalText, requiredText, type Option } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';

export const BUSINESS_TYPES: readonly Option<1 | 2 | 3>[] = [
  { value: 1, label: text('业务系统', 'Business system') },
  { value: 2, label: text('支撑系统', 'Support system') },
  { value: 3, label: text('基础服务', 'Basic service') },
];

/** '1' shown on the workbench, '0' not. */
export const WORKBENCH_FLAGS: readonly Option<'1' | '0'>[] = [
  { value: '1', label: text('显示', 'Shown') },
  { value: '0', label: text('不显示', 'Hidden') },
];

/** The base app every console session belongs to by default. */
export const BASE_APP_CODE = 'base';

/** Sub-system (SPEC §3 Sub-system, §5 Sub-system). */
export const appEntity = defineEntity({
  fields: {
    code: requiredText(text('子系统编号', 'Code'), 20),
    name: requiredText(text('子系统名称', 'Name'), 20),
    businessType: choice(text('业务类型', 'Business type'), BUSINESS_TYPES),
    isEnable: choice(text('工作台显示', 'Shown on workbench'), WORKBENCH_FLAGS),
    sort: digits(text('排序', 'Sort'), 10),
    address: requiredText(text('访问地址', 'Address'), 100),
    logo: optionalText(text('图标地址', 'Logo'), 100),
  },
  unique: { field: 'code', duplicate: text('子系统编号不可以重复', 'This sub-system code already exists') },
});

export type App = EntityRecord<typeof appEntity> & { createTime?: number };
