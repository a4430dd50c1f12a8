/**
 * Live lists under load, against the server as `npm start` runs it (serverProcess.ts): BENCH_STREAMS
 * (500) open event streams, the server's resident memory before and after opening them, and the
 * p99 of a parameter list call (20 connections) while a parameter save every 100 ms fans out to
 * every stream, then that every stream received every save's event; for comparison the same list
 * with no stream, without and with the saves. The streams' reader runs in this process, on the
 * same cores as the server.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/** The subscribers' process (./liveReaders.ts): opens a stream per token, counts their events. */
function readers(address: string, tokens: string[]) {
  const child = fork(fileURLToPath(new URL('./liveReaders.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, T>) => {
        if (!(key in message)) return;
        child.off('message', onMessage);
        resolve(message[key]!);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the subscribers' process exited (${code})`)));
    });
  const opened = next<number>('opened');
  child.send({ open: { address, tokens } });
  return {
    opened,
    async counts() {
      const answer = next<number[]>('counts');
      child.send({ count: true });
      return answer;
    },
    async close() {
      const answer = next<boolean>('closed');
      child.send({ close: true });
      await answer;
      child.kill();
    },
  };
}

export async function liveBench(report: Report, dialect: DialectName): Promise<void> {
  const database = await benchDatabase(dialect, 'live');
  const handle = openDatabase(database.url);
  const server = await startServer({ databaseUrl: database.url });
  let subscribers: ReturnType<typeof readers> | undefined;
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
    await new Promise<void>((resolve) => request(`${server.address}/base/admin/live/events`, { headers: { [TOKEN_HEADER]: token } }, (res) => res.once('data', () => (res.destroy(), resolve()))).end());
    await fetch(`${server.address}${list.paths[0]}`, { headers: { [TOKEN_HEADER]: token } });
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssKB(server.child.pid!);
    const opened = performance.now();
    subscribers = readers(server.address, Array.from({ length: STREAMS }, (_, i) => tokens[i % tokens.length]!));
    await subscribers.opened;
    const openMs = performance.now() - opened;
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssKB(server.child.pid!);

    /** The list's figures while a save every WRITE_EVERY_MS runs (or none), and the saves made. */
    const listWhile = async (isWriting: boolean) => {
      let writes = 0;
      let writing = isWriting;
      const writer = (async () => {
        while (writing) {
          await save();
          writes++;
          await new Promise((r) => setTimeout(r, WRITE_EVERY_MS));
        }
      })();
      const figures = await measure(server.address, list);
      writing = false;
      await writer;
      return { figures, writes };
    };
    const fanOut = await listWhile(true);
    await new Promise((r) => setTimeout(r, 2000));
    const received = await subscribers.counts();
    const complete = received.filter((n) => n === fanOut.writes).length;
    await subscribers.close();
    subscribers = undefined;
    await new Promise((r) => setTimeout(r, 1000));
    const quiet = await listWhile(false);
    const writesAlone = await listWhile(true);

    report.set(SECTION, 'server RSS, before → after opening the streams', dialect, { 'MB before': before / 1024, 'MB after': after / 1024, 'KB per stream': (after - before) / STREAMS, 'open s': openMs / 1000 });
    report.set(SECTION, 'param list, 20 connections, no stream, no save', dialect, quiet.figures);
    report.set(SECTION, `param list, 20 connections, a save every ${WRITE_EVERY_MS} ms, no stream`, dialect, { ...writesAlone.figures, saves: writesAlone.writes });
    report.set(SECTION, `param list, 20 connections, a save every ${WRITE_EVERY_MS} ms fanned out to every stream`, dialect, { ...fanOut.figures, saves: fanOut.writes, 'streams with every event': complete, 'fewest events': Math.min(...received) }, {
      target: 'every stream receives every event',
      isMet: complete === STREAMS,
    });
    console.log(`${dialect} live: ${((after - before) / STREAMS).toFixed(1)} KB per stream; list p99 ${quiet.figures['p99 ms']} (quiet) / ${writesAlone.figures['p99 ms']} (saves) / ${fanOut.figures['p99 ms']} ms (saves to ${STREAMS} streams); ${complete}/${STREAMS} streams got all ${fanOut.writes} events`);
  } finally {
    await subscribers?.close();
    await server.stop();
    await handle.close();
    await database.dispose();
  }
}
