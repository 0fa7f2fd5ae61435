/**
 * /year, 'Året' (docs/product/insights.md#the-year-page): a property's year against the one before, for an owner on a
 * phone when the money arrives and for their accountant: five figures, occupancy by month, nights per channel and the
 * payouts by month against last year, each chart with its table, numbers in the reader's language; the year statement
 * beside it. The property as the payouts page chooses it (`?property=`), the year with the arrows or the list (`?year=`).
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, CircularProgress, FormControl, IconButton, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { laterPartLoaded } from '../../i18n/laterPart';
import { payoutYearOf } from '../../shared/appLinks';
import { formatDecimal, localeOf } from '../../shared/money';
import { PropertySwitcher, useChosenProperty } from '../properties';
import { ChartWithTable } from './components/ChartWithTable';
import { ChannelChart, OccupancyChart, PayoutChart } from './components/YearCharts';
import { useInsights, type YearFigures } from './insightsApi';

// The page's texts come with its chunk, not with the first screens (i18n/catalogueParts.ts).
const textsLoaded = await laterPartLoaded('later');

/** The years in the list: five back, one ahead, and the one shown. */
const yearChoices = (now: number, shown: number) => [...new Set([...Array.from({ length: 7 }, (_, i) => now - 5 + i), shown])].sort((a, b) => a - b);

export function InsightsPage() {
  return textsLoaded ? <YearView /> : null;
}

function YearView() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const locale = localeOf(lang);
  const thisYear = new Date().getFullYear();
  // `?year=` opens that year (a link from the payouts, a bookmark); the switcher keeps it in the address.
  const [search, setSearch] = useSearchParams();
  const year = payoutYearOf(search) ?? thisYear;
  const setYear = (next: number) =>
    setSearch((params) => {
      params.set('year', String(next));
      return params;
    }, { replace: true });
  const chosen = useChosenProperty();
  const { data, isPending, isError, error } = useInsights(year, chosen.id);
  const moneyHidden = error instanceof ApiError && error.code === 'property_money_hidden';

  const monthNames = useMemo(() => Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2026, i, 15))), [locale]);
  const shortMonths = useMemo(() => Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(locale, { month: 'short' }).format(new Date(2026, i, 15))), [locale]);
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const percentFormat = useMemo(() => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }), [locale]);
  const percent = (ratio: number | null) => (ratio === null ? t('insights.none') : percentFormat.format(ratio));
  const money = (amount: string | null) => (amount === null ? t('insights.none') : t('insights.money', { value: formatDecimal(amount, lang) }));
  const statement = (format: 'csv' | 'pdf') =>
    `/api/user/payouts/year/${year}/statement.${format}?${[`lang=${lang === 'en' ? 'en' : 'nb'}`, chosen.id === null ? '' : `propertyId=${chosen.id}`].filter(Boolean).join('&')}`;

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h4" component="h1">{t('insights.title')}</Typography>
          <Typography color="text.secondary">{t('insights.intro', { year, previous: year - 1 })}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {chosen.properties.length > 1 && chosen.shown && (
            <Suspense fallback={null}>
              <PropertySwitcher size="small" properties={chosen.properties} value={chosen.shown.id} onChange={chosen.choose} />
            </Suspense>
          )}
          <IconButton aria-label={t('insights.previousYear')} onClick={() => setYear(year - 1)} disabled={year <= 2020}><ChevronLeftIcon /></IconButton>
          <FormControl size="small" sx={{ minWidth: 100 }}>
            <InputLabel id="insights-year-label">{t('insights.year')}</InputLabel>
            <Select labelId="insights-year-label" label={t('insights.year')} value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {yearChoices(thisYear, year).map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}
            </Select>
          </FormControl>
          <IconButton aria-label={t('insights.nextYear')} onClick={() => setYear(year + 1)} disabled={year >= 2100}><ChevronRightIcon /></IconButton>
        </Stack>
      </Stack>

      {moneyHidden ? <Alert severity="info">{t('errors.property_money_hidden')}</Alert> : isError && <Alert severity="error">{t('insights.loadFailed')}</Alert>}
      {moneyHidden || isError ? null : isPending || !data ? <CircularProgress aria-label={t('insights.loading')} /> : (
        <YearFiguresView year={data} before={data.previousYear} monthNames={monthNames} shortMonths={shortMonths} number={number} percent={percent} money={money} />
      )}

      {!moneyHidden && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<DownloadIcon />} href={statement('pdf')} download>{t('insights.statement')}</Button>
          <Button size="small" startIcon={<DownloadIcon />} href={statement('csv')} download>{t('insights.statementCsv')}</Button>
        </Stack>
      )}
    </Stack>
  );
}

