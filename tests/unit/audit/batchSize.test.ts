import { describe, expect, it } from 'vitest';
import { BATCH_LIMITS, firstBatch, nextBatch, type BatchSizing } from '../../../server/audit/batchSize';

const limits = { targetMs: 2, min: 20, max: 250 };

/** The sizes of `count` batches in a row, each costing `perRowMs` a row. */
function sizes(perRowMs: (i: number) => number, count: number): number[] {
  let sizing: BatchSizing = firstBatch(limits);
  const seen: number[] = [];
  for (let i = 0; i < count; i++) {
    seen.push(sizing.size);
    sizing = nextBatch(sizing, sizing.size, sizing.size * perRowMs(i), limits);
  }
  return seen;
}

describe('the size of SQLite retention batches', () => {
  it('starts at the smallest size', () => {
    expect(firstBatch(limits)).toEqual({ size: 20 });
    expect(firstBatch().size).toBe(BATCH_LIMITS.min);
  });

  it('grows by at most half a batch at a time towards the rows that fit in the target', () => {
    // 0.02 ms a row: 100 rows fit in 2 ms.
    expect(sizes(() => 0.02, 8)).toEqual([20, 30, 45, 67, 100, 100, 100, 100]);
  });

  it('never passes the largest size, however cheap the rows', () => {
    expect(Math.max(...sizes(() => 0.0001, 30))).toBe(250);
  });

  it('shrinks at once after a dearer batch and comes back slowly', () => {
    const seen = sizes((i) => (i === 10 ? 0.1 : 0.02), 20);
    expect(seen[10]).toBe(100);
    expect(seen[11]).toBe(20);
    // Back above half of its size only after a few batches, and never above it.
    expect(seen[12]).toBeLessThan(50);
    expect(Math.max(...seen.slice(11))).toBeLessThanOrEqual(100);
    expect(seen[19]).toBeGreaterThan(seen[12]!);
  });

  it('keeps the smallest size when even that is over the target', () => {
    expect(sizes(() => 1, 5)).toEqual([20, 20, 20, 20, 20]);
  });

  it('ignores a batch that deleted nothing', () => {
    const sizing = { size: 80, perRowMs: 0.02 };
    expect(nextBatch(sizing, 0, 5, limits)).toBe(sizing);
  });
});
