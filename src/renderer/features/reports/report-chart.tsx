import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// A report's chart, drawn by Chart.js on a canvas: the pattern of the council analytics' charts
// (copied, not imported: features do not share files, and moving that one into components would
// mean editing a screen that is not this issue's). Only the parts used are registered. A canvas
// says nothing to a screen reader: it is an image whose label sums it up, and the report's table
// (the same numbers) sits next to it. Colours are the Okabe–Ito palette, never the only carrier:
// the legend names each series, lines differ in dash and point shape as well.

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'] as const;
const POINT_STYLES = ['circle', 'rect', 'triangle', 'rectRot', 'cross', 'star'] as const;

export interface ReportChartSeries {
  label: string;
  values: readonly (number | null)[];
}

export interface ReportChartProps {
  kind: 'bar' | 'line';
  labels: readonly string[];
  series: readonly ReportChartSeries[];
  /** The accessible summary (what a sighted reader takes from the chart). */
  summary: string;
  formatValue(value: number): string;
}

export function ReportChart({ kind, labels, series, summary, formatValue }: ReportChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const format = useRef(formatValue);
  format.current = formatValue;

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const configuration: ChartConfiguration<'bar' | 'line', (number | null)[], string> = {
      type: kind,
      data: {
        labels: [...labels],
        datasets: series.map((item, index) => {
          const colour = SERIES_COLOURS[index % SERIES_COLOURS.length]!;
          return {
            label: item.label,
            data: [...item.values],
            backgroundColor: colour,
            borderColor: colour,
            borderWidth: kind === 'line' ? 2 : 0,
            borderDash: kind === 'line' && index % 2 === 1 ? [6, 4] : [],
            pointStyle: POINT_STYLES[index % POINT_STYLES.length],
            pointRadius: kind === 'line' ? 4 : 0,
          };
        }),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { callback: (value) => format.current(Number(value)) } } },
        plugins: {
          legend: { position: 'bottom', labels: { usePointStyle: true } },
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${item.parsed.y === null ? '—' : format.current(item.parsed.y)}` },
          },
        },
      },
    };
    const chart = new Chart(context, configuration as ChartConfiguration);
    return () => chart.destroy();
  }, [kind, labels, series]);

  return (
    <div className="reports__chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
