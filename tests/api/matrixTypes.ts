/** The authorization matrix's vocabulary: callers, outcomes and the shape of a row (./authorizationMatrix.ts). */
import { Code } from '../../contract';

export const PASS = 'pass';
export type Outcome = typeof PASS | typeof Code.NO_TOKEN | typeof Code.TOKEN_EXPIRED | typeof Code.FORBIDDEN;

export const CALLERS = ['noToken', 'forged', 'expired', 'noGrants', 'exact', 'sibling', 'superAdmin'] as const;
export type Caller = (typeof CALLERS)[number];

export interface Request {
  query?: Record<string, string | number>;
  body?: unknown;
}
export type Row = [method: 'GET' | 'POST', path: string, ...outcomes: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome], request?: Request];

export const NONE = 987654;
