/**
 * A live-list subscriber over real HTTP, as the browser is one: GET the event stream with the
 * token in its header, parse the server-sent events as they come.
 */
import { request, type ClientRequest } from 'node:http';
import { TOKEN_HEADER } from '../../contract';
import type { LiveChange } from '../../contract/live';

export interface SentEvent {
  event: string;
  data: string;
}

export interface Subscriber {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  events: SentEvent[];
  /** The `change` events so far. */
  changes(): LiveChange[];
  /** Everything received, raw (retry line, comments). */
  text(): string;
  /** Resolves with the first change matching `match` within `ms`, else rejects. */
  nextChange(match: (change: LiveChange) => boolean, ms?: number): Promise<LiveChange>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream and resolves once its `ready` event has arrived (or, for a refusal, with its body). */
export function subscribe(address: string, token: string | undefined, path = '/base/admin/live/events'): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    let raw = '';
    let buffer = '';
    const events: SentEvent[] = [];
    const waiters = new Set<() => void>();
    let endedResolve: () => void = () => {};
    const ended = new Promise<void>((r) => (endedResolve = r));
    const req: ClientRequest = request(`${address}${path}`, { headers: token ? { [TOKEN_HEADER]: token } : {} }, (res) => {
      const subscriber: Subscriber = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        changes: () => events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as LiveChange),
        text: () => raw,
        nextChange: (match, ms = 1000) =>
          new Promise((resolveChange, rejectChange) => {
            const check = () => {
              const found = subscriber.changes().find(match);
              if (!found) return;
              waiters.delete(check);
              clearTimeout(timer);
              resolveChange(found);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              rejectChange(new Error(`no matching change within ${ms} ms; received ${JSON.stringify(subscriber.changes())}`));
            }, ms);
            waiters.add(check);
            check();
          }),
        ended,
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event !== undefined) events.push({ event, data: data ?? '' });
          if (event === 'ready') resolve(subscriber);
        }
        for (const waiter of [...waiters]) waiter();
      });
      res.on('end', endedResolve);
      res.on('close', endedResolve);
      if (!String(res.headers['content-type']).startsWith('text/event-stream')) res.on('end', () => resolve(subscriber));
    });
    req.on('error', (error) => {
      endedResolve();
      reject(error);
    });
    req.end();
  });
}
