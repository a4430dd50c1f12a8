/**
 * A staff account's version (contract/recordVersion.ts) moves with every write of what
 * /user/detail answers: spread into an update's `set` of the user table.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema';

export const nextVersion = (eb: ExpressionBuilder<Database, 'user'>) => eb('version', '+', 1);
