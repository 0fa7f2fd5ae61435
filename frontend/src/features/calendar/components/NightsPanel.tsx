/**
 * The year's nights beside the calendar (docs/product/stays.md#screens): the owner nights used and left of the rules'
 * limit, the rental days used and left of the law's, named by the housing type, and the estimated income the owner
 * nights forwent. A small panel on a desktop; on a phone a strip under the toolbar that opens the same details.
 * It loads after the first calendar has painted (CalendarHome), in a chunk of its own, and says nothing for a property
 * without limits or rentals.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { laterPartLoaded } from '../../../i18n/laterPart';
import { formatWholeMoney, localeOf } from '../../../shared/money';
import type { VisibleRange } from '../calendarApi';
import { hasNightsToShow, useYearNights, yearOfRange, type YearNights } from '../nights';

// The stays' texts come with this chunk, not with the calendar's first screen (i18n/catalogueParts.ts); without them
// (offline before they were ever kept) the panel says nothing rather than show raw keys.
const textsLoaded = await laterPartLoaded('later');

interface NightsPanelProps {
  propertyId: number;
  range: VisibleRange;
  isMobile: boolean;
  /** Told the ids of the bookings past the rental day limit, for the calendar to draw them as such. */
  onPastLimit?: (ids: ReadonlySet<string | number>) => void;
}

/** One count against its limit: the numbers in words, and a bar (with its values for screen readers) when limited. */
interface Count {
  label: string;
  used: number;
  limit: number | null;
  left: number | null;
}

function useFormat() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const n = (value: number) => number.format(value);
  /** '5 av 14 brukt · 9 igjen', or '5 brukt' without a limit. */
  const usage = ({ used, limit, left }: Count) =>
    limit === null ? t('stays.nights.used', { used: n(used) }) : `${t('stays.nights.usedOf', { used: n(used), limit: n(limit) })} · ${t('stays.nights.left', { left: n(left ?? 0) })}`;
  /** What the strip says of a count: what is left, or what was used without a limit. */
  const short = ({ used, left }: Count) => (left === null ? t('stays.nights.used', { used: n(used) }) : t('stays.nights.left', { left: n(left) }));
  return { t, i18n, n, usage, short };
}

function counts(nights: YearNights, t: (key: string) => string): { owner: Count; rental: Count } {
  return {
    owner: { label: t('stays.nights.owner'), used: nights.ownerNights, limit: nights.ownerNightsLimit, left: nights.ownerNightsLeft },
    rental: { label: t('stays.nights.rental'), used: nights.rentalDays, limit: nights.rentalDayLimit, left: nights.rentalDaysLeft },
  };
}

function CountRow({ count, note }: { count: Count; note?: string | null }) {
  const { usage } = useFormat();
  const id = useId();
  const text = usage(count);
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography id={id} variant="body2" sx={{ fontWeight: 600 }}>
          {count.label}
        </Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {text}
        </Typography>
      </Stack>
      {/* A limit of 0 has no bar to fill: the words say it. */}
      {count.limit !== null && count.limit > 0 && (
        <LinearProgress
          variant="determinate"
          value={Math.min(count.used, count.limit)}
          max={count.limit}
          color={count.left === 0 ? 'warning' : 'primary'}
          aria-labelledby={id}
          aria-valuetext={text}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
        />
      )}
      {note && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}

function NightsDetails({ nights, id }: { nights: YearNights; id?: string }) {
  const { t, i18n, n } = useFormat();
  const { owner, rental } = counts(nights, t);
  const type = nights.housingType ? t(`stays.housingTypes.${nights.housingType}`) : null;
  const limit = nights.rentalDayLimit === null ? null : n(nights.rentalDayLimit);
  const rentalNote =
    type && limit !== null ? t('stays.nights.typeLimit', { type, limit })
    : limit !== null ? t('stays.nights.limit', { limit })
    : type ? t('stays.nights.typeNoLimit', { type })
    : null;
  const income = nights.forgoneIncome;
  return (
    <Stack id={id} spacing={1.5}>
      <CountRow count={owner} />
      <CountRow count={rental} note={rentalNote} />
      {nights.pastLimit.length > 0 && <PastLimit bookings={nights.pastLimit} />}
      {income && (
        <Box>
          <Typography variant="body2">
            {t('stays.nights.forgone', { amount: formatWholeMoney(income.amount, income.currency, i18n.language) })}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('stays.nights.forgoneNote')}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}

/** The bookings with nights after the rental days reached the law's limit: named, not refused (docs/product/stays.md#warnings). */
function PastLimit({ bookings }: { bookings: YearNights['pastLimit'] }) {
  const { t, n } = useFormat();
  const day = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
  return (
    <Alert severity="warning" sx={{ py: 0 }}>
      <Typography variant="body2">{t('stays.nights.pastLimit', { count: bookings.length })}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {bookings.map((b) => (
          <li key={String(b.id)}>
            <Typography variant="body2">{t('stays.nights.pastLimitBooking', { title: b.title, from: day(b.from), to: day(b.to), count: b.nightsPastLimit, nights: n(b.nightsPastLimit) })}</Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The phone's strip: the year and what is left of each limit, a button that opens the details below it. */
function NightsStrip({ nights, titleId }: { nights: YearNights; titleId: string }) {
  const { t, short } = useFormat();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { owner, rental } = counts(nights, t);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      {/* The disclosure's button inside the heading (WAI-ARIA's accordion), so the heading names the section. */}
      <Typography id={titleId} variant="body2" component="h2">
        <Button
          fullWidth
          color="inherit"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((was) => !was)}
          endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none' }} />}
          sx={{ justifyContent: 'flex-start', flexWrap: 'wrap', columnGap: 1.5, textTransform: 'none', px: 1.5, py: 0.75, textAlign: 'left' }}
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('stays.nights.title', { year: nights.year })}
          </Box>
          {/* A space for the button's name ('Netter i 2026 Eiernetter …'); a flex box draws none. */}{' '}
          {/* Each count whole on its line: a narrow phone breaks between them, not inside one. */}
          <Box component="span" sx={{ flex: 1, fontVariantNumeric: 'tabular-nums', '& > span': { whiteSpace: 'nowrap' } }}>
            <span>{`${owner.label} ${short(owner)}`}</span> · <span>{`${rental.label} ${short(rental)}`}</span>
          </Box>
        </Button>
      </Typography>
      {open && (
        <Box sx={{ px: 1.5, pb: 1.5 }}>
          <NightsDetails nights={nights} id={detailsId} />
        </Box>
      )}
    </Paper>
  );
}

export function NightsPanel({ propertyId, range, isMobile, onPastLimit }: NightsPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data } = useYearNights(propertyId, yearOfRange(range));
  const pastLimit = data?.pastLimit;
  useEffect(() => {
    onPastLimit?.(new Set(pastLimit?.map((b) => b.id)));
  }, [pastLimit, onPastLimit]);
  // Not yet read, not readable (offline, a property left) or nothing to say: the calendar alone.
  if (!textsLoaded || !data || !hasNightsToShow(data)) return null;
  if (isMobile) return <NightsStrip nights={data} titleId={titleId} />;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, maxWidth: 560 }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {t('stays.nights.title', { year: data.year })}
      </Typography>
      <NightsDetails nights={data} />
    </Paper>
  );
}
