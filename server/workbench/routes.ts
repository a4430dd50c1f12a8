/**
 * The workbench: its page (GET /workbench, public: the page itself holds no data) and, below
 * /base/admin behind the guard, the caller's sub-systems (GET /workbench/apps, session level: a
 * valid token is enough, since the answer is already limited to what the caller holds).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, type ListData } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { workbenchApps, type WorkbenchApp } from './apps';
import { WORKBENCH_PATH, workbenchCsp, workbenchHtml } from './page';

/** The page; register at the root. */
export function workbenchPage() {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get(WORKBENCH_PATH, { config: { access: 'public' } }, async (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', workbenchCsp)
        .send(workbenchHtml),
    );
  };
}

/** The calls; register below /base/admin, behind the guard. */
export function workbenchRoutes(db: Kysely<Database>) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/workbench/apps', { config: { access: 'session' } }, async (request) => {
      if (!request.caller) throw new ApiError(Code.NO_TOKEN);
      const items = await workbenchApps(db, request.caller.userId);
      const answer: ListData<WorkbenchApp> = { items, total: items.length };
      return success(request, answer);
    });
  };
}
