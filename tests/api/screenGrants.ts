/**
 * Test fixtures for grants by screen: the base app's nodes of a screen (its navigation group, its
 * menu, its page elements and their API elements), as the role dialog grants them when the
 * screen is checked (checked nodes plus half-checked parents).
 */
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, MenuType } from '../../contract';
import type { Database, Permission } from '../../server/db/schema';

/** A node as stored. */
export type NodeRow = Permission;

export async function baseAppId(db: Kysely<Database>): Promise<number> {
  return (await db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirstOrThrow()).id;
}

/** The base app's node with `code` (a navigation key, a screen's component, `<component>:<action>`). */
export async function nodeByCode(db: Kysely<Database>, code: string): Promise<NodeRow> {
  const appId = await baseAppId(db);
  return db.selectFrom('permission').selectAll().where('appId', '=', appId).where('code', '=', code).orderBy('id').executeTakeFirstOrThrow();
}

/** The API element with `url` below the page element `pageCode`. */
export async function apiNode(db: Kysely<Database>, pageCode: string, url: string): Promise<NodeRow> {
  const page = await nodeByCode(db, pageCode);
  return db.selectFrom('permission').selectAll().where('parentId', '=', page.id).where('menuType', '=', MenuType.API).where('url', '=', url).executeTakeFirstOrThrow();
}

/** Ids of a screen's menu, its navigation group and every node below the menu. */
export async function screenNodeIds(db: Kysely<Database>, component: string): Promise<number[]> {
  const menu = await nodeByCode(db, component);
  const ids = [menu.parentId, menu.id];
  let frontier = [menu.id];
  while (frontier.length) {
    const children = await db.selectFrom('permission').select('id').where('parentId', 'in', frontier).execute();
    frontier = children.map((c) => c.id);
    ids.push(...frontier);
  }
  return ids;
}

/** Grants the nodes to the role (each once). */
export async function grantNodes(db: Kysely<Database>, roleId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length) await db.insertInto('rolePermission').values(unique.map((permissionId) => ({ roleId, permissionId }))).execute();
}
