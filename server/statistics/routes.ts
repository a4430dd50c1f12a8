/**
 * The statistics calls (SPEC §7 Dashboard; the summaries' paths are ours, SPEC shows none), at the
 * paths of contract/paths.ts: the dashboard's below /admin/dashboard, the traffic owners below
 * /siteuser, the summaries and the ingestion below /base/admin.
 * An unknown serviceId answers zeros and empty lists: it names a sub-system with no traffic.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  dayKey,
  hourlyPoints,
  hoursBegun,
  MAX_CHART_LINES,
  MAX_PAGE_SIZE,
  parsePaging,
  periodProblem,
  STATISTICS_MESSAGES,
  STATISTICS_PAGE_SIZES,
  TEAM_LIST_LIMIT,
  TeamType,
  TIMEPOINTS,
  Code,
  type ChartData,
} from '../../contract';
import { STATISTICS_CALLS as S } from '../../contract/paths';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { invalidParam, optionalId, requestParams, textParam } from '../http/params';
import { createAnswerCache } from './answerCache';
import { DEFAULT_TRAFFIC_HOUR_RETENTION_DAYS } from '../config';
import { calendarAt, defaultClock, earliestIngestible, latestIngestible, type StatisticsClock } from './clock';
import { createIngestion, parseBatch } from './ingest';
import { createPeriodTraffic } from './periodTraffic';
import { createRunningTotals } from './runningTotals';
import { statisticsRepository } from './repository';
import { mediaStatsExporter, staffSummaryExporter, type MediaStatsQuery } from './statisticsExport';

const GET_POST = ['GET', 'POST'] as const;
const MAX_STATISTICS_PAGE = Math.max(...STATISTICS_PAGE_SIZES);

function dayParam(request: FastifyRequest, value: unknown, fallback: number, name: string): number {
  const raw = textParam(value);
  if (raw === undefined) return fallback;
  // The console's date pickers send `YYYY-MM-DD`; a full time is read by its date.
  const key = dayKey(raw.slice(0, 10));
  if (key === undefined) throw new ApiError(Code.VALIDATION_FAILED, STATISTICS_MESSAGES.day, { fields: { [name]: STATISTICS_MESSAGES.day[request.locale] } });
  return key;
}

function idList(request: FastifyRequest, value: unknown, name: string): number[] | undefined {
  const raw = textParam(value) ?? (Array.isArray(value) ? value.join(',') : undefined);
  if (raw === undefined) return undefined;
  const ids = raw.split(',').map((part) => optionalId(part, request.locale, name));
  if (ids.length > MAX_CHART_LINES || ids.some((id) => id === undefined)) throw invalidParam(name, request.locale);
  return [...new Set(ids as number[])];
}

export interface StatisticsRoutesOptions {
  clock?: StatisticsClock;
  /** Where the statistics are read (a streaming replica's handle, README *A read replica*); default `db`. */
  readDb?: Kysely<Database>;
  /** Days of hours `traffic_hour` keeps: an older hour is refused (its stored count is gone, see ingest.ts). */
  trafficHourRetentionDays?: number;
}

