import { BUSINESS_TYPE_DICTIONARY } from '../dictionaries';
import { choice, dictionaryChoice, digits, optionalText, requiredText, webAddress, type Option } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';
import { DEFAULT_MENU_READING, MENU_READINGS, readingRules, type MenuReading } from '../menu';
import type { Versioned } from '../recordVersion';

/** The seeded business types (the `business_type` dictionary holds the current ones). */
export const BUSINESS_TYPES: readonly Option<number>[] = BUSINESS_TYPE_DICTIONARY.items.map((item) => ({ value: Number(item.value), label: item.name }));

/** '1' shown on the workbench, '0' not. */
export const WORKBENCH_FLAGS: readonly Option<'1' | '0'>[] = [
  { value: '1', label: text('显示', 'Shown') },
  { value: '0', label: text('不显示', 'Hidden') },
];

/** The two readings of menu types (contract/menu.ts), as the sub-system dialog offers them. */
export const MENU_READING_OPTIONS: readonly Option<MenuReading>[] = MENU_READINGS.map((value) => ({ value, label: readingRules[value].label }));

/** Why the reading shows read-only, and what the server answers to a change: the tree would be read anew. */
export const MENU_READING_FIXED = text(
  '子系统已有菜单和权限节点，菜单类型解读不可再修改',
  "The sub-system's tree has nodes: its menu reading can no longer change",
);

/** The base app every console session belongs to by default. */
export const BASE_APP_CODE = 'base';

/** Sub-system (SPEC §3 Sub-system, §5 Sub-system). */
export const appEntity = defineEntity({
  fields: {
    code: requiredText(text('子系统编号', 'Code'), 20),
    name: requiredText(text('子系统名称', 'Name'), 20),
    businessType: dictionaryChoice(text('业务类型', 'Business type'), BUSINESS_TYPE_DICTIONARY.dicKey, 'integer'),
    isEnable: choice(text('工作台显示', 'Shown on workbench'), WORKBENCH_FLAGS, '1'),
    sort: digits(text('排序', 'Sort'), 10),
    address: webAddress(text('访问地址', 'Address'), 100),
    logo: optionalText(text('图标地址', 'Logo'), 100),
    /** Which reading of menu types its tree uses (SPEC §3 Menu / permission node); fixed once the tree has nodes. */
    menuReading: choice(text('菜单类型解读', 'Menu reading'), MENU_READING_OPTIONS, DEFAULT_MENU_READING),
  },
  unique: { fields: ['code'], duplicate: text('子系统编号不可以重复', 'This sub-system code already exists') },
});

export type App = EntityRecord<typeof appEntity> & { createTime?: number; updateTime?: number } & Versioned;
