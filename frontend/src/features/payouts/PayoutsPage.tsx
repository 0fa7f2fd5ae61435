/**
 * /payouts, 'Mine Utbetalinger' (docs/product/payouts-and-prices.md#screens): a year (this year − 2 … + 1), four summary cards, the twelve months
 * (whole kroner with ',-'), a bar chart, the detail table and the year statement as CSV and PDF, of the chosen property
 * (`?property=`, with the choice where the person has more than one). A viewer not allowed to see the money is told so.
 * A payout's month in the table opens it explained (`?payout=`, which a notification's link carries too).
 */
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert, Box, Button, Card, CardContent, Chip, CircularProgress, FormControl, InputLabel, Link, MenuItem, Paper, Select, Stack, Table, TableBody,
  TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import { parseISO } from 'date-fns';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_PATHS, payoutOf, payoutYearOf } from '../../shared/appLinks';
import { formatDate } from '../../shared/dateFormats';
import { useDevicePreference } from '../../shared/devicePreference';
import { lazyNamed } from '../../shared/lazyNamed';
import { formatOre, localeOf, toOre } from '../../shared/money';
import { YearChart } from './components/YearChart';
import { ApiError } from '../../api/client';
import { PropertySwitcher, useChosenProperty } from '../properties';
import { propertyQuery, usePayoutsOfYear } from './payoutsApi';
import { byMonth, summarize } from './summary';
import type { PayoutStatus } from './types';
import { Navigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../shared/sessionApi';

const PayoutDetailDialog = lazyNamed(() => import('./components/PayoutDetailDialog'), 'PayoutDetailDialog');

const STATUS_COLOR: Record<PayoutStatus, 'warning' | 'success' | 'info' | 'default'> = { pending: 'warning', paid: 'success', sent: 'info', offset: 'default' };

/** The year choices: the current year minus 2 through plus 1. */
export const yearChoices = (now: Date) => [-2, -1, 0, 1].map((d) => now.getFullYear() + d);

/** Staff have no payouts of their own: /payouts takes them to the payouts overview of every user. */
export function PayoutsPage() {
  const { data: user, isPending } = useCurrentUser();
  // Known before the page shows (the shell has it): no read of own payouts goes out for staff.
  if (isPending) return null;
  if (user && (user.isAdmin || user.isMiniAdmin)) return <Navigate to={APP_PATHS.staffPayouts} replace />;
  return <OwnPayouts />;
}

function OwnPayouts() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // A notification's link opens its payout: the year it belongs to, the row marked and scrolled to, the payout explained.
  const [search, setSearch] = useSearchParams();
  const { isMobile } = useDevicePreference();
  const linkedYear = payoutYearOf(search);
  const marked = payoutOf(search);
  const [year, setYear] = useState(() => linkedYear ?? new Date().getFullYear());
  // A new link while the page is open (another notification) moves to its year, during render as React advises.
  const linkKey = `${linkedYear}:${marked}`;
  const [seenLink, setSeenLink] = useState(linkKey);
  if (seenLink !== linkKey) {
    setSeenLink(linkKey);
    if (linkedYear) setYear(linkedYear);
  }
  const markedRow = useRef<HTMLTableRowElement | null>(null);
  const chosen = useChosenProperty();
  const { data: payouts, isPending, isError, error } = usePayoutsOfYear(year, chosen.id);
  const moneyHidden = error instanceof ApiError && error.code === 'property_money_hidden';
  const summary = useMemo(() => summarize(payouts ?? []), [payouts]);
  const months = useMemo(() => byMonth(payouts ?? []), [payouts]);
  const monthNames = useMemo(() => Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(localeOf(lang), { month: 'long' }).format(new Date(2026, i, 15))), [lang]);
  const money = (ore: bigint) => t('payouts.money', { value: formatOre(ore, lang) });
  useEffect(() => {
    markedRow.current?.scrollIntoView?.({ block: 'center' });
  }, [payouts, marked]);
  const years = useMemo(() => [...new Set([...yearChoices(new Date()), year])].sort((a, b) => a - b), [year]);
  /** Opens a payout explained, or (null) closes it; the year and property stay in the address. */
  const openPayout = (id: number | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('payout');
      else next.set('payout', String(id));
      return next;
    });
  const statement = (format: 'csv' | 'pdf') =>
    `/api/user/payouts/year/${year}/statement.${format}?${[`lang=${lang === 'en' ? 'en' : 'nb'}`, propertyQuery(chosen.id)].filter(Boolean).join('&')}`;

  const cards = [
    { key: 'net', label: t('payouts.cards.net'), value: summary.net, danger: summary.net < 0n },
    { key: 'paidOut', label: t('payouts.cards.paidOut'), value: summary.paidOut },
    { key: 'pending', label: t('payouts.cards.pending'), value: summary.pending },
    { key: 'offset', label: t('payouts.cards.offset'), value: -summary.offset },
  ];

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">{t('payouts.title')}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {chosen.properties.length > 1 && chosen.shown && (
            <Suspense fallback={null}>
              <PropertySwitcher size="small" properties={chosen.properties} value={chosen.shown.id} onChange={chosen.choose} />
            </Suspense>
          )}
          <FormControl size="small" sx={{ minWidth: 110 }}>
            <InputLabel id="payouts-year-label">{t('payouts.year')}</InputLabel>
            <Select labelId="payouts-year-label" label={t('payouts.year')} value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {years.map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}
            </Select>
          </FormControl>
          {!moneyHidden && <Button size="small" startIcon={<DownloadIcon />} href={statement('csv')} download>{t('payouts.downloadCsv')}</Button>}
          {!moneyHidden && <Button size="small" startIcon={<DownloadIcon />} href={statement('pdf')} download>{t('payouts.downloadPdf')}</Button>}
        </Stack>
      </Stack>

      {moneyHidden ? <Alert severity="info">{t('errors.property_money_hidden')}</Alert> : isError && <Alert severity="error">{t('payouts.loadFailed')}</Alert>}
      {moneyHidden ? null : isPending ? <CircularProgress aria-label={t('payouts.loading')} /> : (
        <>
          <Box component="section" aria-label={t('payouts.summary')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            {cards.map((c) => (
              <Card key={c.key} variant="outlined" data-card={c.key}>
                <CardContent>
                  <Typography variant="body2" color="text.secondary">{c.label}</Typography>
                  <Typography variant="h6" component="p" sx={{ color: c.danger ? 'error.main' : undefined, fontVariantNumeric: 'tabular-nums' }}>{money(c.value)}</Typography>
                </CardContent>
              </Card>
            ))}
          </Box>

          <Box component="section" aria-label={t('payouts.months')} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(6, 1fr)' } }}>
            {months.map((m) => (
              <Paper key={m.month} variant="outlined" sx={{ p: 1.5 }} data-month={m.month}>
                <Typography variant="body2" color="text.secondary" sx={{ textTransform: 'capitalize' }}>{monthNames[m.month - 1]}</Typography>
                <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: m.total < 0n ? 'error.main' : undefined }}>
                  {m.count ? t('payouts.wholeKroner', { value: formatOre(m.total, lang, 0) }) : '–'}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {m.statuses.map((s) => <Chip key={s} size="small" color={STATUS_COLOR[s]} label={t(`payouts.status.${s}`)} />)}
                </Stack>
                {m.notes.map((n, i) => <Typography key={i} variant="caption" component="p" color="text.secondary">{n}</Typography>)}
              </Paper>
            ))}
          </Box>

          {/* An empty year has nothing to chart: a chart of zeros would draw an axis of repeated ticks (1, 1, 1 … 0). */}
          {payouts?.length ? (
            <Paper variant="outlined" sx={{ p: 2, height: 280 }} data-chart>
              <YearChart months={months} monthNames={monthNames} />
            </Paper>
          ) : (
            <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-chart-empty>
              <Typography color="text.secondary">{t('payouts.chartEmpty', { year })}</Typography>
            </Paper>
          )}

          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('payouts.details')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('payouts.columns.period')}</TableCell>
                  <TableCell align="right">{t('payouts.columns.amount')}</TableCell>
                  <TableCell>{t('payouts.columns.status')}</TableCell>
                  <TableCell>{t('payouts.columns.paidDate')}</TableCell>
                  <TableCell>{t('payouts.columns.notes')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {payouts?.length ? payouts.map((p) => (
                  <TableRow key={p.id} selected={p.id === marked} ref={p.id === marked ? markedRow : undefined} data-payout={p.id}>
                    <TableCell sx={{ textTransform: 'capitalize' }}>
                      <Link component="button" type="button" onClick={() => openPayout(p.id)} sx={{ textTransform: 'inherit', textAlign: 'left' }} aria-haspopup="dialog">
                        {`${monthNames[p.month - 1]} ${p.year}`}
                      </Link>
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{`${formatOre(toOre(p.amount), lang)} ${p.currency}`}</TableCell>
                    <TableCell><Chip size="small" color={STATUS_COLOR[p.status]} label={t(`payouts.status.${p.status}`)} /></TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.paidDate ? formatDate(parseISO(p.paidDate)) : ''}</TableCell>
                    <TableCell>{p.notes}</TableCell>
                  </TableRow>
                )) : (
                  <TableRow><TableCell colSpan={5}>{t('payouts.empty', { year })}</TableCell></TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {marked !== null && !moneyHidden && (
        <Suspense fallback={null}>
          <PayoutDetailDialog payoutId={marked} isMobile={isMobile} onClose={() => openPayout(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
