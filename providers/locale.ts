/**
 * The current locale and the translating function, below both the providers and the screens.
 * The screens' message files register themselves here (the shell's i18n module), so the providers
 * translate without importing the shell.
 *
 * Locale: kept in localStorage `locale` (default zh-CN). `setLocale` persists, sets <html lang>
 * and notifies every subscriber; `subscribe(listener)` answers an unsubscribe function.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, format, isLocale, LOCALES, type Locale, type Text } from '../contract/i18n';
import { readLocale, saveLocale } from './session';

export type Dictionary = Record<string, string>;
export type TranslateParams = Record<string, unknown>;

let dictionaries: Record<Locale, Dictionary> = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Dictionary>;

/** Installs the merged message dictionaries (the shell's i18n module does so when it loads). */
export function installDictionaries(merged: Record<Locale, Dictionary>): void {
  dictionaries = merged;
}

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

/** The current locale; the component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}
