/**
 * Positions of an ordered resource (`definition.order`): 1…n among the rows of one master, kept by
 * the server. Every change runs in the caller's transaction after `lockMaster`, so writes to one
 * master's rows take turns (PostgreSQL: the master row's lock; SQLite writes one at a time anyway),
 * and the unique index on (master, position) makes a duplicate impossible rather than unlikely.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { isVersioned, type ResourceDefinition } from '../../resources/define';
import type { Database } from '../db/schema';
import type { DynamicDatabase } from './repository';

export type Direction = 'up' | 'down';

/** An ordered detail resource's position field, master field and master table. */
export interface OrderSpec {
  table: string;
  field: string;
  masterField: string;
  masterTable: string;
  /** The rows carry a version: a row whose position changes is a row written (../repository.ts). */
  isVersioned: boolean;
}

/** The ordering of a definition, or undefined; `masterTable` is the master resource's table. */
export function orderSpecOf(definition: ResourceDefinition, masterTable: string | undefined): OrderSpec | undefined {
  if (!definition.order) return undefined;
  if (!definition.parent || !masterTable) throw new Error(`Resource ${definition.name}: an order is kept per master, so it needs a parent`);
  return { table: definition.table, field: definition.order.field, masterField: definition.parent.field, masterTable, isVersioned: isVersioned(definition) };
}

const dynamic = (db: Kysely<Database>) => db as unknown as Kysely<DynamicDatabase>;

/** A row's new position, and one more version where the rows carry one. */
function positioned(spec: OrderSpec, position: number): (eb: ExpressionBuilder<DynamicDatabase, string>) => Record<string, unknown> {
  return (eb) => ({ [spec.field]: position, ...(spec.isVersioned ? { [VERSION_FIELD]: eb(VERSION_FIELD, '+', 1) } : {}) });
}

/** Takes the master row's lock until the transaction ends (a no-op update: the portable way); false when it does not exist. */
export async function lockMaster(trx: Kysely<Database>, spec: OrderSpec, masterId: number): Promise<boolean> {
  const result = await dynamic(trx)
    .updateTable(spec.masterTable)
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', masterId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The position after the master's last row. */
export async function nextPosition(trx: Kysely<Database>, spec: OrderSpec, masterId: number): Promise<number> {
  const row = await dynamic(trx)
    .selectFrom(spec.table)
    .select((eb) => eb.fn.max(spec.field).as('last'))
    .where(spec.masterField, '=', masterId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * Swaps the row's position with its neighbour's in `direction`; false when there is none (the
 * first row cannot go up, the last cannot go down). Through a free position (0), because the
 * unique index checks every single update.
 */
export async function swapWithNeighbour(trx: Kysely<Database>, spec: OrderSpec, row: { id: number; masterId: number; position: number }, direction: Direction): Promise<boolean> {
  const db = dynamic(trx);
  const neighbour = await db
    .selectFrom(spec.table)
    .select(['id', spec.field])
    .where(spec.masterField, '=', row.masterId)
    .where(spec.field, direction === 'up' ? '<' : '>', row.position)
    .orderBy(spec.field, direction === 'up' ? 'desc' : 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!neighbour) return false;
  await db.updateTable(spec.table).set({ [spec.field]: 0 }).where('id', '=', row.id).execute();
  await db.updateTable(spec.table).set(positioned(spec, row.position)).where('id', '=', neighbour.id).execute();
  await db.updateTable(spec.table).set(positioned(spec, Number(neighbour[spec.field]))).where('id', '=', row.id).execute();
  return true;
}

/** Renumbers the master's rows 1…n in their order (after a delete left a gap), lowest first so no two ever meet. */
export async function closeGaps(trx: Kysely<Database>, spec: OrderSpec, masterId: number): Promise<void> {
  const db = dynamic(trx);
  const rows = await db.selectFrom(spec.table).select(['id', spec.field]).where(spec.masterField, '=', masterId).orderBy(spec.field).orderBy('id').execute();
  for (const [index, row] of rows.entries()) {
    if (Number(row[spec.field]) !== index + 1) await db.updateTable(spec.table).set(positioned(spec, index + 1)).where('id', '=', row.id).execute();
  }
}
