/** The year by month as a bar chart (Chart.js, only the parts a bar chart needs, registered once). */
import { useTheme } from '@mui/material';
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { formatOre, roundToKroner } from '../../../shared/money';
import type { MonthSummary } from '../summary';

Chart.register(BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * Whether this browser draws on a canvas (one check per page). Where it cannot (canvas blocked, or a test's DOM
 * without one) the chart is left out: the month grid and the table carry the same figures.
 */
let canvasWorks: boolean | undefined;
const canDraw = () => (canvasWorks ??= !!document.createElement('canvas').getContext('2d'));

export function YearChart({ months, monthNames }: { months: MonthSummary[]; monthNames: string[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  // Whole kroner are plenty for bar heights; the exact amounts are in the grid and the table.
  const values = months.map((m) => Number(roundToKroner(m.total)));
  if (!canDraw()) return null;
  return (
    <Bar
      role="img"
      aria-label={t('payouts.chartLabel')}
      data={{
        labels: monthNames,
        datasets: [{
          label: t('payouts.chartLabel'),
          data: values,
          backgroundColor: values.map((v) => (v < 0 ? theme.palette.error.main : theme.palette.primary.main)),
        }],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { ticks: { callback: (v) => formatOre(BigInt(Math.round(Number(v))) * 100n, i18n.language, 0) } } },
        plugins: { tooltip: { callbacks: { label: (ctx) => t('payouts.wholeKroner', { value: formatOre(months[ctx.dataIndex].total, i18n.language, 0) }) } } },
      }}
    />
  );
}
