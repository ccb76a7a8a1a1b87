import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the statistics pages draw (tree-shaken through echarts/core); this module loads with the page.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface EChartHandle {
  /** The chart as a PNG data URL (white background, twice the pixels). */
  png(): string | undefined;
}

/** One ECharts instance on a div, given its option; resized with its box, disposed with the component. */
export const EChart = forwardRef<EChartHandle, { option: Record<string, unknown>; height: number }>(function EChart({ option, height }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | undefined>(undefined);
  useEffect(() => {
    const el = box.current!;
    const instance = echarts.init(el);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  useImperativeHandle(ref, () => ({ png: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }) }), []);
  return <div ref={box} style={{ width: '100%', height }} data-chart-canvas />;
});
