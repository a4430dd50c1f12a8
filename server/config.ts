/**
 * Server settings, read once from the environment. Anything invalid stops the start with a message
 * naming every bad variable; nothing is silently replaced by a default.
 */
import { isWebAddress } from '../contract/webAddress';
import { isPostgresUrl } from './db/database';

export type SeedMode = 'demo' | 'none';

export interface SessionPolicy {
  /** A session unused for this long is expired. */
  idleMs: number;
  /** A session older than this is expired however busy it is. */
  absoluteMs: number;
  /** `lastSeenAt` is written at most this often per session. */
  touchIntervalMs: number;
}

export interface ThrottlePolicy {
  windowMs: number;
  /** Password attempts for one username from one address within the window. */
  maxFailuresPerUserAndAddress: number;
  /** Password attempts from one address within the window, any username. */
  maxFailuresPerAddress: number;
  /** Password hashing (scrypt) running at once in the process; beyond it 1009 at once. */
  maxConcurrentHashes: number;
  /** Password hashing running at once for one address. */
  maxConcurrentHashesPerAddress: number;
}

/**
 * Whole-value lookups of masked fields (resources/define.ts PrivacySpec.lookup) by a caller without
 * the reveal grant: at most `maxPerCaller` within `windowMs`, counted in the reveal log itself.
 */
export interface LookupPolicy {
  windowMs: number;
  maxPerCaller: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** SQLite file path, or a postgres:// / postgresql:// URL. */
  databaseUrl: string;
  /**
   * PostgreSQL only: a streaming replica of `databaseUrl` that answers the heavy reads (statistics,
   * the audit and login logs); never an access decision (README, *A read replica*).
   */
  databaseReadUrl: string | undefined;
  /** Typed password of the seeded `admin`; generated when absent. */
  adminPassword: string | undefined;
  /** Where the console sends a browser without a session. */
  workbenchUrl: string;
  /**
   * Origins (besides the console's own) whose sub-systems the workbench hands a one-time sign-in
   * code to; every other address gets a plain link, no credential.
   */
  workbenchTrustedOrigins: string[];
  seed: SeedMode;
  /** Fastify's trustProxy: false, true, or a comma list of proxy addresses/CIDRs to trust. */
  trustProxy: boolean | string;
  session: SessionPolicy;
  throttle: ThrottlePolicy;
  lookup: LookupPolicy;
  /** Days the audit and login logs keep a row. */
  auditRetentionDays: number;
  /** Days `traffic_hour` keeps an hour (the day and month rollups are kept for good). */
  trafficHourRetentionDays: number;
}

export const DEFAULT_AUDIT_RETENTION_DAYS = 180;
/** Thirteen months and some: a day's hourly chart can be set beside the same day a year before. */
export const DEFAULT_TRAFFIC_HOUR_RETENTION_DAYS = 400;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR, touchIntervalMs: MINUTE };
export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  windowMs: 15 * MINUTE,
  maxFailuresPerUserAndAddress: 5,
  maxFailuresPerAddress: 20,
  // libuv has four worker threads: the hashing leaves room for file reads; one address gets one.
  maxConcurrentHashes: 3,
  maxConcurrentHashesPerAddress: 1,
};

export const DEFAULT_LOOKUP_POLICY: LookupPolicy = { windowMs: 15 * MINUTE, maxPerCaller: 20 };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const port = parsePort(read('PORT') ?? '8080', problems);
  const host = read('HOST') ?? '127.0.0.1';
  const databaseUrl = read('DATABASE_URL') ?? 'data/console.db';

  const databaseReadUrl = read('DATABASE_READ_URL');
  if (databaseReadUrl !== undefined && !(isPostgresUrl(databaseUrl) && isPostgresUrl(databaseReadUrl))) {
    problems.push('DATABASE_READ_URL names a read replica, which only PostgreSQL has: both it and DATABASE_URL must be postgres:// URLs (unset it on SQLite)');
  }

  const adminPassword = env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword.length < 6) problems.push('ADMIN_PASSWORD must be at least 6 characters');

  const workbenchUrl = read('WORKBENCH_URL') ?? '/login';
  if (!isWebAddress(workbenchUrl)) problems.push(`WORKBENCH_URL must be a path starting with "/" or an http(s) URL, got "${workbenchUrl}"`);

  const workbenchTrustedOrigins = parseOrigins(read('WORKBENCH_TRUSTED_ORIGINS'), problems);

  const seed = read('SEED') ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') problems.push(`SEED must be "demo" or "none", got "${seed}"`);

  const trustProxy = parseTrustProxy(read('TRUST_PROXY'));

  const retention = read('AUDIT_RETENTION_DAYS') ?? String(DEFAULT_AUDIT_RETENTION_DAYS);
  const auditRetentionDays = /^\d{1,5}$/.test(retention) ? Number(retention) : NaN;
  if (!(auditRetentionDays >= 1)) problems.push(`AUDIT_RETENTION_DAYS must be a whole number of days, at least 1, got "${retention}"`);
  const hours = read('TRAFFIC_HOUR_RETENTION_DAYS') ?? String(DEFAULT_TRAFFIC_HOUR_RETENTION_DAYS);
  const trafficHourRetentionDays = /^\d{1,5}$/.test(hours) ? Number(hours) : NaN;
  if (!(trafficHourRetentionDays >= 1)) problems.push(`TRAFFIC_HOUR_RETENTION_DAYS must be a whole number of days, at least 1, got "${hours}"`);

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host,
    databaseUrl,
    databaseReadUrl,
    adminPassword,
    workbenchUrl,
    workbenchTrustedOrigins,
    seed: seed as SeedMode,
    trustProxy,
    session: { ...DEFAULT_SESSION_POLICY },
    throttle: { ...DEFAULT_THROTTLE_POLICY },
    lookup: { ...DEFAULT_LOOKUP_POLICY },
    auditRetentionDays,
    trafficHourRetentionDays,
  };
}

function parsePort(raw: string, problems: string[]): number {
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) problems.push(`PORT must be an integer from 1 to 65535, got "${raw}"`);
  return port;
}

/** A comma list of origins (`https://host[:port]`, nothing after it), each as the browser writes it. */
function parseOrigins(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined) return [];
  return raw.split(',').flatMap((part) => {
    const value = part.trim();
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
      problems.push(`WORKBENCH_TRUSTED_ORIGINS must be a comma list of origins like https://crm.example.com, got "${value}"`);
      return [];
    }
    return [url.origin];
  });
}

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}
