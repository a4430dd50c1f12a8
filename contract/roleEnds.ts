/**
 * Grants that expire: a role linked to a staff member may carry an end (epoch ms). From that
 * moment the guard no longer honours the link (checked on each request, on every server); the
 * staff save sends the ends beside `roleIds` as `roleEnds` (role id → end, or null for none).
 */
import { text } from './i18n';

export const ROLE_ENDS_PARAM = 'roleEnds';

/**
 * The server's own call that deletes links once they have ended (a sweep every minute): the audit
 * log shows its rows under this call. The guard never waits for it.
 */
export const ROLE_END_SWEEP_CALL = '/system/roleLinkEnded';

/** A link ending within this many days is shown as ending soon. */
export const ENDING_SOON_DAYS = 7;
export const ENDING_SOON_MS = ENDING_SOON_DAYS * 24 * 60 * 60 * 1000;

/** A role link as the person list and the effective view show it. */
export interface LinkedRole {
  id: number;
  name: string;
  /** When the link ends (epoch ms); absent or null: it does not. */
  expiresAt?: number | null;
}

export function isEndingSoon(expiresAt: number | null | undefined, now = Date.now()): boolean {
  return expiresAt != null && expiresAt > now && expiresAt - now <= ENDING_SOON_MS;
}

export const roleEndMessages = {
  label: text('有效期至', 'Valid until'),
  endingSoon: text('即将到期', 'Ending soon'),
  mustBeFuture: text('结束时间须晚于当前时间', 'The end must be later than now'),
  notLinked: text('只能为已分配的角色设置结束时间', 'An end can be set only for a role being assigned'),
  sweepCall: text('角色到期解除', 'Role link ended'),
};

/** The form's and the server's rule for one end: none, or later than `now`. */
export function roleEndProblem(end: number | null | undefined, now = Date.now()) {
  return end != null && end <= now ? roleEndMessages.mustBeFuture : undefined;
}
