/**
 * `npm run bench`: every measurement in one table, also written to bench/results.json.
 * BENCH_ONLY=size,staff,staffScope,staffCpu,export,startup,statistics,mediaYear,ua,live,purge,logs picks sections (staff includes the
 * scoped person list; staffScope is it alone, each case measured with and without a scope; staffCpu
 * the unscoped cases alone with their CPU per request, no guard or peer comparison); BENCH_DIALECTS=sqlite,postgres picks
 * databases (PostgreSQL at BENCH_PG_URL, default the local test server). Not a test: the figures
 * are read by people; the process fails only when a section cannot run.
 */
import type { DialectName } from '../../server/db/database';
import { exportBench } from './exportBench';
import { liveBench } from './live';
import { logsBench } from './logs';
import { mediaYearBench } from './mediaYear';
import { purgeBench } from './purge';
import { Report } from './report';
import { screenSizes } from './size';
import { staffListBench } from './staffList';
import { startupBench } from './startup';
import { statisticsBench } from './statistics';
import { uaBench } from './ua';

const only = new Set((process.env.BENCH_ONLY ?? 'size,staff,export,startup,statistics,mediaYear,ua,live,purge,logs').split(','));
const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as DialectName[];
const report = new Report();

if (only.has('size')) {
  for (const row of screenSizes()) {
    report.add({ section: 'JavaScript per screen (gzip)', what: row.screen, value: { KB: row['gzip KB'], chunks: row.chunks }, target: `≤ ${row['budget KB']} KB`, isMet: row.verdict === 'ok' });
  }
}
for (const dialect of dialects) {
  if (only.has('staff')) await staffListBench(report, dialect);
  else if (only.has('staffScope')) await staffListBench(report, dialect, { unscoped: false });
  else if (only.has('staffCpu')) await staffListBench(report, dialect, { scoped: false, extras: false });
  if (only.has('export')) await exportBench(report, dialect);
  if (only.has('startup')) await startupBench(report, dialect);
  if (only.has('statistics')) await statisticsBench(report, dialect);
  if (only.has('mediaYear')) await mediaYearBench(report, dialect);
  if (only.has('live')) await liveBench(report, dialect);
  if (only.has('purge')) await purgeBench(report, dialect);
  if (only.has('logs')) await logsBench(report, dialect);
}
if (only.has('ua')) await uaBench(report);

report.print();
report.write();
console.log('Written to bench/results.json');
