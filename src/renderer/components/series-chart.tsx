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

// A chart of figures (council analytics, reports), drawn by Chart.js on a canvas. Only the parts
// used are registered (bars, lines, the two scales, legend and tooltip), so the rest of the library
// stays out of the bundle. A canvas says nothing to a screen reader: it is an image whose label
// states the numbers, and every screen that shows one shows the same numbers in a table too.
// Colours are the Okabe–Ito palette (told apart with the common colour-vision deficiencies), and
// never the only carrier: the legend names each series, lines differ in dash and point shape as well.

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'] as const;
const POINT_STYLES = ['circle', 'rect', 'triangle', 'rectRot', 'cross', 'star'] as const;

export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
}

export interface SeriesChartProps {
  kind: 'bar' | 'line';
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Bars of a category stacked (parts of one whole). */
  stacked?: boolean;
  /** The accessible summary of the chart (what a sighted reader takes from it). */
  summary: string;
  formatValue(value: number): string;
  /** The screen's class for the chart's box (its height). */
  className: string;
}

export function SeriesChart({ kind, labels, series, stacked = false, summary, formatValue, className }: SeriesChartProps) {
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
        scales: {
          x: { stacked },
          y: { stacked, beginAtZero: true, ticks: { callback: (value) => format.current(Number(value)) } },
        },
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
  }, [kind, labels, series, stacked]);

  return (
    <div className={className}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
