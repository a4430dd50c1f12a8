/**
 * Every owner's traffic over a period, kept once per statistics version (README *Measured over a
 * year*): a page, the other order and a sub-system of a period already summed are a filter and a
 * slice of it, and only the page's names are read. A new period is summed from the month rollup
 * and edge days (periodParts), or from a period of the same version already summed plus and minus
 * the days that differ, whichever reads fewer rows per owner.
 *
 * The version is the one the answer cache read first on the connection the sums are read from
 * (answerCache.ts): sums are kept under it, never under a later one.
 */
import { addDays, daysBetween, type MediaStatsRow } from '../../contract';
import { periodParts, type PeriodParts, type statisticsRepository } from './repository';

/** Periods kept: each is 8 bytes an owner (80 KB at 10,000 owners), and the owners' list is shared. */
export const MAX_PERIODS = 48;
/** A page ending within the first this many owners is picked in one pass; a deeper one sorts them all once. */
const PICKED_AT_MOST = 500;

export interface Owner {
  id: number;
  serviceId: number | null;
}

/** Every owner's traffic over a period: `traffic[i]` is `owners[i]`'s. */
export interface PeriodSums {
  /** By id. */
  owners: readonly Owner[];
  traffic: Float64Array;
  /** Indexes of the owners by traffic in each order (ties by id), sorted when a deep page is first asked. */
  sorted?: Partial<Record<'asc' | 'desc', Uint32Array>>;
}

interface Kept {
  version: number;
  from: number;
  to: number;
  sums: Promise<PeriodSums>;
  /** Set once the sums are read: a neighbour for a new period. */
  done?: PeriodSums;
}

type Repository = ReturnType<typeof statisticsRepository>;
type Period = { from: number; to: number };

/** Rows per owner the month rollup and edge days read for a period. */
function partsCost({ months, add, subtract }: PeriodParts): number {
  const monthRows = months ? (Math.floor(months[1] / 100) - Math.floor(months[0] / 100)) * 12 + (months[1] % 100) - (months[0] % 100) + 1 : 0;
  return monthRows + [...add, ...subtract].reduce((n, [a, b]) => n + daysBetween(a, b), 0);
}

/** The day rows to add and take away to go from `kept` to `period` (they overlap). */
function difference(kept: Period, period: Period): PeriodParts {
  const add: Array<[number, number]> = [];
  const subtract: Array<[number, number]> = [];
  if (period.from < kept.from) add.push([period.from, addDays(kept.from, -1)]);
  if (period.from > kept.from) subtract.push([kept.from, addDays(period.from, -1)]);
  if (period.to > kept.to) add.push([addDays(kept.to, 1), period.to]);
  if (period.to < kept.to) subtract.push([addDays(period.to, 1), kept.to]);
  return { add, subtract };
}

/** Sums of a period read in memory, when they can be (runningTotals.ts): undefined otherwise. */
export interface SumsInMemory {
  sums(version: number, period: Period): PeriodSums | undefined;
}

