/**
 * Builds the Fastify application, ready for `listen` or `inject`. Composition order: request
 * basics (locale, headers, errors, the guard of every API prefix), then the health check, then
 * the /base/admin API (session routes, then the generic CRUD of every declared resource), then
 * the calls of the other prefixes, then the console.
 * The database must already be migrated and seeded (see db/prepare.ts).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { AccessLog } from './http/accessLog';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { API_PREFIX, DEFAULT_LOCALE, localeFromHeader } from '../contract';
import { endpointOf, type ResourceDefinition } from '../resources/define';
import { resourceDefinitions } from '../resources/registry';
import { auditWrites } from './audit/context';
import { createLoginLog } from './audit/loginLog';
import { auditLogPolicy } from './audit/callNames';
import { onlineSessionPolicy, onlineSessionRoutes } from './audit/onlineSessions';
import { logsKeptFrom, scheduleUpkeep } from './audit/retention';
import { scheduleRoleEndSweep } from './roles/roleEndSweep';
import { accessRoutes } from './auth/accessRoutes';
import { createGrants } from './auth/grants';
import { createGuard } from './auth/guard';
import { createLoginThrottle } from './auth/throttle';
import { createSessionStore } from './auth/tokens';
import { DEFAULT_TRAFFIC_HOUR_RETENTION_DAYS, type AppConfig } from './config';
import { checkDefinitions } from './crud/definitionRules';
import { resourcePoliciesOf } from './policies';
import { crudRoutes } from './crud/routes';
import { createDictionaries } from './dic/dictionaries';
import { createLive } from './live/routes';
import { dictionaryRoutes } from './dic/routes';
import type { Database } from './db/schema';
import { errorHandler } from './errors';
import { clientErrorHandler, frameworkErrors } from './http/frameworkRefusals';
import { notFoundHandler } from './http/notFound';
import type { Caller } from './http/requestContext';
import { securityHeaders } from './http/securityHeaders';
import { officeRoutes } from './office/routes';
import { openApiRoutes } from './openapi/routes';
import type { DocumentedRoute } from './http/routeDoc';
import { permissionRoutes } from './permission/routes';
import { preferenceRoutes } from './preferences/routes';
import { healthRoutes } from './routes/health';
import { sessionRoutes } from './routes/session';
import { staffRoutes } from './staff/routes';
import { defaultClock, type StatisticsClock } from './statistics/clock';
import { statisticsRoutes } from './statistics/routes';
import { templateRoutes } from './template/routes';
import { uaRoutes } from './ua/routes';
import { consoleStatic, loadConsoleSite } from './web/consoleSite';

/** 1 MiB: larger bodies are refused with 1010. */
export const BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  db: Kysely<Database>;
  /**
   * Where the heavy reads go (README, *A read replica*): statistics and the declared resources
   * saying `reads: 'replica'` (the audit and login logs). Default: `db`. Never an access decision.
   */
  readDb?: Kysely<Database>;
  config: Pick<AppConfig, 'workbenchUrl' | 'trustProxy' | 'session' | 'throttle'> & Partial<Pick<AppConfig, 'workbenchTrustedOrigins' | 'auditRetentionDays' | 'trafficHourRetentionDays' | 'lookup'>>;
  logger?: Logger;
  /** Folder of the built console (index.html + assets); not served when absent or not built. */
  consoleDir?: string;
  /** The declared resources whose calls are served (default: the registry); tests pass their own. */
  definitions?: readonly ResourceDefinition[];
  /** The statistics' time zone and clock (default: `TZ` or Asia/Shanghai, the system clock); tests fix it. */
  statisticsClock?: StatisticsClock;
  /**
   * Benchmark only (tests/bench/unguardedServer.ts measures what the guard costs): no token or
   * permission check, every request is this caller. Never set by the server's own start.
   */
  withoutGuardAs?: Caller;
}

/** One registered route, as the seed-coverage test and tooling read it. */
export interface RouteSummary extends DocumentedRoute {
  /** Registered with `config: { writes: true }`: runs in its request's audit context. */
  writes: boolean;
  /** Registered with `config: { unaudited: true }`: it writes only tables the audit log leaves out. */
  unaudited: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteSummary[];
  }
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

