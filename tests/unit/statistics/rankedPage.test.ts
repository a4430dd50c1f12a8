/**
 * A page of media statistics is the owners of the sub-system asked, by traffic in the order asked,
 * ties by id: picked in one pass for a first page, sorted once for a deep one, the same owners either way.
 */
import { describe, expect, it } from 'vitest';
import { rankedPage, type PeriodSums } from '../../../server/statistics/periodTraffic';

/** 1,200 owners, ids out of order of traffic, traffic from few values (many ties), three sub-systems and none. */
function sumsOf(seed: number): PeriodSums {
  let a = seed;
  const random = () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
  const owners = Array.from({ length: 1200 }, (_, i) => ({ id: i * 3 + 7, serviceId: i % 4 === 3 ? null : (i % 4) + 1 }));
  return { owners, traffic: Float64Array.from(owners, () => Math.floor(random() * 40) * 1000) };
}

/** The page by sorting every owner: what the console promises. */
function expected(sums: PeriodSums, serviceId: number | undefined, order: 'asc' | 'desc', page: number, size: number) {
  const sign = order === 'asc' ? 1 : -1;
  const all = sums.owners
    .map((owner, i) => ({ i, id: owner.id, serviceId: owner.serviceId, traffic: sums.traffic[i]! }))
    .filter((o) => serviceId === undefined || o.serviceId === serviceId)
    .sort((x, y) => sign * (x.traffic - y.traffic) || x.id - y.id);
  return { total: all.length, picked: all.slice((page - 1) * size, page * size).map((o) => o.i) };
}

describe('a page of owners by traffic', () => {
  it.each([
    ['a first page', 1, 30],
    ['the last page picked in one pass', 10, 50],
    ['a page past the pass, sorted', 11, 50],
    ['a deep page', 30, 30],
    ['past the last owner', 100, 30],
  ])('%s: the same owners in the same order as sorting them all, each order and sub-system', (_, page, size) => {
    for (const order of ['asc', 'desc'] as const) {
      for (const serviceId of [undefined, 1, 2, 3]) {
        const sums = sumsOf(page * 31 + size);
        expect(rankedPage(sums, { serviceId, order, page, size }), `${order} ${serviceId}`).toEqual(expected(sums, serviceId, order, page, size));
      }
    }
  });

  it('pages the same once a deep page has sorted the owners', () => {
    const sums = sumsOf(5);
    rankedPage(sums, { serviceId: undefined, order: 'desc', page: 40, size: 20 });
    expect(sums.sorted?.desc).toBeDefined();
    for (const page of [1, 2, 7]) expect(rankedPage(sums, { serviceId: 2, order: 'desc', page, size: 20 })).toEqual(expected(sums, 2, 'desc', page, 20));
  });
});
