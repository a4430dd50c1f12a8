/**
 * The dashboard's line chart, one line per traffic owner over the day's 24 hours. This module is
 * the only importer of @ant-design/charts and is loaded lazily, so the library never reaches the
 * login page, home or any screen without a chart.
 *
 * An hour still to come is null in the answer and drawn as no point (the lines stop at the current
 * hour instead of dropping to 0). The legend is the console's own, under the chart: it wraps onto
 * as many rows as it needs (the chart's paged legend put its pager over an item), and a click on an
 * item hides or shows its line, each line keeping its colour.
 */
import { Line } from '@ant-design/charts';
import { useEffect, useRef, useState } from 'react';
import { CHART_PALETTE, CHART_RESIZE_MS, chartRows, lineTotal, type ChartData } from '../../contract/statistics';
import { useConsoleTheme } from '../../src/theme/ConsoleTheme';
import { throttle } from './throttle';

interface Props {
  data: ChartData;
  height?: number;
  /** What the legend is, for assistive technology. */
  legendLabel: string;
}

/** The container's width, followed at most every CHART_RESIZE_MS while the window resizes. */
function useThrottledWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = throttle(() => setWidth(element.clientWidth), CHART_RESIZE_MS);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      measure.cancel();
    };
  }, []);
  return [ref, width];
}

const colourOf = (index: number) => CHART_PALETTE[index % CHART_PALETTE.length]!;

export default function TrafficChart({ data, height = 320, legendLabel }: Props) {
  const [ref, width] = useThrottledWidth();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const { isDark } = useConsoleTheme();
  const names = data.items.map((line) => line.name);
  const shown = { ...data, items: data.items.filter((line) => !hidden.has(line.name)) };
  const toggle = (name: string) =>
    setHidden((before) => {
      const next = new Set(before);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  return (
    <div className="traffic-chart-block">
      <div
        ref={ref}
        className="traffic-chart"
        role="img"
        aria-label={names.join(', ')}
        data-lines={data.items.length}
        data-total={data.items.reduce((sum, line) => sum + lineTotal(line), 0)}
        data-points={data.items.reduce((sum, line) => sum + line.value.filter((value) => value !== null).length, 0)}
      >
        {width > 0 && (
          <Line
            data={chartRows(shown)}
            xField="time"
            yField="value"
            colorField="name"
            width={width}
            height={height}
            autoFit={false}
            // G2's own dark theme: axes, grid and labels light on the dark page.
            theme={isDark ? 'dark' : 'light'}
            legend={false}
            // The whole domain, so a hidden line leaves every other line its colour.
            scale={{ color: { domain: names, range: [...CHART_PALETTE] } }}
            axis={{ y: { labelFormatter: (v: number) => v.toLocaleString() } }}
          />
        )}
      </div>
      <ul className="traffic-chart__legend" aria-label={legendLabel}>
        {names.map((name, index) => (
          <li key={name}>
            <button type="button" className="traffic-chart__legend-item" aria-pressed={!hidden.has(name)} onClick={() => toggle(name)}>
              <span className="traffic-chart__swatch" style={{ background: hidden.has(name) ? 'var(--console-color-border)' : colourOf(index) }} aria-hidden="true" />
              {name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
