/**
 * Access management beyond the generic CRUD, registered by one line of app.ts: the role grants
 * save (server/roles) and the workbench (server/workbench) with its page at /workbench and, below
 * /base/admin (behind the root guard like every other call), the caller's sub-systems, their
 * links and the exchange of a link's one-time code.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API_PREFIX } from '../../contract';
import type { Database } from '../db/schema';
import { roleRoutes } from '../roles/routes';
import { workbenchPage, workbenchRoutes, type WorkbenchDeps } from '../workbench/routes';

export function accessRoutes(db: Kysely<Database>, workbench: Omit<WorkbenchDeps, 'db'>) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(workbenchPage());
    await app.register(
      async (api) => {
        await api.register(roleRoutes(db));
        await api.register(workbenchRoutes({ db, ...workbench }));
      },
      { prefix: API_PREFIX },
    );
  };
}
