/** Reading request parameters the way the platform sends them: query string, JSON body, or both. */
import type { FastifyRequest } from 'fastify';
import { Code, format, ruleMessages, searchText, searchTextError, type Locale, type Text } from '../../contract';
import { ApiError } from '../errors';

/** Most ids a single delete may name. */
export const MAX_IDS = 1000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Query parameters merged with a JSON object body (the body wins). */
export function requestParams(request: FastifyRequest): Record<string, unknown> {
  const query = isPlainObject(request.query) ? request.query : {};
  const body = isPlainObject(request.body) ? request.body : {};
  return { ...query, ...body };
}

/**
 * A parameter as trimmed text without control characters (no stored text holds them, and
 * PostgreSQL refuses NUL); absent, blank or non-scalar values are undefined.
 */
export function textParam(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  return searchText(value);
}

/** A "contains" search text of at most `limit` characters (contract/search.ts); longer is refused with 1001. */
export function searchParam(value: unknown, name: string, limit: number, label: Text, locale: Locale): string | undefined {
  const term = textParam(value);
  const error = term === undefined ? undefined : searchTextError(term, limit, label, locale);
  if (error !== undefined) throw new ApiError(Code.VALIDATION_FAILED, error, { fields: { [name]: error } });
  return term;
}

function toId(value: unknown): number | undefined {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

export function invalidParam(name: string, locale: Locale): ApiError {
  const message = format(ruleMessages.choice[locale], { label: name });
  return new ApiError(Code.VALIDATION_FAILED, message, { fields: { [name]: message } });
}

export function missingParam(name: string, locale: Locale): ApiError {
  const message = format(ruleMessages.required[locale], { label: name });
  return new ApiError(Code.VALIDATION_FAILED, message, { fields: { [name]: message } });
}

/** A required positive integer id. */
export function requiredId(value: unknown, locale: Locale, name = 'id'): number {
  if (value === undefined || value === null || value === '') throw missingParam(name, locale);
  const id = toId(value);
  if (id === undefined) throw invalidParam(name, locale);
  return id;
}

/** An optional positive integer id: blank is undefined, anything else must be valid. */
export function optionalId(value: unknown, locale: Locale, name = 'id'): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return requiredId(value, locale, name);
}

/** `ids` as a comma list ("1,2,3") or an array; at least one, all valid, duplicates folded. */
export function requiredIds(value: unknown, locale: Locale, name = 'ids'): number[] {
  if (value === undefined || value === null || value === '') throw missingParam(name, locale);
  const parts: unknown[] = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  const ids = parts.map(toId);
  if (ids.length === 0 || ids.length > MAX_IDS || ids.some((id) => id === undefined)) throw invalidParam(name, locale);
  return [...new Set(ids as number[])];
}
