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
});
