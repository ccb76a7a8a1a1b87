import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Tree-shaken: only the bar chart, its grid, legend and tooltip, drawn on a canvas.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

export interface PerformanceSeries {
  names: string[];
  averageScore: { label: string; values: (number | null)[] };
  passRate: { label: string; values: (number | null)[] };
}

/** Average score and pass rate (both 0–100) per trainee or company, side by side. */
export default function PerformanceChart({ series }: { series: PerformanceSeries }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return undefined;
    const chart = echarts.init(host.current);
    const option: Option = {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 40, bottom: 64 },
      xAxis: { type: 'category', data: series.names, axisLabel: { interval: 0, rotate: series.names.length > 4 ? 30 : 0 } },
      yAxis: { type: 'value', min: 0, max: 100 },
      series: [
        { type: 'bar', name: series.averageScore.label, data: series.averageScore.values },
        { type: 'bar', name: series.passRate.label, data: series.passRate.values },
      ],
    };
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [series]);
  return <div ref={host} data-testid="performance-chart" style={{ width: '100%', height: 320 }} />;
}
