/**
 * The year page's three charts (Chart.js, the product's chart library, with only the parts bar charts need): occupancy
 * by month, booked nights per channel, and each month's payouts against the year before's. They load with the page's
 * chunk only. Bar heights in whole kroner and whole percents; the exact figures are in each chart's table.
 */
import { useTheme } from '@mui/material';
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { roundToKroner, toOre } from '../../../shared/money';
import type { MonthFigures, YearFigures } from '../insightsApi';

Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/**
 * Whether this browser draws on a canvas (one check per page). Where it cannot (canvas blocked, or a test's DOM
 * without one) the charts are left out, and their tables carry the figures.
 */
let canvasWorks: boolean | undefined;
export const canDraw = () => (canvasWorks ??= !!document.createElement('canvas').getContext('2d'));

const common = { responsive: true, maintainAspectRatio: false, animation: false } as const;

export function OccupancyChart({ months, monthNames, percent }: { months: MonthFigures[]; monthNames: string[]; percent: (ratio: number | null) => string }) {
  const theme = useTheme();
  if (!canDraw()) return null;
  return (
    <Bar
      data={{ labels: monthNames, datasets: [{ data: months.map((m) => Math.round((m.occupancy ?? 0) * 100)), backgroundColor: theme.palette.primary.main, borderRadius: 4 }] }}
      options={{
        ...common,
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => percent(months[c.dataIndex].occupancy) } } },
        scales: { y: { min: 0, max: 100, ticks: { callback: (v) => `${v} %` } } },
      }}
    />
  );
}

export function ChannelChart({ channels, nightsLabel }: { channels: [string, number][]; nightsLabel: string }) {
  const theme = useTheme();
  if (!canDraw()) return null;
  return (
    <Bar
      data={{ labels: channels.map(([c]) => c), datasets: [{ label: nightsLabel, data: channels.map(([, n]) => n), backgroundColor: theme.palette.secondary.main, borderRadius: 4 }] }}
      options={{ ...common, indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } }}
    />
  );
}

export function PayoutChart({ year, before, monthNames, money }: { year: YearFigures; before: YearFigures; monthNames: string[]; money: (amount: string) => string }) {
  const theme = useTheme();
  if (!canDraw()) return null;
  const kroner = (m: MonthFigures) => Number(roundToKroner(toOre(m.payoutTotal)));
  return (
    <Bar
      data={{
        labels: monthNames,
        datasets: [
          { label: String(before.year), data: before.byMonth.map(kroner), backgroundColor: theme.palette.grey[400], borderRadius: 4 },
          { label: String(year.year), data: year.byMonth.map(kroner), backgroundColor: theme.palette.success.main, borderRadius: 4 },
        ],
      }}
      options={{
        ...common,
        plugins: { tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${money((c.datasetIndex === 0 ? before : year).byMonth[c.dataIndex].payoutTotal)}` } } },
        scales: { y: { beginAtZero: true } },
      }}
    />
  );
}
