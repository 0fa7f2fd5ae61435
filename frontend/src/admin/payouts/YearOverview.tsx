/**
 * The year overview by month (docs/product/payouts-and-prices.md#screens): for the owner and year chosen in the list's filters, the
 * month sums as the owner's page shows them (the same bar chart and øre-exact sums).
 */
import { Alert, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { byMonth, summarize, YearChart } from '../../features/payouts';
import { formatOre, localeOf } from '../../shared/money';
import type { AdminDataProvider } from '../dataProvider';

export function YearOverview() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const userId = filterValues.userId as number | undefined;
  const year = Number(filterValues.year);
  const enabled = !!userId && Number.isInteger(year) && year > 0;
  const { data } = useQuery({ queryKey: ['payouts', 'year-overview', userId, year], queryFn: () => dataProvider.payoutsOfYear(userId!, year), enabled });
  const monthNames = useMemo(() => Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(localeOf(i18n.language), { month: 'short' }).format(new Date(2026, i, 15))), [i18n.language]);
  if (!enabled) return <Alert severity="info" sx={{ mb: 1 }}>{translate('resources.payouts.overview.pick')}</Alert>;
  const months = byMonth(data ?? []);
  const net = summarize(data ?? []).net;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 1 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('resources.payouts.overview.title', { year, net: formatOre(net, i18n.language) })}
      </Typography>
      <div style={{ height: 220 }}>
        <YearChart months={months} monthNames={monthNames} />
      </div>
    </Paper>
  );
}
