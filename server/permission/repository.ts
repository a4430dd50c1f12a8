/**
 * Data access of the menu/permission tree: plain queries over a Kysely instance, which may be a
 * transaction (the writes in treeWrites.ts run these inside one). Every read that answers a
 * request is scoped to one app, so no answer carries another app's nodes.
 */
import type { Kysely } from 'kysely';
import { MenuType, menuReadingOf, type ListData, type MenuReading, type Paging, type PermissionNode } from '../../contract';
import { chunks } from '../db/chunks';
import { moveVersions, nextVersion } from '../db/recordVersion';
import type { Database, Permission } from '../db/schema';

/** A node as the API answers it outside a tree (detail, lists, saves): no children. */
export type PermissionRecord = Omit<PermissionNode, 'children' | 'checked'>;

/** What a save writes: everything but the id and the version (the server's). */
export type PermissionValues = Omit<PermissionRecord, 'id' | 'version'>;

const COLUMNS = ['id', 'parentId', 'appId', 'name', 'sort', 'path', 'url', 'icon', 'code', 'menuType', 'version'] as const;

/** Ids are 32-bit on PostgreSQL; a larger id names no row and must not reach a query (it would fail there). */
const MAX_STORED_ID = 2_147_483_647;

export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_STORED_ID;
}

function toRecord(row: Permission): PermissionRecord {
  return { ...row, menuType: row.menuType as MenuType, version: Number(row.version) };
}

