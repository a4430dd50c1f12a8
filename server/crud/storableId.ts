/**
 * Ids are 32-bit integers on PostgreSQL (serial): a larger id names no row and must not reach a
 * query, where PostgreSQL would fail on the overflow instead of finding nothing.
 */
const MAX_STORED_ID = 2_147_483_647;

export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_STORED_ID;
}
