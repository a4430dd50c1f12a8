/**
 * The dictionaries the platform seeds and reads by key, with the texts of their seeded items in
 * every locale. The seed stores the zh-CN text as an item's name; the console shows the text of the
 * current locale while the name is still the seeded one (a name an administrator typed is data and
 * shows as typed), the way seeded menu titles do (menuTitles.ts).
 *
 * Plain data, no zod: the console reads it without the contract's schemas.
 */
import type { Text } from './i18n';

export interface SeededDictionary {
  dicKey: string;
  name: Text;
  /** 1 system: the platform reads it, so it cannot be deleted. */
  type: 1 | 2;
  items: ReadonlyArray<{ value: string; name: Text }>;
}

/** Business types of the sub-systems (SPEC §3 Sub-system businessType 1–3). */
export const BUSINESS_TYPE_DICTIONARY: SeededDictionary = {
  dicKey: 'business_type',
  name: { 'zh-CN': '业务类型', 'en-US': 'Business types' },
  type: 1,
  items: [
    { value: '1', name: { 'zh-CN': '业务系统', 'en-US': 'Business system' } },
    { value: '2', name: { 'zh-CN': '支撑系统', 'en-US': 'Support system' } },
    { value: '3', name: { 'zh-CN': '基础服务', 'en-US': 'Basic service' } },
  ],
};

/** Industries of the customers (SPEC §2.18 industry via dictionary TRADE_TYPE). */
export const TRADE_TYPE_DICTIONARY: SeededDictionary = {
  dicKey: 'TRADE_TYPE',
  name: { 'zh-CN': '行业类型', 'en-US': 'Industries' },
  type: 1,
  items: [
    { value: '1', name: { 'zh-CN': '互联网', 'en-US': 'Internet' } },
    { value: '2', name: { 'zh-CN': '金融', 'en-US': 'Finance' } },
    { value: '3', name: { 'zh-CN': '教育', 'en-US': 'Education' } },
    { value: '4', name: { 'zh-CN': '医疗健康', 'en-US': 'Healthcare' } },
    { value: '5', name: { 'zh-CN': '零售电商', 'en-US': 'Retail and e-commerce' } },
    { value: '6', name: { 'zh-CN': '制造业', 'en-US': 'Manufacturing' } },
    { value: '7', name: { 'zh-CN': '物流运输', 'en-US': 'Logistics' } },
    { value: '8', name: { 'zh-CN': '文化传媒', 'en-US': 'Media and culture' } },
    { value: '9', name: { 'zh-CN': '房地产', 'en-US': 'Real estate' } },
    { value: '10', name: { 'zh-CN': '其他', 'en-US': 'Other' } },
  ],
};

export const SEEDED_DICTIONARIES: readonly SeededDictionary[] = [BUSINESS_TYPE_DICTIONARY, TRADE_TYPE_DICTIONARY];

/** An item's text in `locale` while it is the seeded zh-CN text, else as stored. */
export function dictionaryItemText(dicKey: string, value: string, storedName: string, locale: keyof Text): string {
  const item = SEEDED_DICTIONARIES.find((d) => d.dicKey === dicKey)?.items.find((i) => i.value === value);
  return item && item.name['zh-CN'] === storedName ? item.name[locale] : storedName;
}
