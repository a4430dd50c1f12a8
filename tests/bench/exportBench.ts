/**
 * The person list's export on BENCH_STAFF staff (default 100,000): the whole list exported to
 * .xlsx from the server started as `npm start` starts it, read by this process as it streams;
 * meanwhile the server's resident memory is sampled (/proc) and a cheap call (a page of the list,
 * another session) is asked one after another, its latency recorded. Beside it, that call's
 * latency with no export running, and the memory before the export.
 */
import { readFileSync } from 'node:fs';
import type { DialectName } from '../../server/db/database';
import { benchDatabase } from './benchDatabase';
import type { Report } from './report';
import { startServer } from './serverProcess';
import { STAFF } from './staffData';
import { fill, login } from './staffList';

const SECTION = `export of the person list, ${STAFF.toLocaleString('en')} staff`;
/** What we promise: memory that does not grow with the rows, other users still answered. */
const TARGET = 'peak RSS ≤ 40 MB above the server before the export (after a warm-up export); a concurrent list call p99 ≤ 200 ms';
const MAX_GROWTH_MB = 40;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** Asks `url` one call after another until `until` settles; answers the latencies in ms, sorted. */
async function pollWhile(url: string, token: string, until: Promise<unknown>): Promise<number[]> {
  let isDone = false;
  void until.finally(() => (isDone = true));
  const latencies: number[] = [];
  while (!isDone) {
    const started = performance.now();
    const answer = await fetch(url, { headers: { access_token: token } });
    await answer.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies.sort((a, b) => a - b);
}

/** The whole person list exported by `token`'s session, read as it streams: answers its bytes. */
async function download(address: string, token: string): Promise<number> {
  const answer = await fetch(`${address}/base/admin/user/export`, {
    method: 'POST',
    headers: { access_token: token, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  if (!answer.ok || !answer.body) throw new Error(`export answered ${answer.status}`);
  const body = answer.body.getReader();
  let bytes = 0;
  for (let part = await body.read(); !part.done; part = await body.read()) bytes += part.value.byteLength;
  return bytes;
}

export async function exportBench(report: Report, dialect: DialectName): Promise<void> {
  const database = await benchDatabase(dialect, 'export');
  try {
    await fill(database.url);
    const server = await startServer({ databaseUrl: database.url });
    try {
      const pid = server.child.pid!;
      const exporter = await login(server.address);
      const reader = await login(server.address);
      const cheap = `${server.address}/base/admin/user/list?pageNo=3&pageSize=10`;
      // Warm, then the cheap call alone for 3 s.
      const idle = await pollWhile(cheap, reader, new Promise((resolve) => setTimeout(resolve, 3_000)));
      const idleRss = rssMb(pid);
      const warmUp = await download(server.address, exporter);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const beforeRss = rssMb(pid);

      let peakRss = beforeRss;
      // The RSS over time: flat memory plateaus, memory that grows with the rows keeps climbing.
      const samples: number[] = [];
      const sampler = setInterval(() => {
        const rss = rssMb(pid);
        samples.push(rss);
        peakRss = Math.max(peakRss, rss);
      }, 50);
      const started = performance.now();
      const exported = download(server.address, exporter);
      const during = await pollWhile(cheap, reader, exported);
      const bytes = await exported;
      // The same rows; only the file's creation time differs.
      if (Math.abs(bytes - warmUp) > warmUp / 100) throw new Error(`the export wrote ${bytes} bytes, its warm-up ${warmUp}`);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);

      const figures = {
        'rows/s': Math.round(STAFF / seconds),
        s: Number(seconds.toFixed(1)),
        MB: Number((bytes / 1024 / 1024).toFixed(1)),
        'idle RSS MB': Math.round(idleRss),
        'RSS MB before (after a warm-up export)': Math.round(beforeRss),
        'peak RSS MB': Math.round(peakRss),
        'peak RSS MB, first half': Math.round(Math.max(beforeRss, ...samples.slice(0, Math.ceil(samples.length / 2)))),
        'RSS growth MB': Math.round(peakRss - beforeRss),
        'list p50 ms': Number(percentile(during, 50).toFixed(1)),
        'list p99 ms': Number(percentile(during, 99).toFixed(1)),
        'list p99 ms, no export': Number(percentile(idle, 99).toFixed(1)),
        'list calls': during.length,
      };
      report.set(SECTION, 'whole list to .xlsx, streamed; a page of the list asked meanwhile', dialect, figures, {
        target: TARGET,
        isMet: peakRss - beforeRss <= MAX_GROWTH_MB && figures['list p99 ms'] <= 200,
      });
      console.log(`${dialect} export: ${JSON.stringify(figures)}`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}
