/**
 * 'Vis kalender' (docs/product/calendar.md#screens, user-calendar dialog): the user's own events and imported bookings in a
 * window of months (3 on desktop, 1 on mobile), as a plain list, with 'create event'.
 * Reads through userCalendar.ts (fresh for 5 s, polled every 30 s); the data provider adds force_refresh=true to the
 * first read per user. Full admins only: the server refuses everyone else.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { addMonths, startOfMonth } from 'date-fns';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { ColorDot } from '../feeds/badges';
import { errorMessage } from '../httpClient';
import { useIsMobile } from '../useIsMobile';
import { stopPropagation } from './ActionButton';
import { CreateEventDialog } from './CreateEventDialog';
import { useUserCalendar } from './userCalendar';
import { calendarWindow, eventRows, type EventRow } from './userEvents';

interface UserCalendarDialogProps {
  user: { id: number; name: string };
  open: boolean;
  onClose: () => void;
}

export function UserCalendarDialog(props: UserCalendarDialogProps) {
  // Mounted only while open, so a closed dialog does not keep polling.
  return props.open ? <UserCalendarContent {...props} /> : null;
}

function EventItem({ row }: { row: EventRow }) {
  const translate = useTranslate();
  return (
    <ListItem disableGutters divider sx={{ alignItems: 'flex-start', gap: 1.5 }}>
      <Box sx={{ pt: 0.75 }}>
        <ColorDot color={row.color} />
      </Box>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{row.title}</span>
            {row.isBooking && <Chip size="small" variant="outlined" label={translate('resources.users.calendar.booking')} />}
          </Stack>
        }
        secondary={
          <>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              {row.feedName ? `${row.when} · ${row.feedName}` : row.when}
            </Typography>
            {row.description && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
                {row.description}
              </Typography>
            )}
          </>
        }
      />
    </ListItem>
  );
}

function UserCalendarContent({ user, onClose }: UserCalendarDialogProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const isMobile = useIsMobile();
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [creating, setCreating] = useState(false);
  const t = (key: string, options?: object) => translate(`resources.users.calendar.${key}`, options);

  const months = isMobile ? 1 : 3;
  const range = calendarWindow(month, months);
  const calendar = useUserCalendar(user.id, range);

  // The browser's own month names (Intl) rather than date-fns locales, which would grow the back-office chunk.
  const monthName = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nb-NO', { month: 'long', year: 'numeric' });
  const lastMonth = addMonths(month, months - 1);
  const period = months === 1 ? monthName.format(month) : `${monthName.format(month)} – ${monthName.format(lastMonth)}`;
  const rows = calendar.data ? eventRows(calendar.data) : [];

  return (
    <Dialog open onClose={onClose} onClick={stopPropagation} fullWidth maxWidth="md" fullScreen={isMobile} aria-labelledby="user-calendar-title">
      <DialogTitle id="user-calendar-title">{t('title', { name: user.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Tooltip title={t('previous')}>
            <IconButton aria-label={t('previous')} onClick={() => setMonth((m) => addMonths(m, -months))}>
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <Typography component="h3" variant="subtitle1" role="status" sx={{ minWidth: 180, textAlign: 'center', textTransform: 'capitalize' }}>
            {period}
          </Typography>
          <Tooltip title={t('next')}>
            <IconButton aria-label={t('next')} onClick={() => setMonth((m) => addMonths(m, months))}>
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
          <Button size="small" onClick={() => setMonth(startOfMonth(new Date()))}>
            {t('today')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button size="small" variant="contained" startIcon={<EditCalendarIcon />} onClick={() => setCreating(true)}>
            {translate('resources.users.actions.createEvent')}
          </Button>
        </Stack>
        {calendar.isError && !calendar.data ? (
          <Alert severity="error">{t('loadFailed', { message: errorMessage(calendar.error) })}</Alert>
        ) : !calendar.data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('empty')}
          </Typography>
        ) : (
          <List dense aria-label={t('events')}>
            {rows.map((row) => (
              <EventItem key={row.key} row={row} />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Typography variant="caption" color="text.secondary">
          {t('polling')}
        </Typography>
        <Button onClick={onClose}>{translate('resources.users.actions.close')}</Button>
      </DialogActions>
      <CreateEventDialog user={user} open={creating} onClose={() => setCreating(false)} />
    </Dialog>
  );
}
