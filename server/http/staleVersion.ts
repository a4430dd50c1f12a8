/**
 * A bespoke save's side of record versions (contract/recordVersion.ts): the version an update names,
 * and the refusal when the record has moved on since (1012 with the record as its detail answers it).
 */
import { Code, type Locale } from '../../contract';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { ApiError } from '../errors';
import { optionalId } from './params';

/** The version an update of `id` was read at, if it names one (a new record has none; a malformed one is 1001). */
export function expectedVersionOf(params: Record<string, unknown>, id: number | undefined, locale: Locale): number | undefined {
  return id === undefined ? undefined : optionalId(params[VERSION_FIELD], locale, VERSION_FIELD);
}

/** Whether a stored row no longer holds the version the save names (none named: never). */
export function isStale(stored: { version?: number | string | bigint } | undefined, expected: number | undefined): boolean {
  return stored?.version !== undefined && expected !== undefined && Number(stored.version) !== expected;
}

/** Thrown inside a save's transaction when the record no longer holds the version named; answered after the rollback. */
export class StaleRecord extends Error {
  constructor(readonly id: number) {
    super('stale record');
  }
}

/** The refusal of a save read at an older version: 1012 with the record as it stands, 1004 when it is gone. */
export function staleVersionRefusal(current: object | undefined): ApiError {
  return current ? new ApiError(Code.STALE_VERSION, undefined, { current }) : new ApiError(Code.NOT_FOUND);
}