/** `running`: every owner's running totals by day, from which a period inside them is summed in memory. */
export function createPeriodTraffic({ running }: { running?: SumsInMemory } = {}) {
  const kept = new Map<string, Kept>();

  async function compute(repo: Repository, version: number, period: Period): Promise<PeriodSums> {
    const summed = running?.sums(version, period);
    if (summed) return summed;
    let parts = periodParts(period.from, period.to);
    let base: PeriodSums | undefined;
    for (const other of kept.values()) {
      if (other.version !== version || !other.done || other.from > period.to || other.to < period.from) continue;
      const diff = difference(other, period);
      if (partsCost(diff) < partsCost(parts)) [parts, base] = [diff, other.done];
    }
    const [owners, sums] = await Promise.all([base ? base.owners : repo.ownerServices(), repo.partSums(parts)]);
    const traffic = new Float64Array(owners.length);
    for (let i = 0; i < owners.length; i++) traffic[i] = (base ? base.traffic[i]! : 0) + (sums.get(owners[i]!.id) ?? 0);
    return { owners, traffic };
  }

  /** The period's sums at `version`, read with `repo` (on the connection the version was read from) unless kept. */
  function sumsOf(repo: Repository, version: number, period: Period): Promise<PeriodSums> {
    const key = `${period.from}:${period.to}`;
    const hit = kept.get(key);
    if (hit && hit.version === version) {
      // Most recently used last: the first entry is the one let go.
      kept.delete(key);
      kept.set(key, hit);
      return hit.sums;
    }
    const entry: Kept = { version, ...period, sums: compute(repo, version, period) };
    kept.delete(key);
    if (kept.size >= MAX_PERIODS) kept.delete(kept.keys().next().value!);
    kept.set(key, entry);
    entry.sums.then(
      (sums) => (entry.done = sums),
      () => kept.get(key) === entry && kept.delete(key),
    );
    return entry.sums;
  }

  /** A page of the period's media statistics: owners of `serviceId` (all when absent) by traffic in `order`, then by id. */
  return async function page(
    repo: Repository,
    version: number,
    period: Period,
    { serviceId, order, page, size }: { serviceId: number | undefined; order: 'asc' | 'desc'; page: number; size: number },
  ): Promise<{ items: MediaStatsRow[]; total: number }> {
    const sums = await sumsOf(repo, version, period);
    const { total, picked } = rankedPage(sums, { serviceId, order, page, size });
    const owners = picked.map((i) => ({ id: sums.owners[i]!.id, traffic: sums.traffic[i]! }));
    const names = await repo.ownerNames(owners.map((o) => o.id));
    // An owner deleted since the version was read moved the version: the next call sums again.
    const items = owners.flatMap((o) => {
      const name = names.get(o.id);
      return name ? [{ userId: o.id, userName: name.userName, mediaAdminName: name.mediaAdminName, traffic: o.traffic }] : [];
    });
    return { items, total };
  };
}

/**
 * The owners of `serviceId` (all when absent) on `page`, as indexes into `sums.owners`, by traffic
 * in `order`, then by id; and how many there are. A page within the first PICKED_AT_MOST owners is
 * picked in one pass keeping the best so far (a new period's first pages: no sort of every owner); a
 * deeper page sorts them all, once per order, kept with the sums.
 */
export function rankedPage(
  sums: PeriodSums,
  { serviceId, order, page, size }: { serviceId: number | undefined; order: 'asc' | 'desc'; page: number; size: number },
): { total: number; picked: number[] } {
  const { owners, traffic } = sums;
  const sign = order === 'asc' ? 1 : -1;
  const inService = (i: number) => serviceId === undefined || owners[i]!.serviceId === serviceId;
  const skip = (page - 1) * size;
  const wanted = skip + size;
  let total = 0;
  const kept = sums.sorted?.[order];
  if (!kept && wanted <= PICKED_AT_MOST) {
    const before = (a: number, b: number) => {
      const by = sign * (traffic[a]! - traffic[b]!);
      return by < 0 || (by === 0 && owners[a]!.id < owners[b]!.id);
    };
    const best: number[] = [];
    for (let i = 0; i < owners.length; i++) {
      if (!inService(i)) continue;
      total++;
      if (best.length === wanted && !before(i, best[wanted - 1]!)) continue;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (before(best[middle]!, i)) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, i);
      if (best.length > wanted) best.pop();
    }
    return { total, picked: best.slice(skip) };
  }
  const sorted = kept ?? Uint32Array.from(owners.keys()).sort((a, b) => sign * (traffic[a]! - traffic[b]!) || owners[a]!.id - owners[b]!.id);
  (sums.sorted ??= {})[order] = sorted;
  const picked: number[] = [];
  for (const i of sorted) {
    if (!inService(i)) continue;
    if (total >= skip && picked.length < size) picked.push(i);
    total++;
  }
  return { total, picked };
}
