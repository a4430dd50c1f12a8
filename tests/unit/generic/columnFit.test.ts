import { describe, expect, it } from 'vitest';
import { fitWidths } from '../../../resources/generic/columnFit';

describe('fitting a list’s columns into its width', () => {
  it('leaves widths alone when they fit or the width is unknown', () => {
    const columns = [{ width: 100, floor: 60 }, { width: 200, floor: 200 }];
    expect(fitWidths(columns, 400)).toEqual([100, 200]);
    expect(fitWidths(columns, undefined)).toEqual([100, 200]);
  });

  it('takes the shortage from the truncating columns, in proportion to what they have beyond their header', () => {
    // The parameter list at 1280 px as found: 1054 px of columns in 998.
    const columns = [64, 90, 164, 108, 268, 240, 120].map((width, i) => ({ width, floor: [2, 3, 4].includes(i) ? 64 : width }));
    const fitted = fitWidths(columns, 998);
    expect(fitted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(998);
    // The spare-values and action columns keep every pixel; only Key, value and remark give.
    expect([fitted[0], fitted[1], fitted[5], fitted[6]]).toEqual([64, 90, 240, 120]);
    expect(fitted[4]).toBeLessThan(268);
    expect(fitted.every((width, i) => width >= columns[i]!.floor)).toBe(true);
  });

  it('never goes below a floor: when the floors do not fit, the table scrolls', () => {
    const fitted = fitWidths([{ width: 300, floor: 100 }, { width: 300, floor: 300 }], 200);
    expect(fitted).toEqual([100, 300]);
  });

  it('gives up readable width down to the headers before the table scrolls', () => {
    // The dictionary list beside its items at 1280 px, with a long dictionary name: 416 px of columns in 407.
    const columns = [
      { width: 40, floor: 40 },
      { width: 122, floor: 96, last: 80 },
      { width: 110, floor: 96, last: 64 },
      { width: 80, floor: 80 },
      { width: 104, floor: 104 },
    ];
    const fitted = fitWidths(columns, 407);
    expect(fitted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(407);
    expect([fitted[0], fitted[3], fitted[4]]).toEqual([40, 80, 104]);
    expect(fitted[1]).toBeGreaterThanOrEqual(80);
    expect(fitted[2]).toBeGreaterThanOrEqual(64);
    // Headers wider than the room still stop at their floor: the table scrolls.
    expect(fitWidths(columns, 300)).toEqual([40, 80, 64, 80, 104]);
  });
});
