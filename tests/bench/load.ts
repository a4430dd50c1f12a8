/**
 * Load from this process against a server in another one: autocannon, 20 connections, a short
 * warm-up (JIT, caches) before the measured run. Every case first checks one answer is a success,
 * so a figure never measures a stream of refusals.
 */
import { createRequire } from 'node:module';
import { TOKEN_HEADER } from '../../contract';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

export const CONNECTIONS = 20;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_S = 2;

// A type, not an interface: it is also read as a plain record of figures.
export type LoadFigures = {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  /** Answers that were not HTTP 2xx, plus connection errors and timeouts. */
  failed: number;
};

export interface LoadCase {
  paths: string[];
  token?: string;
  headers?: Record<string, string>;
  /** Whether a sample answer counts as a success (default: the envelope's code 0). */
  isSuccess?: (body: unknown) => boolean;
  /**
   * Each request, on any connection, takes the next of `paths` (none is asked twice while they
   * last). Otherwise every connection goes through `paths` in turn, so each is asked by all of them.
   */
  eachOnce?: boolean;
}

const isEnvelopeSuccess = (body: unknown) => (body as { code?: unknown } | null)?.code === 0;

export async function measure(address: string, loadCase: LoadCase): Promise<LoadFigures> {
  return (await measureAround(address, loadCase)).figures;
}

/**
 * `measure`, with `around` started just before the measured run and its end awaited just after
 * it (a CPU window): answers the figures, the requests completed in that run and what `around` gave.
 */
export async function measureAround<T = undefined>(
  address: string,
  { paths, token, headers = {}, isSuccess = isEnvelopeSuccess, eachOnce = false }: LoadCase,
  around?: () => Promise<() => Promise<T>>,
): Promise<{ figures: LoadFigures; requests: number; window?: T }> {
  const allHeaders = { ...headers, ...(token ? { [TOKEN_HEADER]: token } : {}) };
  const sample = await fetch(`${address}${paths[0]}`, { headers: allHeaders });
  const body: unknown = await sample.json().catch(() => undefined);
  if (!sample.ok || !isSuccess(body)) throw new Error(`${paths[0]} answered ${sample.status} ${JSON.stringify(body)?.slice(0, 300)}`);
  let next = 1;
  const requests = eachOnce
    ? [{ method: 'GET', setupRequest: (request: Record<string, unknown>) => ({ ...request, path: paths[next++ % paths.length] }) }]
    : paths.map((path) => ({ method: 'GET', path }));
  const run = (duration: number) => autocannon({ url: address, connections: CONNECTIONS, duration, workers: 0, headers: allHeaders, requests });
  await run(WARM_UP_S);
  const end = await around?.();
  const result = await run(DURATION_S);
  const window = await end?.();
  const figures = {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
  return { figures, requests: result.requests.total, window };
}

/** `path?a=1&b=2` from a record. */
export function withQuery(path: string, params: Record<string, string | number>): string {
  return `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
}
