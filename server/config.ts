/**
 * Server settings, read once from the environment. Anything invalid stops the start with a message
 * naming every bad variable; nothing is silently replaced by a default.
 */

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
  maxFailuresPerUser: number;
  maxFailuresPerAddress: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** SQLite file path, or a postgres:// / postgresql:// URL. */
  databaseUrl: string;
  /** Typed password of the seeded `admin`; generated when absent. */
  adminPassword: string | undefined;
  /** Where the console sends a browser without a session. */
  workbenchUrl: string;
  seed: SeedMode;
  /** Fastify's trustProxy: false, true, or a comma list of proxy addresses/CIDRs to trust. */
  trustProxy: boolean | string;
  session: SessionPolicy;
  throttle: ThrottlePolicy;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR, touchIntervalMs: MINUTE };
export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = { windowMs: 15 * MINUTE, maxFailuresPerUser: 5, maxFailuresPerAddress: 20 };

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

  const adminPassword = env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword.length < 6) problems.push('ADMIN_PASSWORD must be at least 6 characters');

  const workbenchUrl = read('WORKBENCH_URL') ?? '/login';
  if (!isSafeUrl(workbenchUrl)) problems.push(`WORKBENCH_URL must be a path starting with "/" or an http(s) URL, got "${workbenchUrl}"`);

  const seed = read('SEED') ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') problems.push(`SEED must be "demo" or "none", got "${seed}"`);

  const trustProxy = parseTrustProxy(read('TRUST_PROXY'));

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host,
    databaseUrl,
    adminPassword,
    workbenchUrl,
    seed: seed as SeedMode,
    trustProxy,
    session: { ...DEFAULT_SESSION_POLICY },
    throttle: { ...DEFAULT_THROTTLE_POLICY },
  };
}

function parsePort(raw: string, problems: string[]): number {
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) problems.push(`PORT must be an integer from 1 to 65535, got "${raw}"`);
  return port;
}

function isSafeUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}
