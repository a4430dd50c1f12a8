import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, chartRows, dayKey, daysBetween, formatCount, formatCurrency, hourKey, hourlyPoints, hoursBegun, lineTotal, monthKey, periodProblem, previousMonth, TIMEPOINTS, toFen, topLines, type ChartData } from '../../../contract/statistics';
import { throttle } from '../../../resources/statistics/throttle';
import { calendarAt } from '../../../server/statistics/clock';

describe('chart data shaping', () => {
  it('gives a day 24 points, 0 for the hours without counts, never a gap', () => {
    const points = hourlyPoints([
      { hour: 0, count: 5 },
      { hour: 13, count: 7 },
      { hour: 23, count: 1 },
    ]);
    expect(points).toHaveLength(24);
    expect(points[0]).toBe(5);
    expect(points[1]).toBe(0);
    expect(points[13]).toBe(7);
    expect(points[23]).toBe(1);
    expect(points.filter((p) => p === 0)).toHaveLength(21);
    expect(hourlyPoints([])).toEqual(Array.from({ length: 24 }, () => 0));
  });

  it('draws one row per line and hour, in line order, with the x axis 00:00 … 23:00', () => {
    expect(TIMEPOINTS[0]).toBe('00:00');
    expect(TIMEPOINTS[23]).toBe('23:00');
    const rows = chartRows({ items: [{ name: 'a', value: hourlyPoints([{ hour: 2, count: 3 }]) }, { name: 'b', value: [1] }], timepoint: [...TIMEPOINTS] });
    expect(rows).toHaveLength(48);
    expect(rows[2]).toEqual({ name: 'a', time: '02:00', value: 3 });
    // A short value list still plots 0, not a hole.
    expect(rows[24 + 5]).toEqual({ name: 'b', time: '05:00', value: 0 });
  });
});

describe('hours still to come (issue 20, item 15)', () => {
  it('are null for today after the current hour and for every hour of a later day, 0 never claimed for them', () => {
    const now = { today: 20260315, hour: 12 };
    expect(hoursBegun(20260314, now)).toBe(24);
    expect(hoursBegun(20260315, now)).toBe(13);
    expect(hoursBegun(20260316, now)).toBe(0);
    const today = hourlyPoints([{ hour: 3, count: 5 }], 13);
    expect(today.slice(0, 13).every((p) => p !== null)).toBe(true);
    expect(today[4]).toBe(0);
    expect(today.slice(13)).toEqual(Array.from({ length: 11 }, () => null));
    // A count that arrived for a later hour is still shown.
    expect(hourlyPoints([{ hour: 14, count: 2 }], 13)[14]).toBe(2);
    expect(hourlyPoints([], 0).every((p) => p === null)).toBe(true);
  });

  it('are gaps in the drawn rows, and count nothing in a line’s total', () => {
    const data: ChartData = { items: [{ name: 'a', value: hourlyPoints([{ hour: 1, count: 7 }], 2) }], timepoint: [...TIMEPOINTS] };
    const rows = chartRows(data);
    expect(rows[1]).toEqual({ name: 'a', time: '01:00', value: 7 });
    expect(rows[5]).toEqual({ name: 'a', time: '05:00', value: null });
    expect(lineTotal(data.items[0]!)).toBe(7);
  });
});

describe('the lines drawn by default', () => {
  const line = (name: string, total: number) => ({ name, value: [total, ...Array.from({ length: 23 }, () => null)] });
  const fifty: ChartData = { items: Array.from({ length: 50 }, (_, i) => line(`o${i}`, (i * 37) % 50)), timepoint: [...TIMEPOINTS] };

  it('are the day’s ten busiest, busiest first, with how many were left out', () => {
    const { data, hidden } = topLines(fifty, false);
    expect(data.items).toHaveLength(10);
    expect(hidden).toBe(40);
    const totals = data.items.map(lineTotal);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(Math.min(...totals)).toBeGreaterThanOrEqual(Math.max(...fifty.items.filter((l) => !data.items.includes(l)).map(lineTotal)));
  });

  it('are every chosen owner when owners were chosen, and all of a short list', () => {
    expect(topLines(fifty, true)).toEqual({ data: fifty, hidden: 0 });
    const three = { ...fifty, items: fifty.items.slice(0, 3) };
    expect(topLines(three, false)).toEqual({ data: three, hidden: 0 });
  });
});

describe('a media-statistics period', () => {
  it('is taken up to 366 days, both ends included, and refused beyond or reversed, with one message', () => {
    expect(periodProblem(20250101, 20260101)).toBeUndefined();
    expect(periodProblem(20240101, 20241231)).toBeUndefined();
    expect(periodProblem(20240101, 20250101)?.['zh-CN']).toMatch(/最长 366 天/);
    expect(periodProblem(20260102, 20260101)?.['en-US']).toMatch(/at most 366 days/);
  });
});

describe('number formatting', () => {
  it('shows money with the currency sign, thousands separators and two decimals', () => {
    expect(formatCurrency(1234567.5)).toBe('¥1,234,567.50');
    expect(formatCurrency(0)).toBe('¥0.00');
    expect(formatCurrency(-12.3, 'en-US')).toBe('-¥12.30');
  });

  it('shows counts with thousands separators', () => {
    expect(formatCount(10_000_000)).toBe('10,000,000');
    expect(formatCount(999, 'en-US')).toBe('999');
  });

  it('takes yuan with at most two decimals', () => {
    expect(toFen(1000.5)).toBe(100050);
    expect(toFen(0.07)).toBe(7);
    expect(toFen(1.005)).toBeUndefined();
    expect(toFen(-1)).toBeUndefined();
  });
});

describe('calendar keys', () => {
  it('reads only real hours, days and months', () => {
    expect(hourKey('2026-03-15 09')).toBe(2026031509);
    expect(hourKey('2026-03-15 24')).toBeUndefined();
    expect(dayKey('2026-02-29')).toBeUndefined();
    expect(dayKey('2024-02-29')).toBe(20240229);
    expect(monthKey('2026-13')).toBeUndefined();
  });

  it('steps across months and years', () => {
    expect(addDays(20260301, -1)).toBe(20260228);
    expect(addDays(20261231, 1)).toBe(20270101);
    expect(previousMonth(202601)).toBe(202512);
    expect(daysBetween(20260101, 20261231)).toBe(365);
  });

  it("takes today from the server's time zone, not the host's", () => {
    // 2026-03-14 17:30 UTC is already the 15th in Shanghai.
    const instant = Date.UTC(2026, 2, 14, 17, 30);
    expect(calendarAt(instant, 'Asia/Shanghai')).toEqual({ today: 20260315, yesterday: 20260314, month: 202603, lastMonth: 202602, hour: 1 });
    expect(calendarAt(instant, 'UTC').today).toBe(20260314);
  });
});

describe('resize throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('redraws at once, then at most once per 100 ms, ending with the last size', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(10);
      throttled();
    }
    // 100 ms of calls every 10 ms: the first at once, one at 100 ms.
    expect(fn).toHaveBeenCalledTimes(2);
    // The call made at 100 ms still runs, 100 ms later, and nothing after it.
    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
