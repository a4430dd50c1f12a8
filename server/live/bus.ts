/**
 * Fan-out of changes to every server: each server delivers what the bus hands it, its own writes
 * included. SQLite (one process): in memory. PostgreSQL: NOTIFY after the write has committed, and
 * one dedicated connection per server LISTENing, opened with the first stream and reconnected
 * when lost (streams are then closed: what was missed meanwhile is refetched by their browsers on
 * reconnecting). Channels are per schema, so servers of different schemas never hear each other.
 */
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { LIVE_LIMITS, type LiveChange } from '../../contract/live';
import { ownConnectionOf } from '../db/database';
import type { Database } from '../db/schema';

export interface LiveBus {
  publish(changes: readonly LiveChange[]): Promise<void>;
  /** Resolves once this server hears every later publish (PostgreSQL: LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface BusHandlers {
  deliver(changes: LiveChange[]): void;
  /** Changes may have been missed (the LISTEN connection dropped). */
  lost(error: unknown): void;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const PAYLOAD_BYTES = 7900;

/** The changes as JSON arrays of at most `limit` bytes each; a change too large alone is split by its ids. */
export function payloadsOf(changes: readonly LiveChange[], limit = PAYLOAD_BYTES): string[] {
  const pieces: string[] = [];
  for (const change of changes) {
    const whole = JSON.stringify(change);
    if (Buffer.byteLength(whole) + 2 <= limit) {
      pieces.push(whole);
      continue;
    }
    let ids: string[] = [];
    const flush = () => ids.length && pieces.push(JSON.stringify({ ...change, ids }));
    for (const id of change.ids) {
      if (Buffer.byteLength(JSON.stringify({ ...change, ids: [...ids, id] })) + 2 > limit) {
        flush();
        ids = [];
      }
      ids.push(id);
    }
    flush();
  }
  const payloads: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const piece of pieces) {
    const size = Buffer.byteLength(piece) + 1;
    if (current.length && bytes + size > limit) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(piece);
    bytes += size;
  }
  if (current.length) payloads.push(`[${current.join(',')}]`);
  return payloads;
}

function memoryBus({ deliver }: BusHandlers): LiveBus {
  return {
    async publish(changes) {
      if (changes.length) setImmediate(() => deliver([...changes]));
    },
    ready: async () => {},
    close: async () => {},
  };
}

function postgresBus(db: Kysely<Database>, connect: () => pg.Client, { deliver, lost }: BusHandlers): LiveBus {
  let channel: Promise<string> | undefined;
  const channelName = () =>
    (channel ??= sql<{ schema: string }>`select current_schema() as schema`.execute(db).then(({ rows }) => `console_live_${rows[0]?.schema ?? 'public'}`.slice(0, 63)));
  let client: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  let closed = false;
  let delay: number = LIVE_LIMITS.retryMs;
  let retry: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    const name = await channelName();
    const own = connect();
    own.on('notification', (message) => {
      if (message.channel !== name || !message.payload) return;
      try {
        deliver(JSON.parse(message.payload) as LiveChange[]);
      } catch (error) {
        lost(error);
      }
    });
    const drop = (error?: unknown) => {
      if (client !== own) return;
      client = undefined;
      listening = undefined;
      void own.end().catch(() => undefined);
      if (closed) return;
      lost(error ?? new Error('the LISTEN connection ended'));
      retry = setTimeout(() => void start().catch(() => undefined), delay);
      retry.unref();
      delay = Math.min(delay * 2, LIVE_LIMITS.maxRetryMs);
    };
    own.on('error', drop);
    own.on('end', () => drop());
    client = own;
    try {
      await own.connect();
      await own.query(`LISTEN ${own.escapeIdentifier(name)}`);
      delay = LIVE_LIMITS.retryMs;
    } catch (error) {
      drop(error);
      throw error;
    }
  }

  function start(): Promise<void> {
    if (closed) return Promise.reject(new Error('the live bus is closed'));
    return (listening ??= listen());
  }

  return {
    async publish(changes) {
      const name = await channelName();
      for (const payload of payloadsOf(changes)) await sql`select pg_notify(${name}, ${payload})`.execute(db);
    },
    ready: start,
    async close() {
      closed = true;
      clearTimeout(retry);
      const own = client;
      client = undefined;
      await own?.end().catch(() => undefined);
    },
  };
}

export function createLiveBus(db: Kysely<Database>, handlers: BusHandlers): LiveBus {
  const connect = ownConnectionOf(db);
  return connect ? postgresBus(db, connect, handlers) : memoryBus(handlers);
}
