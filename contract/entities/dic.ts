import { choice, digits, reference, requiredText, type Option } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';
import type { Versioned } from '../recordVersion';

/** 1 system (the platform relies on it: never deleted), 2 normal. */
export const DIC_TYPES: readonly Option<1 | 2>[] = [
  { value: 1, label: text('系统', 'System') },
  { value: 2, label: text('普通', 'Normal') },
];

/** An item's switch: 1 on (offered in dropdowns), 0 off. The first option is "on". */
export const ITEM_OPEN_STATUSES: readonly Option<1 | 0>[] = [
  { value: 1, label: text('开启', 'On') },
  { value: 0, label: text('关闭', 'Off') },
];

/** Dictionary (SPEC §3 Dictionary, §5 Dictionary): its key is unique among dictionaries. */
export const dicEntity = defineEntity({
  fields: {
    name: requiredText(text('字典名称', 'Name'), 50),
    dicKey: requiredText(text('key值', 'Key'), 50),
    type: choice(text('字典类型', 'Type'), DIC_TYPES),
  },
  unique: { fields: ['dicKey'], duplicate: text('key值不可以重复', 'This key already exists') },
});

/**
 * Dictionary item (SPEC §3 Dictionary item, §5): text (`name`) and value (`dicKey`) of one choice
 * of its dictionary (`parentId`). The value is unique within the dictionary; `sortNum` is its place
 * (1…n, kept by the server); `openStatus` 1 offers it, 0 hides it from dropdowns.
 */
export const dicItemEntity = defineEntity({
  fields: {
    parentId: reference(text('所属字典', 'Dictionary')),
    name: requiredText(text('文本', 'Text'), 50),
    dicKey: requiredText(text('值', 'Value'), 50),
    sortNum: digits(text('排序号', 'Sort number'), 10, false),
    openStatus: choice(text('状态', 'Status'), ITEM_OPEN_STATUSES, 1),
  },
  unique: { fields: ['parentId', 'dicKey'], duplicate: text('该字典下已有这个值', 'This value already exists in the dictionary') },
});

export type Dictionary = EntityRecord<typeof dicEntity> & Versioned;
export type DictionaryItem = EntityRecord<typeof dicItemEntity> & Versioned;

/** What `/dic/ListByKey` answers per item: the enabled items of a dictionary, in order. */
export interface DictionaryEntry {
  name: string;
  dicKey: string;
  sortNum: number;
  /** Only with `all=1`, which answers the items switched off too. */
  openStatus?: number;
}
