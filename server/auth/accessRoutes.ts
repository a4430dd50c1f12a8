/**
 * Access management beyond the generic CRUD, registered by one line of app.ts: the role grants
 * save (server/roles) and the workbench (server/workbench) with its page at /workbench and, below
 * /base/admin behind the same guard as every other call, the caller's sub-systems.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API_PREFIX } from '../../contract';
import type { Database } from '../db/schema';
import { roleRoutes } from '../roles/routes';
import { workbenchPage, workbenchRoutes } from '../workbench/routes';
import type { Guard } from './guard';

export function accessRoutes({ db, guard }: { db: Kysely<Database>; guard: Guard }) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(workbenchPage());
    await app.register(
      async (api) => {
        api.addHook('onRequest', guard.guard);
        await api.register(roleRoutes(db));
        await api.register(workbenchRoutes(db));
      },
      { prefix: API_PREFIX },
    );
  };
}
