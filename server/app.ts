/**
 * Builds the Fastify application, ready for `listen` or `inject`. Composition order: request
 * basics (locale, headers, errors), then the health check, then the /base/admin API behind its
 * guard (session routes, then the generic CRUD of every declared resource), then the console.
 * The database must already be migrated and seeded (see db/prepare.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { API_PREFIX, DEFAULT_LOCALE, localeFromHeader } from '../contract';
import { resourceDefinitions } from '../resources/registry';
import { accessRoutes } from './auth/accessRoutes';
import { createGrants } from './auth/grants';
import { createGuard } from './auth/guard';
import { createLoginThrottle } from './auth/throttle';
import { createSessionStore } from './auth/tokens';
import type { AppConfig } from './config';
import { crudRoutes } from './crud/routes';
import type { Database } from './db/schema';
import { errorHandler } from './errors';
import { notFoundHandler } from './http/notFound';
import type { RouteAccess } from './http/requestContext';
import { securityHeaders } from './http/securityHeaders';
import { officeRoutes } from './office/routes';
import { permissionRoutes } from './permission/routes';
import { healthRoutes } from './routes/health';
import { sessionRoutes } from './routes/session';
import { staffRoutes } from './staff/routes';
import { consoleStatic, loadConsoleSite } from './web/consoleSite';

/** 1 MiB: larger bodies are refused with 1010. */
export const BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'workbenchUrl' | 'trustProxy' | 'session' | 'throttle'>;
  logger?: Logger;
  /** Folder of the built console (index.html + assets); not served when absent or not built. */
  consoleDir?: string;
}

/** One registered route, as the seed-coverage test and tooling read it. */
export interface RouteSummary {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteSummary[];
  }
}

export async function buildApp({ db, config, logger, consoleDir }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }) as unknown as FastifyInstance;

  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url, access: route.config?.access ?? 'permission' });
  });

  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
  });
  app.addHook('onRequest', securityHeaders);

  const sessions = createSessionStore(db, config.session);
  const throttle = createLoginThrottle(db, config.throttle);
  const grants = createGrants(db);
  const guard = createGuard(sessions, grants);
  const site = consoleDir ? loadConsoleSite(consoleDir, { workbenchUrl: config.workbenchUrl }) : undefined;

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler(guard, site));

  await app.register(healthRoutes(db));
  await app.register(
    async (api) => {
      api.addHook('onRequest', guard.guard);
      await api.register(sessionRoutes({ db, sessions, throttle, grants }));
      await api.register(permissionRoutes(db));
      await api.register((await import('./effective/routes')).effectiveRoutes(db));
      await api.register(staffRoutes(db), { prefix: '/user' });
      await api.register(officeRoutes(db), { prefix: '/office' });
      for (const definition of resourceDefinitions) {
        await api.register(crudRoutes(db, definition), { prefix: `/${definition.name}` });
      }
    },
    { prefix: API_PREFIX },
  );
  await app.register(accessRoutes({ db, guard }));
  if (site) await app.register(consoleStatic(site));
  return app;
}
