/** Locales the console and the server speak; zh-CN is the product's default. */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** A piece of user-facing text in every locale. */
export type Text = Record<Locale, string>;

export const text = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Fills `{name}` placeholders. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

/** Picks the locale from an Accept-Language header; anything but English gets the default. */
export function localeFromHeader(header: string | undefined): Locale {
  return header && /^en\b/i.test(header.trim()) ? 'en-US' : DEFAULT_LOCALE;
}