export function permissionRepository(db: Kysely<Database>) {
  const nodes = () => db.selectFrom('permission').select(COLUMNS);

  async function findNode(id: number): Promise<PermissionRecord | undefined> {
    if (!isStorableId(id)) return undefined;
    const row = await nodes().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  return {
    findNode,

    async appExists(appId: number): Promise<boolean> {
      if (!isStorableId(appId)) return false;
      return (await db.selectFrom('app').select('id').where('id', '=', appId).executeTakeFirst()) !== undefined;
    },

    /** The reading of the app's menu types (contract/menu.ts); undefined when there is no such app. */
    async appReading(appId: number): Promise<MenuReading | undefined> {
      if (!isStorableId(appId)) return undefined;
      const row = await db.selectFrom('app').select('menuReading').where('id', '=', appId).executeTakeFirst();
      return row && menuReadingOf(row.menuReading);
    },

    /**
     * Inside a transaction: whether the app exists, and if so holds its row lock until the end, so
     * that writes to one app's tree run one after the other on PostgreSQL (two saves cannot both
     * add "the" home page, a page code, or moves that together make a cycle), and after a change of
     * the app's menu reading, which takes the same lock (server/crud/features/fixedWhileUsed.ts). A no-op
     * update is the portable way to take it; SQLite runs one write transaction at a time anyway.
     */
    async lockApp(appId: number): Promise<boolean> {
      if (!isStorableId(appId)) return false;
      const result = await db
        .updateTable('app')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', appId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The app's nodes of the given types (all when absent), ordered by sort then id. */
    async nodesOfApp(appId: number, types?: readonly MenuType[]): Promise<PermissionRecord[]> {
      let query = nodes().where('appId', '=', appId);
      if (types) query = query.where('menuType', 'in', types);
      const rows = await query.orderBy('sort').orderBy('id').execute();
      return rows.map(toRecord);
    },

    /** One page of a node's children (of one type when given), ordered by sort then id. */
    async childrenOf(parent: PermissionRecord, menuType: MenuType | undefined, paging: Paging): Promise<ListData<PermissionRecord>> {
      let filtered = db.selectFrom('permission').where('parentId', '=', parent.id).where('appId', '=', parent.appId);
      if (menuType !== undefined) filtered = filtered.where('menuType', '=', menuType);
      const { page, size } = paging;
      const [rows, count] = await Promise.all([
        filtered
          .select(COLUMNS)
          .orderBy('sort')
          .orderBy('id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return { items: rows.map(toRecord), total: Number(count?.total ?? 0) };
    },

    /** The app's node of the home type (the reading's `homeType`), if any. */
    async homeIdOf(appId: number, homeType: MenuType): Promise<number | undefined> {
      const row = await db.selectFrom('permission').select('id').where('appId', '=', appId).where('menuType', '=', homeType).orderBy('id').executeTakeFirst();
      return row?.id;
    },

    /** The page element of the app that holds `code`, if any. */
    async pageCodeOwnerId(appId: number, code: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('permission')
        .select('id')
        .where('appId', '=', appId)
        .where('menuType', '=', MenuType.PAGE_ELEMENT)
        .where('code', '=', code)
        .orderBy('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The sort that puts a new child last among the parent's children. */
    async nextSort(appId: number, parentId: number): Promise<number> {
      const row = await db
        .selectFrom('permission')
        .select((eb) => eb.fn.max('sort').as('last'))
        .where('appId', '=', appId)
        .where('parentId', '=', parentId)
        .executeTakeFirst();
      const last = row?.last;
      return last === null || last === undefined ? 1 : Number(last) + 1;
    },

    /**
     * Every descendant of `rootIds` (not the roots themselves), level by level; a child counts only
     * when it is in its parent's app. Stops on data that loops, should any ever exist.
     */
    async descendantIds(rootIds: readonly number[]): Promise<number[]> {
      const seen = new Set(rootIds);
      const found: number[] = [];
      let frontier = [...rootIds];
      while (frontier.length > 0) {
        const children: Array<{ id: number }> = [];
        for (const part of chunks(frontier)) {
          children.push(
            ...(await db
              .selectFrom('permission as child')
              .innerJoin('permission as parent', 'parent.id', 'child.parentId')
              .select('child.id')
              .where('parent.id', 'in', part)
              .whereRef('child.appId', '=', 'parent.appId')
              .execute()),
          );
        }
        frontier = children.map((c) => c.id).filter((id) => !seen.has(id));
        for (const id of frontier) {
          seen.add(id);
          found.push(id);
        }
      }
      return found;
    },

    /** The distinct apps of existing nodes among `ids`, in id order. */
    async appsOf(ids: readonly number[]): Promise<number[]> {
      const storable = ids.filter(isStorableId);
      if (storable.length === 0) return [];
      const rows = await db.selectFrom('permission').select('appId').distinct().where('id', 'in', storable).orderBy('appId').execute();
      return rows.map((r) => r.appId);
    },

    /** How many of `ids` exist. */
    async countExisting(ids: readonly number[]): Promise<number> {
      const storable = ids.filter(isStorableId);
      if (storable.length === 0) return 0;
      const row = await db
        .selectFrom('permission')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', storable)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async roleBelongsTo(roleId: number, appId: number): Promise<boolean> {
      if (!isStorableId(roleId) || !isStorableId(appId)) return false;
      const row = await db.selectFrom('role').select('id').where('id', '=', roleId).where('appId', '=', appId).executeTakeFirst();
      return row !== undefined;
    },

    /** The app's nodes granted to the role. */
    async grantedIds(roleId: number, appId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('rolePermission as rp')
        .innerJoin('permission as p', 'p.id', 'rp.permissionId')
        .select('rp.permissionId')
        .where('rp.roleId', '=', roleId)
        .where('p.appId', '=', appId)
        .execute();
      return new Set(rows.map((r) => r.permissionId));
    },

    async insert(values: PermissionValues): Promise<PermissionRecord> {
      const row = await db.insertInto('permission').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
      return toRecord(row);
    },

    /**
     * Writes the node and moves its version; given `expectedVersion`, only while the node still
     * holds it (undefined when it does not: the same statement decides).
     */
    async update(id: number, values: PermissionValues, expectedVersion?: number): Promise<PermissionRecord | undefined> {
      let update = db
        .updateTable('permission')
        .set((eb) => ({ ...values, version: nextVersion(eb) }))
        .where('id', '=', id);
      if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion);
      const row = await update.returning(COLUMNS).executeTakeFirst();
      return row && toRecord(row);
    },

    /** Deletes the nodes and every grant of them; answers how many nodes went. */
    async deleteNodes(ids: readonly number[]): Promise<number> {
      let deleted = 0;
      for (const part of chunks(ids)) {
        // The roles that lose a grant have changed (their grants are versioned with them).
        const holders = await db.selectFrom('rolePermission').select('roleId').distinct().where('permissionId', 'in', part).execute();
        await moveVersions(db, 'role', holders.map((row) => row.roleId));
        await db.deleteFrom('rolePermission').where('permissionId', 'in', part).execute();
        deleted += Number((await db.deleteFrom('permission').where('id', 'in', part).executeTakeFirst()).numDeletedRows);
      }
      return deleted;
    },
  };
}

export type PermissionRepository = ReturnType<typeof permissionRepository>;