interface FiguresProps {
  year: YearFigures;
  before: YearFigures;
  monthNames: string[];
  shortMonths: string[];
  number: Intl.NumberFormat;
  percent: (ratio: number | null) => string;
  money: (amount: string | null) => string;
}

function YearFiguresView({ year, before, monthNames, shortMonths, number, percent, money }: FiguresProps) {
  const { t } = useTranslation();
  const channels = Object.entries(year.nightsByChannel);
  const cards = [
    { key: 'occupancy', value: percent(year.occupancy), note: t('insights.ofAvailable', { nights: number.format(year.nightsAvailable) }), before: percent(before.occupancy) },
    { key: 'nightsBooked', value: number.format(year.nightsBooked), before: number.format(before.nightsBooked) },
    { key: 'ownerNights', value: number.format(year.ownerNights), before: number.format(before.ownerNights) },
    { key: 'payoutTotal', value: money(year.payoutTotal), before: money(before.payoutTotal) },
    { key: 'perNight', value: money(year.payoutPerBookedNight), before: money(before.payoutPerBookedNight) },
  ];
  return (
    <>
      <Box component="section" aria-label={t('insights.summary')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        {cards.map((c) => (
          <Card key={c.key} variant="outlined" data-card={c.key}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">{t(`insights.cards.${c.key}`)}</Typography>
              <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>{c.value}</Typography>
              {c.note && <Typography variant="caption" component="p" color="text.secondary">{c.note}</Typography>}
              <Typography variant="caption" component="p" color="text.secondary">{t('insights.before', { value: c.before, year: before.year })}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <ChartWithTable
          name="occupancy"
          title={t('insights.charts.occupancy')}
          chart={<OccupancyChart months={year.byMonth} monthNames={shortMonths} percent={percent} />}
          table={{
            columns: [t('insights.columns.month'), t('insights.columns.occupancy'), t('insights.columns.booked'), t('insights.columns.available'), t('insights.columns.owner')],
            rows: year.byMonth.map((m) => ({ key: m.month, cells: [monthNames[m.month - 1], percent(m.occupancy), number.format(m.nightsBooked), number.format(m.nightsAvailable), number.format(m.ownerNights)] })),
          }}
        />
        <ChartWithTable
          name="channels"
          title={t('insights.charts.channels')}
          empty={channels.length ? undefined : t('insights.noChannels', { year: year.year })}
          chart={<ChannelChart channels={channels} nightsLabel={t('insights.columns.nights')} />}
          table={{
            columns: [t('insights.columns.channel'), t('insights.columns.nights'), t('insights.columns.share')],
            rows: channels.map(([channel, nights]) => ({ key: channel, cells: [channel, number.format(nights), percent(year.nightsBooked ? nights / year.nightsBooked : null)] })),
          }}
        />
      </Box>
      <ChartWithTable
        name="payouts"
        title={t('insights.charts.payouts', { year: year.year, previous: before.year })}
        chart={<PayoutChart year={year} before={before} monthNames={shortMonths} money={money} />}
        table={{
          columns: [t('insights.columns.month'), String(year.year), String(before.year)],
          rows: year.byMonth.map((m, i) => ({ key: m.month, cells: [monthNames[m.month - 1], money(m.payoutTotal), money(before.byMonth[i].payoutTotal)] })),
        }}
      />
    </>
  );
}