export function statisticsRoutes(db: Kysely<Database>, { clock = defaultClock(), readDb = db, trafficHourRetentionDays = DEFAULT_TRAFFIC_HOUR_RETENTION_DAYS }: StatisticsRoutesOptions = {}) {
  // Every figure, list and export reads `readDb`; ingestion and the exports' audit rows write `db`.
  const repo = statisticsRepository(readDb);
  const cached = createAnswerCache(readDb, { pinned: readDb !== db });
  const calendar = () => calendarAt(clock.now(), clock.timeZone);
  // Not beside a replica: a slice read from the primary it fell back to would pass for the replica's version.
  const running = readDb === db ? createRunningTotals(repo, () => calendar().today) : undefined;
  const periodTraffic = createPeriodTraffic({ running });
  // This process's batches move the running totals in place.
  const ingest = createIngestion(db, { committed: (moved) => running?.moved(moved) });
  /** The reads on one connection the cache pinned (its version and its answer from one server). */
  const repoOn = (on: Kysely<Database>) => (on === readDb ? repo : statisticsRepository(on));

  /** Dashboard calls, under /admin/dashboard. */
  async function dashboard(app: FastifyInstance): Promise<void> {
    app.route({
      method: [...GET_POST],
      url: S.totalNums,
      handler: async (request) => {
        const params = requestParams(request);
        const now = calendar();
        const serviceId = optionalId(params.serviceId, request.locale, 'serviceId');
        return success(request, await cached(`totals:${now.today}:${serviceId ?? ''}`, (on) => repoOn(on).totals(now, serviceId)));
      },
    });

    app.route({
      method: [...GET_POST],
      url: S.lineChart,
      handler: async (request, reply) => {
        const params = requestParams(request);
        const { locale } = request;
        const now = calendar();
        const day = dayParam(request, params.datetime, now.today, 'datetime');
        // Today's hours after the current one have no count yet: null, not 0 (and the key moves each hour).
        const begun = hoursBegun(day, now);
        const filter = {
          serviceId: optionalId(params.serviceId, locale, 'serviceId'),
          mediaAdminId: optionalId(params.adminId, locale, 'adminId'),
          ids: idList(request, params.siteUserIds, 'siteUserIds'),
        };
        // Kept serialized: up to 100 lines of 24 points cost more to turn into JSON than to look up.
        const body = await cached(`chart:${locale}:${day}:${begun}:${filter.serviceId ?? ''}:${filter.mediaAdminId ?? ''}:${filter.ids?.join(',') ?? ''}`, async (on) => {
          const lines = await repoOn(on).siteUsers(filter, MAX_CHART_LINES);
          const hours = await repoOn(on).hours(lines.map((l) => l.id), day);
          const data: ChartData = {
            items: lines.map((line) => ({ name: line.userName, value: hourlyPoints(hours.filter((h) => h.siteUserId === line.id), begun) })),
            timepoint: [...TIMEPOINTS],
          };
          return JSON.stringify(success(request, data));
        });
        return reply.type('application/json; charset=utf-8').send(body);
      },
    });

    app.route({
      method: [...GET_POST],
      url: S.teamOverview,
      handler: async (request) => {
        const params = requestParams(request);
        const teamType = Number(textParam(params.teamType) ?? TeamType.business);
        if (teamType !== TeamType.media && teamType !== TeamType.business) throw invalidParam('teamType', request.locale);
        const { page, size } = parsePaging(params);
        const limit = Math.min(size, TEAM_LIST_LIMIT);
        return success(request, await cached(`team:${teamType}:${page}:${limit}`, (on) => repoOn(on).team(teamType, page, limit)));
      },
    });
  }

  /** The traffic owners, under /siteuser. */
  async function siteUser(app: FastifyInstance): Promise<void> {
    app.route({
      method: [...GET_POST],
      url: S.siteUsers,
      handler: async (request) => {
        const params = requestParams(request);
        const filter = { serviceId: optionalId(params.serviceId, request.locale, 'serviceId'), mediaAdminId: optionalId(params.adminId, request.locale, 'adminId') };
        return success(request, { items: await repo.owners(filter, MAX_PAGE_SIZE) });
      },
    });
  }

  /** Summaries and ingestion, under /base/admin. */
  async function admin(app: FastifyInstance): Promise<void> {
    app.route({
      method: [...GET_POST],
      url: S.staffSummary,
      handler: async (request) => {
        const { page, size } = parsePaging(requestParams(request));
        return success(request, await repo.staffSummary(calendar(), page, Math.min(size, MAX_STATISTICS_PAGE)));
      },
    });

    /** The media statistics' filters as its list reads them: the period (this month so far by default), the sub-system, the order. */
    function mediaStatsQuery(request: FastifyRequest): MediaStatsQuery {
      const params = requestParams(request);
      const now = calendar();
      const to = dayParam(request, params.endDate, now.today, 'endDate');
      const from = dayParam(request, params.startDate, Math.min(now.month * 100 + 1, to), 'startDate');
      const problem = periodProblem(from, to);
      if (problem) throw new ApiError(Code.VALIDATION_FAILED, problem, { fields: { startDate: problem[request.locale] } });
      const order = textParam(params.order) === 'asc' ? 'asc' : 'desc';
      return { period: { from, to }, serviceId: optionalId(params.serviceId, request.locale, 'serviceId'), order };
    }

    app.route({
      method: [...GET_POST],
      url: S.mediaStats,
      handler: async (request) => {
        const { period, serviceId, order } = mediaStatsQuery(request);
        const { page, size } = parsePaging(requestParams(request));
        const limit = Math.min(size, MAX_STATISTICS_PAGE);
        // Every owner's sum over the period is needed to sort them: kept per period while no write
        // moves the version (periodTraffic.ts), each page's answer too.
        const key = `media:${period.from}:${period.to}:${serviceId ?? ''}:${order}:${page}:${limit}`;
        return success(request, await cached(key, (on, version) => periodTraffic(repoOn(on), version, period, { serviceId, order, page, size: limit })));
      },
    });

    // The two tables as streamed .xlsx files; each writes its own audit row (server/export).
    app.route({ method: [...GET_POST], url: S.staffSummaryExport, config: { writes: true, unaudited: true }, handler: staffSummaryExporter(db, repo, calendar) });
    app.route({ method: [...GET_POST], url: S.mediaStatsExport, config: { writes: true, unaudited: true }, handler: mediaStatsExporter(db, repo, mediaStatsQuery) });

    app.post(S.ingest, { config: { writes: true } }, async (request) => {
      const batch = parseBatch(requestParams(request), request.locale, latestIngestible(clock), earliestIngestible(clock, trafficHourRetentionDays));
      return success(request, await ingest(batch, request.locale));
    });
  }

  return { dashboard, siteUser, admin };
}

