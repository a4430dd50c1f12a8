/**
 * The size of SQLite's retention batches (./retention.ts), from what the last batches cost.
 *
 * A batch's cost is nearly its rows times a per-row cost (about 12 to 20 µs on the bench's machine:
 * the table and each of the audit log's eight indexes lose an entry, each dirtied page goes to the
 * WAL), so the next size is the target divided by the per-row cost measured so far. The estimate
 * rises at once with a dearer batch (a batch after a checkpoint, pages read again after another
 * process wrote) and comes down slowly; the size grows by at most half per batch and stays within
 * [min, max], so one cheap batch never makes the next one long.
 */
export interface BatchLimits {
  /** The work a batch aims at, in ms. */
  targetMs: number;
  /** The first batch's size and the smallest (the first one reads its pages cold). */
  min: number;
  /** The largest, whatever the estimate says. */
  max: number;
}

export const BATCH_LIMITS: BatchLimits = { targetMs: 1.5, min: 20, max: 250 };

export interface BatchSizing {
  /** Rows the next batch deletes at most. */
  size: number;
  /** The per-row cost estimated so far, in ms (undefined before the first batch). */
  perRowMs?: number;
}

/** Weight of the older estimate when a batch was cheaper than it. */
const EASING = 0.8;
/** The most a batch's size grows over the previous one's. */
const GROWTH = 1.5;

export function firstBatch(limits: BatchLimits = BATCH_LIMITS): BatchSizing {
  return { size: limits.min };
}

/** After a batch that deleted `rows` in `workMs` of work: the next batch's size and the new estimate. */
export function nextBatch(previous: BatchSizing, rows: number, workMs: number, limits: BatchLimits = BATCH_LIMITS): BatchSizing {
  if (rows <= 0) return previous;
  const cost = Math.max(0, workMs) / rows;
  const perRowMs = previous.perRowMs === undefined ? cost : Math.max(cost, EASING * previous.perRowMs + (1 - EASING) * cost);
  const wanted = perRowMs > 0 ? Math.floor(limits.targetMs / perRowMs) : limits.max;
  const size = Math.max(limits.min, Math.min(limits.max, Math.floor(previous.size * GROWTH), wanted));
  return { size, perRowMs };
}
