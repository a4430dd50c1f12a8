/**
 * CPU time spent by processes, read from /proc (Linux): utime + stime of /proc/<pid>/stat, in
 * microseconds. Used to compare a request's CPU with its SQL's alone, counted the same way on both
 * sides: the Node process running the statements (and its cluster workers), plus on PostgreSQL
 * the backends connected to the bench database.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { PG_URL } from './benchDatabase';

const TICK_US = 1e6 / (Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100);

/** [ppid, cpu µs] of a process, undefined once it has gone. */
function statOf(pid: number): [number, number] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[1]), (Number(fields[11]) + Number(fields[12])) * TICK_US];
  } catch {
    return undefined;
  }
}

/** CPU µs of each of these processes now (gone ones left out). */
export type CpuSnapshot = Map<number, number>;

/** One process alone. */
export function oneProcess(pid: number): CpuSnapshot {
  const stat = statOf(pid);
  return new Map(stat ? [[pid, stat[1]]] : []);
}

/** `pid` and every process below it (a cluster's workers). */
export function processTree(pid: number): CpuSnapshot {
  const parents = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const id = Number(entry);
    if (!Number.isInteger(id)) continue;
    const stat = statOf(id);
    if (!stat) continue;
    cpu.set(id, stat[1]);
    parents.set(stat[0], [...(parents.get(stat[0]) ?? []), id]);
  }
  const tree: CpuSnapshot = new Map();
  const visit = (id: number) => {
    if (!cpu.has(id)) return;
    tree.set(id, cpu.get(id)!);
    for (const child of parents.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** The PostgreSQL backends connected to database `name` (read through the server's own view). */
export async function backends(name: string): Promise<CpuSnapshot> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    const snapshot: CpuSnapshot = new Map();
    for (const { pid } of rows) {
      const stat = statOf(pid);
      if (stat) snapshot.set(pid, stat[1]);
    }
    return snapshot;
  } finally {
    await client.end();
  }
}

/** CPU µs spent between two snapshots; a process born in between counts from zero. */
export function spent(before: CpuSnapshot, after: CpuSnapshot): number {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

/** The database name of a PostgreSQL URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * What a window of work cost: the processes `pids()` names (read at both ends, so workers and
 * backends started meanwhile are counted) and, with `database`, that PostgreSQL database's backends.
 */
export async function cpuWindow(pids: () => CpuSnapshot, database?: string): Promise<() => Promise<{ processUs: number; databaseUs: number }>> {
  const processBefore = pids();
  const databaseBefore = database ? await backends(database) : new Map<number, number>();
  return async () => {
    const processAfter = pids();
    const databaseAfter = database ? await backends(database) : new Map<number, number>();
    return { processUs: spent(processBefore, processAfter), databaseUs: spent(databaseBefore, databaseAfter) };
  };
}
