/** A publication time as the user's locale writes a date and time (minutes). */
export function formatTime(epochMs: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(epochMs);
}
