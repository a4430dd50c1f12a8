/**
 * Every owner's running total of traffic by day over the last COVERED_DAYS days, kept in memory for
 * one statistics version (README *Measured over a year*): a period inside them is two reads per
 * owner whatever its length, where summing it from rows reads up to 43 rows per owner.
 *
 * Built in the background when a period is summed at a version they are not kept for, from the day
 * rows a few days at a time (a short statement each, the event loop free between them), and
 * kept only if the statistics version read before the first slice is still the version after the
 * last: every write to the day rows moves it in its own transaction. Not kept past MAX_CELLS owner
 * days. Until they are there, and for a period reaching further back, periods are summed from rows.
 */
import { addDays, daysBetween } from '../../contract';
import type { MovedDays } from './ingest';
import type { Owner, PeriodSums } from './periodTraffic';
import type { statisticsRepository } from './repository';

/** Days covered, ending today: a period of up to 366 days ending today or on any of the 34 days before. */
export const COVERED_DAYS = 400;
/** Owner days kept at most (8 bytes each: 64 MB, 20,000 owners over 400 days). */
export const MAX_CELLS = 8_000_000;
/** Day rows read per statement at most (as many whole days as fit, at least one): a few milliseconds of a held event loop. */
const SLICE_ROWS = 20_000;

type Repository = Pick<ReturnType<typeof statisticsRepository>, 'version' | 'ownerServices' | 'dayRows'>;
type Period = { from: number; to: number };

interface Totals {
  version: number;
  first: number;
  last: number;
  owners: Owner[];
  /** Where each owner's totals start in `totals`, by id. */
  at: Map<number, number>;
  /** Per owner (in `owners`' order), COVERED_DAYS + 1 running totals: the k-th is its traffic over the k days from `first`. */
  totals: Float64Array;
}

const WIDTH = COVERED_DAYS + 1;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createRunningTotals(repo: Repository, today: () => number) {
  let kept: Totals | undefined;
  /** The version and day of the last build started (kept, or not: too many owners, a write meanwhile). */
  let tried: { version: number; day: number } | undefined;
  let building: Promise<Totals | undefined> = Promise.resolve(undefined);
  /** The latest version asked for: a build for an earlier one stops. */
  let newest = 0;

  /** Reads the totals at `version`; undefined when a write moved the version meanwhile, or there are too many owners. */
  async function build(version: number): Promise<Totals | undefined> {
    const last = today();
    const first = addDays(last, -(COVERED_DAYS - 1));
    if ((await repo.version()) !== version) return undefined;
    const owners = await repo.ownerServices();
    if (owners.length * WIDTH > MAX_CELLS) return undefined;
    const at = new Map(owners.map((owner, i) => [owner.id, i * WIDTH]));
    const totals = new Float64Array(owners.length * WIDTH);
    const days = Math.max(1, Math.floor(SLICE_ROWS / Math.max(1, owners.length)));
    for (let k = 0; k < COVERED_DAYS; k += days) {
      const from = addDays(first, k);
      const to = addDays(first, Math.min(COVERED_DAYS, k + days) - 1);
      // Each day's count at its place: 1 + its days from `first`.
      const place = new Map(Array.from({ length: daysBetween(from, to) }, (_, d) => [addDays(from, d), k + d + 1]));
      for (const row of await repo.dayRows(from, to)) {
        const base = at.get(row.site_user_id);
        if (base !== undefined) totals[base + place.get(row.day)!] = row.count;
      }
      await nextTick();
      if (newest > version) return undefined;
    }
    for (let base = 0; base < totals.length; base += WIDTH) for (let k = 1; k < WIDTH; k++) totals[base + k]! += totals[base + k - 1]!;
    return (await repo.version()) === version ? { version, first, last, owners, at, totals } : undefined;
  }

  return {
    /**
     * Every owner's traffic over `period` at `version`, or undefined when the totals of that version
     * are not (yet) kept or do not cover it: then a build is started, unless one was for this
     * version and day already.
     */
    sums(version: number, { from, to }: Period): PeriodSums | undefined {
      newest = Math.max(newest, version);
      if (kept?.version === version && from >= kept.first && to <= kept.last) {
        const { first, owners, totals } = kept;
        // Over the days before `from`, and up to `to`.
        const start = daysBetween(first, from) - 1;
        const end = daysBetween(first, to);
        const traffic = new Float64Array(owners.length);
        for (let i = 0, base = 0; i < owners.length; i++, base += WIDTH) traffic[i] = totals[base + end]! - totals[base + start]!;
        return { owners, traffic };
      }
      // One build per version and day: a new day is covered from the first call after midnight.
      const day = today();
      if (tried?.version !== version || tried.day !== day) {
        tried = { version, day };
        if (kept && kept.version < version) kept = undefined;
        const done = build(version).catch(() => undefined);
        building = done;
        void done.then((totals) => {
          if (totals && (!kept || totals.version >= kept.version)) kept = totals;
        });
      }
      return undefined;
    },

    /**
     * An ingestion batch of this process committed, moving the version to `version` and each day
     * row by its difference: totals kept at the version just before move in place to it (a few
     * hundred additions a changed day), rather than being read again. Kept at any other version
     * (another server's write came between), they are left to be read again.
     */
    moved({ version, days }: MovedDays): void {
      if (kept?.version !== version - 1) return;
      const { first, last, at, totals } = kept;
      for (const [siteUserId, day, delta] of days) {
        // The totals over the days up to `day` and after hold it; a day outside them is in none.
        const from = daysBetween(first, day);
        const base = at.get(siteUserId);
        if (base === undefined || from < 1 || day > last) continue;
        for (let k = from; k < WIDTH; k++) totals[base + k]! += delta;
      }
      kept.version = version;
    },

    /** The last build started, done (tests and the bench wait for it). */
    settled(): Promise<unknown> {
      return building;
    },
  };
}
