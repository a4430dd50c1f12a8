/**
 * A staff member's role link may end (user_role.expires_at, migration 0025; contract/roleEnds.ts):
 * from that moment it grants nothing. Every reader of a user's role links asks this condition with
 * the request's time, so an ended link stops counting on every server without waiting for the
 * sweep (./roleEndSweep.ts) to delete it.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `alias.expiresAt` is null or later than `now`: the link of the row named `alias` is in force. */
export function linkInForce(alias: string, now: number): RawBuilder<SqlBool> {
  const end = sql.ref(`${alias}.expiresAt`);
  return sql<SqlBool>`(${end} is null or ${end} > ${now})`;
}
