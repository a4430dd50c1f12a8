/**
 * The open event streams of one server: bounded per user (the oldest closes) and per server, a
 * comment line every heartbeat, and each change written only to streams whose session is still
 * live and whose caller is granted the list call of the change's resource now (read at delivery,
 * so an ended session or a revoked grant holds from the next event on). Deliveries run one at a
 * time, in the order the bus hands them over.
 */
import type { ServerResponse } from 'node:http';
import { LIVE_EVENT, LIVE_LIMITS, type LiveChange } from '../../contract/live';

export interface LiveStreamsOptions {
  /** Of these sessions, the live ones with their user (server/auth/tokens.ts liveSessions). */
  liveSessions(sessionIds: readonly number[]): Promise<Map<number, { userId: number; mustChangePassword: boolean }>>;
  /** Whether the user may call the API element `path` (the guard's check, server/auth/grants.ts). */
  canCall(userId: number, path: string, version: number): Promise<boolean>;
  grantsVersion(): Promise<number>;
  listCallOf(resource: string): string | undefined;
  onError(error: unknown): void;
  heartbeatMs?: number;
}

interface Stream {
  userId: number;
  sessionId: number;
  response: ServerResponse;
}

/** A subscriber this far behind (a stalled connection) is closed rather than buffered for. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export function liveStreams({ liveSessions, canCall, grantsVersion, listCallOf, onError, heartbeatMs = LIVE_LIMITS.heartbeatMs }: LiveStreamsOptions) {
  const streams = new Set<Stream>();
  const byUser = new Map<number, Stream[]>();
  let queue: Promise<void> = Promise.resolve();
  let heartbeat: NodeJS.Timeout | undefined;

  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task).catch(onError);
    return queue;
  };

  function forget(stream: Stream): void {
    if (!streams.delete(stream)) return;
    const mine = (byUser.get(stream.userId) ?? []).filter((s) => s !== stream);
    if (mine.length) byUser.set(stream.userId, mine);
    else byUser.delete(stream.userId);
    if (streams.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function close(stream: Stream): void {
    forget(stream);
    stream.response.end();
  }

  function write(stream: Stream, text: string): void {
    if (stream.response.writableLength > MAX_BUFFERED_BYTES) close(stream);
    else stream.response.write(text);
  }

  /** The streams whose session still lives, each with its session; the others are closed. */
  async function survivors(): Promise<Array<[Stream, { userId: number; mustChangePassword: boolean }]>> {
    const open = [...streams];
    const live = await liveSessions(open.map((s) => s.sessionId));
    const kept: Array<[Stream, { userId: number; mustChangePassword: boolean }]> = [];
    for (const stream of open) {
      const session = live.get(stream.sessionId);
      if (session && session.userId === stream.userId) kept.push([stream, session]);
      else close(stream);
    }
    return kept;
  }

  async function deliver(changes: readonly LiveChange[]): Promise<void> {
    if (streams.size === 0 || changes.length === 0) return;
    const kept = await survivors();
    const version = await grantsVersion();
    const texts = changes.map((change) => `event: ${LIVE_EVENT.change}\ndata: ${JSON.stringify({ resource: change.resource, ids: change.ids, action: change.action })}\n\n`);
    const allowedOf = new Map<number, string>();
    for (const [stream, session] of kept) {
      let allowed = allowedOf.get(stream.userId);
      if (allowed === undefined) {
        allowed = '';
        if (!session.mustChangePassword) {
          for (const [i, change] of changes.entries()) {
            const listCall = listCallOf(change.resource);
            if (listCall && (await canCall(stream.userId, listCall, version))) allowed += texts[i];
          }
        }
        allowedOf.set(stream.userId, allowed);
      }
      if (allowed && streams.has(stream)) write(stream, allowed);
    }
  }

  async function beat(): Promise<void> {
    for (const [stream] of await survivors()) write(stream, ': heartbeat\n\n');
  }

  return {
    get size() {
      return streams.size;
    },
    isFull: () => streams.size >= LIVE_LIMITS.perServer,

    /** Opens a stream on `response` (its head already written): sends `retry` and `ready`. */
    open(caller: { userId: number; sessionId: number }, response: ServerResponse): void {
      const stream: Stream = { userId: caller.userId, sessionId: caller.sessionId, response };
      const mine = byUser.get(caller.userId) ?? [];
      while (mine.length >= LIVE_LIMITS.perUser) {
        const oldest = mine.shift()!;
        oldest.response.write(`event: ${LIVE_EVENT.displaced}\ndata: {}\n\n`);
        close(oldest);
      }
      streams.add(stream);
      byUser.set(caller.userId, [...(byUser.get(caller.userId) ?? []), stream]);
      response.on('close', () => forget(stream));
      response.write(`retry: ${LIVE_LIMITS.retryMs}\nevent: ${LIVE_EVENT.ready}\ndata: {}\n\n`);
      heartbeat ??= setInterval(() => void enqueue(beat), heartbeatMs).unref();
    },

    deliver: (changes: LiveChange[]) => enqueue(() => deliver(changes)),

    /** Every stream ends (the server is closing, or changes may have been missed). */
    closeAll(): void {
      for (const stream of [...streams]) close(stream);
    },
  };
}

export type LiveStreams = ReturnType<typeof liveStreams>;
