/**
 * The console's dictionaries; the current locale and `translate` live one floor below, in
 * providers/locale.ts, so the providers can use them too.
 *
 * Dictionaries: every file in ./messages/*.ts exports `default` as
 * `{ 'zh-CN': { 'some.key': '…' }, 'en-US': { … } }` (flat dotted keys, `{name}` placeholders);
 * they are merged here at build time and installed into the locale module. One file per area:
 * common, auth, shell, resources, …
 *
 * To follow the locale in React, use `useLocale()` (providers/locale.ts; re-renders on change). The shell derives
 * antd's ConfigProvider `locale` (antd/locale/zh_CN, en_US) from it.
 */
import { LOCALES, type Locale } from '../../contract/i18n';
import { installDictionaries, type Dictionary } from '../../providers/locale';

export { getLocale, setLocale, subscribe, t, translate, useLocale } from '../../providers/locale';
export type { Dictionary, TranslateParams } from '../../providers/locale';
export type Messages = Partial<Record<Locale, Dictionary>>;

/** Merges message modules; a key defined twice is reported in development (the last one wins). */
export function mergeMessages(modules: ReadonlyArray<Messages>): Record<Locale, Dictionary> {
  const merged = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Dictionary>;
  for (const messages of modules) {
    for (const locale of LOCALES) {
      for (const [key, value] of Object.entries(messages[locale] ?? {})) {
        if (import.meta.env.DEV && key in merged[locale]) console.warn(`[i18n] "${key}" (${locale}) is defined twice`);
        merged[locale][key] = value;
      }
    }
  }
  return merged;
}

const modules = import.meta.glob<{ default: Messages }>('./messages/*.ts', { eager: true });

export const dictionaries: Record<Locale, Dictionary> = mergeMessages(Object.values(modules).map((m) => m.default));
installDictionaries(dictionaries);
