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

/** Periods kept: each is about 10,000 owners × a small object (well under a megabyte). */
export const MAX_PERIODS = 48;

interface OwnerTraffic {
  id: number;
  serviceId: number | null;
  traffic: number;
}

interface PeriodSums {
  /** By id. */
  owners: OwnerTraffic[];
  /** The owners by traffic in each order (ties by id), sorted when first asked. */
  sorted: Partial<Record<'asc' | 'desc', OwnerTraffic[]>>;
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

export function createPeriodTraffic() {
  const kept = new Map<string, Kept>();

  async function compute(repo: Repository, version: number, period: Period): Promise<PeriodSums> {
    let parts = periodParts(period.from, period.to);
    let base: PeriodSums | undefined;
    for (const other of kept.values()) {
      if (other.version !== version || !other.done || other.from > period.to || other.to < period.from) continue;
      const diff = difference(other, period);
      if (partsCost(diff) < partsCost(parts)) [parts, base] = [diff, other.done];
    }
    const [owners, sums] = await Promise.all([base ? base.owners : repo.ownerServices(), repo.partSums(parts)]);
    const traffic = (o: { id: number }, i: number) => (base ? base.owners[i]!.traffic : 0) + (sums.get(o.id) ?? 0);
    return { owners: owners.map((o, i) => ({ id: o.id, serviceId: o.serviceId, traffic: traffic(o, i) })), sorted: {} };
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
    const sign = order === 'asc' ? 1 : -1;
    const sorted = (sums.sorted[order] ??= [...sums.owners].sort((a, b) => sign * (a.traffic - b.traffic) || a.id - b.id));
    const skip = (page - 1) * size;
    const picked: OwnerTraffic[] = [];
    let total = 0;
    for (const owner of sorted) {
      if (serviceId !== undefined && owner.serviceId !== serviceId) continue;
      if (total >= skip && picked.length < size) picked.push(owner);
      total++;
    }
    const names = await repo.ownerNames(picked.map((o) => o.id));
    // An owner deleted since the version was read moved the version: the next call sums again.
    const items = picked.flatMap((o) => {
      const name = names.get(o.id);
      return name ? [{ userId: o.id, userName: name.userName, mediaAdminName: name.mediaAdminName, traffic: o.traffic }] : [];
    });
    return { items, total };
  };
}
