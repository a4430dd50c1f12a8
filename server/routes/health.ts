/** `/healthz`: 200 when the database answers, 503 otherwise. Public, outside the API envelope. */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export function healthRoutes(db: Kysely<Database>) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/healthz', { config: { access: 'public' } }, async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable' });
      }
    });
  };
}
