/**
 * Edits never overwrite someone else's: every record a writable resource answers carries its
 * `version`, a number the server moves on each write of the record. A save of an existing record
 * sends back the version it was read at; when the record has moved on since, the save is refused
 * with Code.STALE_VERSION (1012) and `data.current`, the record as it stands (as the caller may
 * read it), so the form can show what changed and let the user keep theirs or take the other.
 * A save without a version is taken as is (last write wins), as the platform's other clients send.
 */

/** The record's version in answers, and the parameter of a save naming the version it was read at. */
export const VERSION_FIELD = 'version';

/** `data` of a stale save's refusal. */
export interface StaleVersionData<T = Record<string, unknown>> {
  current: T;
}

/** The version a record carries, if it is a whole number. */
export function versionOf(record: object | null | undefined): number | undefined {
  const value = (record as Readonly<Record<string, unknown>> | null | undefined)?.[VERSION_FIELD];
  const version = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof version === 'number' && Number.isSafeInteger(version) && version >= 0 ? version : undefined;
}

/** The current record of a stale save's refusal `data`, if it holds one. */
export function staleCurrent(data: unknown): Record<string, unknown> | undefined {
  const current = (data as { current?: unknown } | null | undefined)?.current;
  return typeof current === 'object' && current !== null && !Array.isArray(current) ? (current as Record<string, unknown>) : undefined;
}

/** What an editable resource's records carry beside their fields. */
export interface Versioned {
  [VERSION_FIELD]?: number;
}
