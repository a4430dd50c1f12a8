/**
 * The console's dictionaries and current locale.
 *
 * Dictionaries: every file in ./messages/*.ts exports `default` as
 * `{ 'zh-CN': { 'some.key': '…' }, 'en-US': { … } }` (flat dotted keys, `{name}` placeholders);
 * they are merged here at build time. One file per area: common, auth, shell, resources, …
 *
 * Locale: kept in localStorage `locale` (default zh-CN). To follow it in React, use
 * `useLocale()` (re-renders on change); outside React, `subscribe(listener)` answers an
 * unsubscribe function. `setLocale` persists, sets <html lang> and notifies both.
 * The shell derives antd's ConfigProvider `locale` (antd/locale/zh_CN, en_US) from `useLocale()`.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, format, isLocale, LOCALES, type Locale, type Text } from '../../contract/i18n';
import { readLocale, saveLocale } from '../../providers/session';

export type Dictionary = Record<string, string>;
export type Messages = Partial<Record<Locale, Dictionary>>;
export type TranslateParams = Record<string, unknown>;

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

// ---- current locale -------------------------------------------------------------------------

let current: Locale = readLocale() ?? DEFAULT_LOCALE;
const listeners = new Set<(locale: Locale) => void>();

function applyToDocument(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyToDocument(current);

export function getLocale(): Locale {
  return current;
}

/** Switches the language: persisted, applied to <html lang>, and every subscriber notified. */
export function setLocale(locale: string): void {
  if (!isLocale(locale)) throw new Error(`Unknown locale "${locale}" (known: ${LOCALES.join(', ')})`);
  saveLocale(locale);
  if (locale === current) return;
  current = locale;
  applyToDocument(locale);
  for (const listener of [...listeners]) listener(locale);
}

/** Calls `listener` on every locale change; answers the function that stops it. */
export function subscribe(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current locale; the component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

// ---- translating ----------------------------------------------------------------------------

function stringParams(params: TranslateParams | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) out[key] = typeof value === 'number' ? value : String(value);
  }
  return out;
}

/**
 * The text of `key` in the current locale with `{name}` placeholders filled from `params`.
 * Missing: `defaultMessage`, else the default locale's text, else the key itself.
 */
export function translate(key: string, params?: TranslateParams, defaultMessage?: string): string {
  const template = dictionaries[current][key] ?? defaultMessage ?? dictionaries[DEFAULT_LOCALE][key] ?? key;
  return format(template, stringParams(params));
}

/** A contract `Text` (`{ 'zh-CN': …, 'en-US': … }`) in the current locale. */
export function t(text: Text): string {
  return text[current] ?? text[DEFAULT_LOCALE];
}
