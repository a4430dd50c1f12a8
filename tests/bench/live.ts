/**
 * Live lists under load, against the server as `npm start` runs it (serverProcess.ts): BENCH_STREAMS
 * (500) open event streams, the server's resident memory before and after opening them, and the
 * p99 of a parameter list call (20 connections) while a parameter save every 100 ms fans out to
 * every stream; then that every stream received every save's event.
 */
import { request, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { LIVE_LIMITS, TOKEN_HEADER } from '../../contract';
import { superAdminRoleId } from '../../server/auth/grants';
import { createSessionStore } from '../../server/auth/tokens';
import { DEFAULT_SESSION_POLICY } from '../../server/config';
import { openDatabase, type DialectName } from '../../server/db/database';
import { benchDatabase } from './benchDatabase';
import { measure } from './load';
import type { Report } from './report';
import { startServer } from './serverProcess';
import { login } from './staffList';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const WRITE_EVERY_MS = 100;
const SECTION = `live lists, ${STREAMS} open event streams on one server`;

const rssKB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

interface Counted {
  request: ClientRequest;
  changes: number;
}

/** Opens one stream; resolves once its `ready` event arrived, then counts its `change` events. */
function openStream(address: string, token: string): Promise<Counted> {
  return new Promise((resolve, reject) => {
    let text = '';
    const counted: Counted = {
      changes: 0,
      request: request(`${address}/base/admin/live/events`, { agent: false, headers: { [TOKEN_HEADER]: token } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            if (block.includes('event: ready')) resolve(counted);
            if (block.includes('event: change')) counted.changes++;
          }
        });
        res.on('end', () => reject(new Error(`a stream ended (status ${res.statusCode})`)));
      }),
    };
    counted.request.on('error', reject);
    counted.request.end();
  });
}

export async function liveBench(report: Report, dialect: DialectName): Promise<void> {
  const database = await benchDatabase(dialect, 'live');
  const handle = openDatabase(database.url);
  const server = await startServer({ databaseUrl: database.url });
  const streams: Counted[] = [];
  try {
    const token = await login(server.address);
    // Subscribers: enough super-admins that none holds more than its per-user share of streams.
    const roleId = (await superAdminRoleId(handle.db))!;
    const sessions = createSessionStore(handle.db, DEFAULT_SESSION_POLICY);
    const tokens: string[] = [];
    for (let i = 0; i < Math.ceil(STREAMS / LIVE_LIMITS.perUser); i++) {
      const { id } = await handle.db
        .insertInto('user')
        .values({ code: `live${i}`, name: `订阅${i}`, passwordHash: 'unusable', isEnable: '1', mustChangePassword: 0, createTime: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db.insertInto('userRole').values({ userId: id, roleId }).execute();
      tokens.push(await sessions.issue(id));
    }
    let serial = 0;
    const save = async () => {
      const answer = await fetch(`${server.address}/base/admin/param/saveOrUpdate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ sortNum: 1, paramKey: `bench.live.${++serial}`, value: 'v' }),
      });
      const body = (await answer.json()) as { code: number; msg: string };
      if (body.code !== 0) throw new Error(`save: ${body.msg}`);
    };
    const list = { paths: ['/base/admin/param/list?pageNo=1&pageSize=20'], token };

    // Warm: the list, a save and one stream, so code loaded once is not counted per stream.
    await save();
    (await openStream(server.address, tokens[0]!)).request.destroy();
    const quiet = await measure(server.address, list);
    const before = rssKB(server.child.pid!);
    const opened = performance.now();
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream(server.address, tokens[i % tokens.length]!));
    const openMs = performance.now() - opened;
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssKB(server.child.pid!);

    let writes = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await save();
        writes++;
        await new Promise((r) => setTimeout(r, WRITE_EVERY_MS));
      }
    })();
    const loaded = await measure(server.address, list);
    writing = false;
    await writer;
    await new Promise((r) => setTimeout(r, 2000));
    const received = streams.map((s) => s.changes);
    const complete = received.filter((n) => n === writes).length;

    report.set(SECTION, 'server RSS, before → after opening the streams', dialect, { 'MB before': before / 1024, 'MB after': after / 1024, 'KB per stream': (after - before) / STREAMS, 'open s': openMs / 1000 });
    report.set(SECTION, 'param list, 20 connections, no stream open', dialect, quiet);
    report.set(SECTION, `param list, 20 connections, while a save every ${WRITE_EVERY_MS} ms fans out to every stream`, dialect, { ...loaded, saves: writes, 'streams with every event': complete, 'fewest events': Math.min(...received) }, {
      target: 'every stream receives every event',
      isMet: complete === STREAMS,
    });
    console.log(`${dialect} live: ${((after - before) / STREAMS).toFixed(1)} KB per stream; list p99 ${quiet['p99 ms']} → ${loaded['p99 ms']} ms; ${complete}/${STREAMS} streams got all ${writes} events`);
  } finally {
    for (const stream of streams) stream.request.destroy();
    await server.stop();
    await handle.close();
    await database.dispose();
  }
}
