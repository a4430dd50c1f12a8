/**
 * The menu/permission tree's calls under /base/admin (SPEC §7 Permissions and menus), each behind
 * its API element of the base app's `permission` screen (resources/permission/screen.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { directoryRoutes } from './directoryRoutes';
import { elementRoutes } from './elementRoutes';

export function permissionRoutes(db: Kysely<Database>) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(directoryRoutes(db));
    await app.register(elementRoutes(db));
  };
}
