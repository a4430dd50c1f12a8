/**
 * A real PostgreSQL streaming replica of TEST_DATABASE_URL's server, on this machine, for the read
 * replica tests (README, *A read replica*): `pg_basebackup -R -X stream` into a temporary folder,
 * then a second server on a free port started with the PostgreSQL binaries beside pg_basebackup
 * (as the `postgres` user when the tests run as root: PostgreSQL refuses to run as root).
 * `stop()` stops it, `start()` starts it again, `dispose()` stops it and removes the folder;
 * `pauseReplay()`/`resumeReplay()` hold the replica at what it has replayed while the primary moves on.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Where Debian puts a PostgreSQL's server binaries (pg_ctl is not on PATH there). */
const BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/14/bin'];

/** What the primary must allow for a replica to be made: said whenever making one fails. */
export const REPLICA_NEEDS =
  'The primary must accept replication connections from 127.0.0.1: a pg_hba.conf line `host replication all 127.0.0.1/32 trust` (the `all` database does not cover replication), ' +
  'wal_level = replica (or logical) and max_wal_senders > 0 (both are defaults); `.ci/run` adds the pg_hba.conf line and reloads. ' +
  'pg_basebackup and pg_ctl (PostgreSQL 15 server binaries, /usr/lib/postgresql/15/bin) must be installed, and as root a `postgres` user must exist to run the replica.';

export interface Replica {
  /** A connection URL of the replica, same database and user as the primary's. */
  url: string;
  port: number;
  /** Stops replaying WAL (the primary goes on); resolves once the replica says it is paused. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has replayed everything the primary had written when called. */
  caughtUp(): Promise<void>;
  /** One statement on the replica (e.g. what it still holds while paused). */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Stops the replica (its files stay). */
  stop(): Promise<void>;
  /** Starts the stopped replica again; it streams from where it stopped. */
  start(): Promise<void>;
  /** Stops the replica if running and removes its files (once; later calls do nothing). */
  dispose(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function once<R extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails after `limitMs` naming `what` (a generous bound: the machine may be busy). */
async function until(what: string, check: () => Promise<boolean>, limitMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`The replica did not ${what} within ${limitMs / 1000} s`);
    await sleep(50);
  }
}

/** Drops the slots of replicas made by test processes no longer running (`console_replica_<pid>_…`). */
async function dropSlotsOfEndedProcesses(primaryUrl: string): Promise<void> {
  const slots = await once<{ name: string }>(primaryUrl, "select slot_name as name from pg_replication_slots where slot_name like 'console\\_replica\\_%' and not active");
  for (const { name } of slots) {
    const pid = Number(name.split('_')[2]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
    if (!alive) await once(primaryUrl, 'select pg_drop_replication_slot($1)', [name]).catch(() => undefined);
  }
}

export async function startReplica(primaryUrl: string): Promise<Replica> {
  const primary = new URL(primaryUrl);
  const bin = BIN_DIRS.find((dir) => existsSync(join(dir, 'pg_ctl')));
  if (!bin) throw new Error(`No PostgreSQL server binaries (pg_ctl) in ${BIN_DIRS.join(', ')}. ${REPLICA_NEEDS}`);
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: the replica's files and process are the postgres user's.
  const owner = asRoot ? await run('id', ['-u', 'postgres']).then(async ({ stdout }) => ({ uid: Number(stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) })) : undefined;
  const as = (file: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args));

  const dir = mkdtempSync(join(tmpdir(), 'console-replica-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  // A replication slot keeps the WAL the replica has not streamed yet while it is stopped; named
  // after this process, so a slot left by a test process that died is found and dropped.
  const slot = `console_replica_${process.pid}_${Date.now().toString(36)}`;
  await dropSlotsOfEndedProcesses(primaryUrl);
  const dropSlot = () => once(primaryUrl, 'select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1', [slot]).then(() => undefined);
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // A fast checkpoint: the default spreads it over minutes of the primary's checkpoint interval.
    await as(join(bin, 'pg_basebackup'), ['-h', primary.hostname, '-p', primary.port || '5432', '-U', decodeURIComponent(primary.username || 'postgres'), '-D', data, '-R', '-X', 'stream', '-C', '-S', slot, '--checkpoint=fast']);
  } catch (error) {
    remove();
    await dropSlot();
    throw new Error(`pg_basebackup could not copy the primary (${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}). ${REPLICA_NEEDS}`);
  }
  // A Debian cluster keeps its settings outside its data folder: the copy gets its own (a standby
  // takes the primary's max_connections and the like from the WAL, and refuses fewer).
  const files = {
    'postgresql.conf': `listen_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = '${dir}'\nhot_standby = on\nshared_buffers = 16MB\n`,
    'pg_hba.conf': 'local all all trust\nhost all all 127.0.0.1/32 trust\n',
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(data, name), text);
    if (owner) chownSync(join(data, name), owner.uid, owner.gid);
  }
  const pgCtl = (args: string[]) => as(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = () => pgCtl(['-l', join(dir, 'replica.log'), '-w', '-t', '120', 'start']);
  try {
    await start();
  } catch (error) {
    const log = existsSync(join(dir, 'replica.log')) ? readFileSync(join(dir, 'replica.log'), 'utf8').trim().split('\n').slice(-5).join('\n') : '';
    remove();
    await dropSlot();
    throw new Error(`The replica did not start (${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}; its log ends: ${log}). ${REPLICA_NEEDS}`);
  }

  const url = new URL(primaryUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const replicaUrl = url.toString();
  let running = true;
  let disposed = false;
  const replica: Replica = {
    url: replicaUrl,
    port,
    query: (text, values) => once(replicaUrl, text, values),
    async pauseReplay() {
      await once(replicaUrl, 'select pg_wal_replay_pause()');
      await until('pause its replay', async () => (await once<{ state: string }>(replicaUrl, 'select pg_get_wal_replay_pause_state() as state'))[0]!.state === 'paused');
    },
    async resumeReplay() {
      await once(replicaUrl, 'select pg_wal_replay_resume()');
    },
    async caughtUp() {
      const [{ lsn }] = (await once<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn')) as [{ lsn: string }];
      await until('catch up with the primary', async () => (await once<{ done: boolean }>(replicaUrl, 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]))[0]!.done);
    },
    async stop() {
      await pgCtl(['-m', 'fast', '-w', '-t', '120', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
      await until('accept connections', () => once(replicaUrl, 'select 1').then(() => true, () => false));
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      try {
        if (running) await replica.stop();
      } finally {
        remove();
        await dropSlot();
      }
    },
  };
  try {
    await until('accept connections', () => once(replicaUrl, 'select 1').then(() => true, () => false));
  } catch (error) {
    await replica.dispose();
    throw error;
  }
  return replica;
}
