import { describe, expect, it } from 'vitest';
import { MAX_REACHED, reachedTotals } from '../../../server/crud/features/boundedTotal';

describe('the totals a log keeps once they reached the bound', () => {
  it('keep a total while retention keeps its oldest counted row, and drop it once the cutoff passes that row', () => {
    let cutoff: number | undefined = 100;
    const reached = reachedTotals('changedAt', () => cutoff);
    reached.add('a', 100);
    expect(reached.has('a')).toBe(true);
    expect(reached.has('b')).toBe(false);
    cutoff = 101;
    expect(reached.has('a')).toBe(false);
    // Dropped, not only hidden: an earlier cutoff does not bring it back.
    cutoff = undefined;
    expect(reached.has('a')).toBe(false);
  });

  it(`keep at most ${MAX_REACHED}, letting go the least recently asked`, () => {
    const reached = reachedTotals('changedAt', () => undefined);
    for (let i = 0; i < MAX_REACHED; i++) reached.add(`k${i}`, 1);
    expect(reached.has('k0')).toBe(true);
    reached.add('one more', 1);
    expect(reached.has('k0')).toBe(true);
    expect(reached.has('k1')).toBe(false);
    expect(reached.has('one more')).toBe(true);
  });
});
