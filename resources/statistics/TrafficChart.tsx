/**
 * The dashboard's line chart, one line per traffic owner over the day's 24 hours. This module is
 * the only importer of @ant-design/charts and is loaded lazily, so the library never reaches the
 * login page, home or any screen without a chart.
 */
import { Line } from '@ant-design/charts';
import { useEffect, useRef, useState } from 'react';
import { CHART_PALETTE, CHART_RESIZE_MS, chartRows, type ChartData } from '../../contract/statistics';
import { throttle } from './throttle';

interface Props {
  data: ChartData;
  height?: number;
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

export default function TrafficChart({ data, height = 320 }: Props) {
  const [ref, width] = useThrottledWidth();
  return (
    <div
      ref={ref}
      className="traffic-chart"
      role="img"
      aria-label={data.items.map((line) => line.name).join(', ')}
      data-lines={data.items.length}
      data-total={data.items.reduce((sum, line) => sum + line.value.reduce((a, b) => a + b, 0), 0)}
    >
      {width > 0 && (
        <Line
          data={chartRows(data)}
          xField="time"
          yField="value"
          colorField="name"
          width={width}
          height={height}
          autoFit={false}
          scale={{ color: { range: [...CHART_PALETTE] } }}
          axis={{ y: { labelFormatter: (v: number) => v.toLocaleString() } }}
        />
      )}
    </div>
  );
}
