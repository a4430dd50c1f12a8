/**
 * Data access of the organisation tree and its members: plain queries over a Kysely instance,
 * which may be a transaction (the writes in treeWrites.ts and memberWrites.ts run these inside one).
 */
import type { Kysely } from 'kysely';
import type { OfficeType } from '../../contract';
import { isStorableId } from '../crud/storableId';
import { chunks } from '../db/chunks';
import { lockForTransaction } from '../db/dialect';
import { preparedQuery } from '../db/preparedQuery';
import type { Database } from '../db/schema';
import { nextVersion } from '../db/recordVersion';

/** A node as the API answers it outside the tree (detail, saves). */
export interface OfficeRecord {
  id: number;
  type: OfficeKind;
  parentId: number;
  name: string;
  remark: string | null;
  createTime: number;
  /** Moved by every write of the node (contract/recordVersion.ts). */
  version: number;
}

/** What a save writes (the version is the server's). */
export type OfficeValues = Omit<OfficeRecord, 'id' | 'createTime' | 'version'>;

/** 1 department, 2 group. */
export type OfficeKind = (typeof OfficeType)[keyof typeof OfficeType];

/** Namespace of the advisory locks that serialize name checks among siblings (PostgreSQL). */
const SIBLING_NAMES_LOCK = 730_421_002;

const COLUMNS = ['id', 'type', 'parentId', 'name', 'remark', 'createTime', 'version'] as const;

function toRecord(row: { id: number; type: number; parentId: number; name: string; remark: string | null; createTime: number; version: number }): OfficeRecord {
  return { ...row, type: row.type as OfficeKind, createTime: Number(row.createTime), version: Number(row.version) };
}

export function officeRepository(db: Kysely<Database>) {
  return {
    async all(): Promise<OfficeRecord[]> {
      const rows = await db.selectFrom('office').select(COLUMNS).orderBy('id').execute();
      return rows.map(toRecord);
    },

    /** The nodes directly under `parentId` (0: the departments). */
    async children(parentId: number): Promise<OfficeRecord[]> {
      const rows = await db.selectFrom('office').select(COLUMNS).where('parentId', '=', parentId).execute();
      return rows.map(toRecord);
    },

    /**
     * Inside a transaction: two saves under the same parent check and write their names one after
     * the other, so the same name cannot be taken twice at once. PostgreSQL only; SQLite runs one
     * write transaction at a time already.
     */
    async lockSiblingNames(parentId: number): Promise<void> {
      await lockForTransaction(db, SIBLING_NAMES_LOCK, parentId);
    },

    async findNode(id: number): Promise<OfficeRecord | undefined> {
      if (!isStorableId(id)) return undefined;
      const row = await db.selectFrom('office').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * Inside a transaction: holds the row locks of the existing nodes among `ids` until the end and
     * answers how many exist. Saves lock the parent, member moves the node and deletes the nodes
     * they remove, so on PostgreSQL a group is never placed under, nor staff moved into, a node being
     * deleted. A no-op update is the portable way to take the lock.
     */
    async lockNodes(ids: readonly number[]): Promise<number> {
      let locked = 0;
      for (const part of chunks(ids.filter(isStorableId))) {
        const result = await db
          .updateTable('office')
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', 'in', part)
          .executeTakeFirst();
        locked += Number(result.numUpdatedRows);
      }
      return locked;
    },

    /** Every descendant of `rootIds` (not the roots), level by level; stops on data that loops. */
    async descendantIds(rootIds: readonly number[]): Promise<number[]> {
      const seen = new Set(rootIds);
      const found: number[] = [];
      let frontier = [...rootIds];
      while (frontier.length > 0) {
        const children: Array<{ id: number }> = [];
        for (const part of chunks(frontier)) children.push(...(await db.selectFrom('office').select('id').where('parentId', 'in', part).execute()));
        frontier = children.map((c) => c.id).filter((id) => !seen.has(id));
        for (const id of frontier) {
          seen.add(id);
          found.push(id);
        }
      }
      return found;
    },

    async insert(values: OfficeValues): Promise<OfficeRecord> {
      const row = await db
        .insertInto('office')
        .values({ ...values, createTime: Date.now() })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    /**
     * Writes the node and moves its version; given `expectedVersion`, only while the node still
     * holds it (undefined when it does not: the same statement decides).
     */
    async update(id: number, values: OfficeValues, expectedVersion?: number): Promise<OfficeRecord | undefined> {
      let update = db
        .updateTable('office')
        .set((eb) => ({ ...values, version: nextVersion(eb) }))
        .where('id', '=', id);
      if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion);
      const row = await update.returning(COLUMNS).executeTakeFirst();
      return row && toRecord(row);
    },

    /** Deletes the nodes; their members become unplaced (and lose the supervisor flag). Answers how many nodes went. */
    async deleteNodes(ids: readonly number[]): Promise<number> {
      let deleted = 0;
      for (const part of chunks(ids)) {
        await db.updateTable('user').set((eb) => ({ officeId: null, adminFlag: 0, version: nextVersion(eb) })).where('officeId', 'in', part).execute();
        deleted += Number((await db.deleteFrom('office').where('id', 'in', part).executeTakeFirst()).numDeletedRows);
      }
      return deleted;
    },

    /** How many of the users `ids` exist. */
    async countUsers(ids: readonly number[]): Promise<number> {
      const storable = ids.filter(isStorableId);
      if (storable.length === 0) return 0;
      const row = await db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', storable)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** How many of the users `ids` belong to no node. */
    async countUnplaced(ids: readonly number[]): Promise<number> {
      const row = await db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', ids)
        .where('officeId', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Places the users in a node (or none, null) with the given supervisor flag. */
    async setMembership(ids: readonly number[], officeId: number | null, adminFlag: 0 | 1): Promise<number> {
      const result = await db.updateTable('user').set((eb) => ({ officeId, adminFlag, version: nextVersion(eb) })).where('id', 'in', ids).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Sets the flag of the placed users among `ids` (an unplaced member never holds 1). */
    async setAdminFlag(ids: readonly number[], adminFlag: 0 | 1): Promise<number> {
      const result = await db.updateTable('user').set((eb) => ({ adminFlag, version: nextVersion(eb) })).where('id', 'in', ids).where('officeId', 'is not', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type OfficeRepository = ReturnType<typeof officeRepository>;

/**
 * What filtering by an office means: the office and the groups under it (a department's staff
 * are also those of its groups; a group has none under it, see treeWrites.ts). Read from the tree
 * on every call, so a group moved or added counts at once; one indexed read (office.parent_id) of
 * at most the tree's size, built once.
 */
export function officeScope(db: Kysely<Database>): (officeId: number) => Promise<number[]> {
  const groups = preparedQuery(db, ({ parentId }: { parentId: number }) => db.selectFrom('office').select('id').where('parentId', '=', parentId).orderBy('id'));
  return async (officeId) => (isStorableId(officeId) ? [officeId, ...(await groups.execute({ parentId: officeId })).map((row) => row.id)] : [officeId]);
}
