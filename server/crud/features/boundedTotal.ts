/**
 * A list whose total is bounded (`boundedTotal: n`, a log of millions of rows): the list counts the
 * matching rows only up to n, so a filter selecting millions costs a read of n index entries rather
 * than of every match; more than n answer `total: n` with `totalAtLeast`, and the pager says "n+".
 * The page itself, exports and bulk matches are not bounded.
 *
 * A resource whose rows are only appended (`appendOnly: 'changedAt'`) keeps a total that reached
 * the bound, by the request's filters: rows are only added, and retention takes the oldest first, so
 * the n + 1 newest rows counted all stay until retention's cutoff passes the oldest of them
 * (`keptFrom`, from the server's retention setting). Until then the same filters, on any page, read
 * only their page. A read narrowed by a feature's condition (the caller's data scope) is counted
 * every time: it may read other tables, which change.
 */
import type { FeatureFactory } from '../feature';
import type { ReachedTotals } from '../repository';

/** Filters kept per resource: a key and a number each. */
export const MAX_REACHED = 1000;

export const boundedTotal: FeatureFactory = (context, definition) => {
  const bound = definition.boundedTotal;
  if (bound === undefined) return undefined;
  if (!Number.isSafeInteger(bound) || bound < 1) throw new Error(`Resource ${definition.name}: boundedTotal must be a whole number of rows, at least 1`);
  if (definition.appendOnly === undefined) return { list: () => ({ totalUpTo: bound }) };
  const reached = reachedTotals(definition.appendOnly, () => context.keptFrom?.(definition.table));
  return { list: () => ({ totalUpTo: bound, reached }) };
};

/** Each key with the oldest instant it counted, dropped once retention may have reached it; the least recently used go past MAX_REACHED. */
export function reachedTotals(time: string, keptFrom: () => number | undefined): ReachedTotals {
  const oldest = new Map<string, number>();
  return {
    time,
    has(key) {
      const at = oldest.get(key);
      if (at === undefined) return false;
      oldest.delete(key);
      const from = keptFrom();
      if (from !== undefined && at < from) return false;
      oldest.set(key, at);
      return true;
    },
    add(key, at) {
      if (!Number.isFinite(at)) return;
      oldest.delete(key);
      if (oldest.size >= MAX_REACHED) oldest.delete(oldest.keys().next().value!);
      oldest.set(key, at);
    },
  };
}
