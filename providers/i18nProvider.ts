/**
 * Refine's I18nProvider over the console's own dictionaries (the shell's, installed into ./locale). Refine calls
 * `translate(key, params, default)` and also `translate(key, default)`; both are understood.
 * `changeLocale` persists the choice and notifies `useLocale()` / `subscribe()` listeners.
 */
import type { I18nProvider } from '@refinedev/core';
import { getLocale, setLocale, translate, type TranslateParams } from './locale';

export function createI18nProvider(): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) =>
      typeof options === 'string' && defaultMessage === undefined
        ? translate(key, undefined, options)
        : translate(key, (options ?? undefined) as TranslateParams | undefined, defaultMessage),
    changeLocale: (locale: string) => {
      setLocale(locale);
      return Promise.resolve();
    },
    getLocale,
  };
}

export const i18nProvider = createI18nProvider();
