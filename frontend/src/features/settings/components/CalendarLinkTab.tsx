/**
 * Settings → Calendar link (docs/product/calendar.md#what-it-is-for): the personal subscription URL with copy and open, its
 * webcal:// twin for one-tap subscription on phones, renewing it (the old link stops working), the .ics export,
 * and how to subscribe in Google Calendar, Apple Calendar and Outlook.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { CopyableUrlField } from '../../../shared/components/CopyableUrlField';
import { useToast } from '../../../shared/toast';
import { EXPORT_ICAL_URL, useCalendarLink, useRenewCalendarLink, webcalUrl } from '../../feeds';

/** The apps with instructions, each with its numbered steps (i18n keys calendarLink.apps.<app>.steps.<n>). */
const APPS = [
  { key: 'google', steps: 4 },
  { key: 'apple', steps: 4 },
  { key: 'outlook', steps: 4 },
] as const;

function Instructions() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {t('calendarLink.instructions.title')}
      </Typography>
      <Typography color="text.secondary">{t('calendarLink.instructions.intro')}</Typography>
      {APPS.map((app) => (
        <Box key={app.key} component="section" aria-labelledby={`calendar-link-${app.key}`}>
          <Typography id={`calendar-link-${app.key}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t(`calendarLink.apps.${app.key}.title`)}
          </Typography>
          <Box component="ol" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
            {Array.from({ length: app.steps }, (_, i) => (
              <Typography key={i} component="li" variant="body2" sx={{ mb: 0.25 }}>
                {t(`calendarLink.apps.${app.key}.steps.${i + 1}`)}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
      <Alert severity="info">{t('calendarLink.instructions.refreshNote')}</Alert>
    </Stack>
  );
}

export function CalendarLinkTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const link = useCalendarLink();
  const renew = useRenewCalendarLink();
  const [confirmRenew, setConfirmRenew] = useState(false);
  const url = link.data?.url ?? '';
  // A person with more than one property also gets one link per property (docs/product/calendar.md#subscriptions).
  const perProperty = (link.data?.properties.length ?? 0) > 1 ? link.data!.properties : [];

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('calendarLink.copied'), severity: 'success' });
    } catch (error) {
      toast({ title: t('calendarLink.copyFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  };

  const onRenew = async () => {
    try {
      await renew.mutateAsync();
      toast({ title: t('calendarLink.renewed'), severity: 'success' });
    } catch (error) {
      toast({ title: t('calendarLink.renewFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    } finally {
      setConfirmRenew(false);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('calendarLink.title')}
        </Typography>
        <Typography color="text.secondary">{t('calendarLink.intro')}</Typography>
        {link.isPending && <CircularProgress size={28} aria-label={t('calendarLink.loading')} />}
        {link.isError && <Alert severity="error">{t('calendarLink.loadFailed', { message: errorText(link.error, t('common.error')) })}</Alert>}
        {url && (
          <>
            <CopyableUrlField
              id="calendar-link-url"
              url={url}
              label={perProperty.length ? t('calendarLink.allLabel') : t('calendarLink.urlLabel')}
              copyLabel={t('calendarLink.copy')}
              onCopy={copy}
            />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => copy(url)}>
                {t('calendarLink.copy')}
              </Button>
              <Button variant="outlined" startIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener noreferrer">
                {t('calendarLink.open')}
              </Button>
              <Button variant="outlined" startIcon={<EventAvailableIcon />} href={webcalUrl(url)}>
                {t('calendarLink.subscribe')}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('calendarLink.subscribeHelp')}
            </Typography>
            <Alert severity="warning">{t('calendarLink.privateNote')}</Alert>
          </>
        )}
      </Stack>

      {perProperty.length > 0 && (
        <Stack spacing={1.5} component="section" aria-labelledby="calendar-link-per-property">
          <Typography id="calendar-link-per-property" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('calendarLink.perProperty.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('calendarLink.perProperty.intro')}
          </Typography>
          {perProperty.map((p) => (
            <Stack key={p.propertyId} spacing={0.5}>
              <CopyableUrlField id={`calendar-link-property-${p.propertyId}`} url={p.url} label={p.name} copyLabel={t('calendarLink.copy')} onCopy={copy} />
              <Button size="small" startIcon={<EventAvailableIcon />} href={webcalUrl(p.url)} sx={{ alignSelf: 'flex-start' }}>
                {t('calendarLink.perProperty.subscribe', { name: p.name })}
              </Button>
            </Stack>
          ))}
        </Stack>
      )}

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} href={EXPORT_ICAL_URL} target="_blank" rel="noopener">
          {t('calendarLink.export')}
        </Button>
        <Button variant="outlined" color="warning" startIcon={<RefreshIcon />} onClick={() => setConfirmRenew(true)} disabled={!url}>
          {t('calendarLink.renew')}
        </Button>
      </Stack>

      <Divider />
      <Instructions />

      <Dialog open={confirmRenew} onClose={() => setConfirmRenew(false)} aria-labelledby="calendar-link-renew-title">
        <DialogTitle id="calendar-link-renew-title">{t('calendarLink.renewConfirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('calendarLink.renewConfirm.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRenew(false)}>{t('common.cancel')}</Button>
          <Button color="warning" variant="contained" onClick={onRenew} disabled={renew.isPending}>
            {t('calendarLink.renewConfirm.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