export async function buildApp({ db, readDb, config, logger, consoleDir, definitions = resourceDefinitions, statisticsClock, withoutGuardAs }: BuildAppOptions): Promise<FastifyInstance> {
  // A definition that would leak what it masks is refused before anything is built.
  checkDefinitions(definitions);
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    logController: new AccessLog(),
    // Unique across restarts and servers: the audit log groups a request's rows by it.
    genReqId: () => randomUUID(),
    // Fastify's own refusals answer the envelope too.
    frameworkErrors,
    clientErrorHandler,
  }) as unknown as FastifyInstance;

  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  // A writing route's handler runs in its caller's audit context (server/audit).
  app.addHook('onRoute', auditWrites);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url, access: route.config?.access ?? 'permission', writes: route.config?.writes === true, unaudited: route.config?.unaudited === true, doc: route.config?.doc });
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
  const dictionaries = createDictionaries(db);
  const policies = { ...resourcePoliciesOf(definitions), onlineSession: onlineSessionPolicy(config.session), auditLog: auditLogPolicy(definitions) };
  const clock = statisticsClock ?? defaultClock();
  const trafficHourRetentionDays = config.trafficHourRetentionDays ?? DEFAULT_TRAFFIC_HOUR_RETENTION_DAYS;
  const statistics = statisticsRoutes(db, { clock, trafficHourRetentionDays, readDb });
  const openApi = openApiRoutes(routeTable, definitions);
  app.addHook('onReady', async () => openApi.build());
  const site = consoleDir ? loadConsoleSite(consoleDir, { workbenchUrl: config.workbenchUrl }) : undefined;
  const live = createLive({ db, sessions, grants, definitions, onError: (error, what) => app.log.error({ err: error }, what) });
  // Every audited write tells the consoles listing what it changed (server/live), once answered.
  app.addHook('onRoute', live.publishWritesOf);

  // Partitions made ahead and expired rows purged, at the start and daily (server/audit/retention.ts).
  const retention = config.auditRetentionDays === undefined ? undefined : { auditRetentionDays: config.auditRetentionDays, trafficHourRetentionDays, timeZone: clock.timeZone };
  if (retention) {
    const upkeep = scheduleUpkeep(db, retention, (error) => app.log.error({ err: error }, 'retention upkeep failed (tried again tomorrow)'), {
      now: clock.now,
      done: (made, purged, ms) => app.log.info({ made, dropped: purged?.dropped, deleted: purged?.deleted, ms: Math.round(ms) }, 'retention upkeep done'),
    });
    app.addHook('onClose', async () => upkeep.stop());
  }

  // Ended role links are deleted every minute (audited as the server's own call); the guard never waits for it.
  const roleEndSweep = scheduleRoleEndSweep(db, (error) => app.log.error({ err: error }, 'sweeping ended role links failed'));
  app.addHook('onClose', async () => {
    await roleEndSweep.stop();
  });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler(guard, site));
  // Before any route: every route of a guarded prefix, registered anywhere below, inherits it.
  if (withoutGuardAs) {
    app.addHook('onRequest', async (request) => {
      request.caller = withoutGuardAs;
    });
  } else {
    app.addHook('onRequest', guard.guard);
  }

  await app.register(healthRoutes(db));
  await app.register(
    async (api) => {
      await api.register(sessionRoutes({ db, sessions, throttle, grants, loginLog: createLoginLog(db) }));
      await api.register(permissionRoutes(db));
      await api.register((await import('./effective/routes')).effectiveRoutes(db));
      await api.register(staffRoutes(db, throttle, grants));
      await api.register(officeRoutes(db));
      await api.register(dictionaryRoutes(dictionaries));
      await api.register(statistics.admin);
      await api.register(onlineSessionRoutes(db));
      await api.register(preferenceRoutes(db, grants, definitions));
      await api.register(openApi.register);
      await api.register(live.routes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(templateRoutes(db));
  await app.register(statistics.dashboard);
  await app.register(statistics.siteUser);
  await app.register(uaRoutes(db));
  // The declared resources, one registration per endpoint (a master and its detail may share one).
  for (const [endpoint, group] of groupBy(definitions, endpointOf)) {
    await app.register(crudRoutes({ db, readDb, definitions, dictionaries, policies, grants, lookupPolicy: config.lookup, ...(retention ? { keptFrom: logsKeptFrom(retention, clock.now) } : {}) }, group), { prefix: endpoint });
  }
  await app.register(accessRoutes(db, { sessions, trustedOrigins: config.workbenchTrustedOrigins ?? [] }));
  if (site) await app.register(consoleStatic(site));
  return app;
}
