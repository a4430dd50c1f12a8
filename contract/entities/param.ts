import { commaJoined, digits, optionalText, requiredText } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';
import type { Versioned } from '../recordVersion';

/** How many spare values a parameter carries (shown as param1..param3). */
export const SPARE_PARAM_COUNT = 3;

/** System parameter (SPEC §3 Parameter, §5 Parameter). */
export const paramEntity = defineEntity({
  fields: {
    sortNum: digits(text('排序号', 'Sort number'), 10),
    paramKey: requiredText(text('Key', 'Key'), 50),
    value: requiredText(text('值', 'Value'), 50),
    remark: optionalText(text('备注', 'Remark'), 500),
    spareParam: commaJoined(text('备用参数', 'Spare values'), SPARE_PARAM_COUNT, 50),
  },
  unique: { fields: ['paramKey'], duplicate: text('key值不可以重复', 'This key already exists') },
});

export type Param = EntityRecord<typeof paramEntity> & Versioned;
