/**
 * A list whose total is bounded (`boundedTotal: n`, a log of millions of rows): the list counts the
 * matching rows only up to n, so a filter selecting millions costs a read of n index entries rather
 * than of every match; more than n answer `total: n` with `totalAtLeast`, and the pager says "n+".
 * The page itself, exports and bulk matches are not bounded.
 */
import type { FeatureFactory } from '../feature';

export const boundedTotal: FeatureFactory = (_context, definition) => {
  const bound = definition.boundedTotal;
  if (bound === undefined) return undefined;
  if (!Number.isSafeInteger(bound) || bound < 1) throw new Error(`Resource ${definition.name}: boundedTotal must be a whole number of rows, at least 1`);
  return { list: () => ({ totalUpTo: bound }) };
};
