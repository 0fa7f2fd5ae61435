/**
 * The staff member's own personal iCal link (GET /api/user/calendar-link), with copy and open-in-new-tab, as the
 * settings page's Calendar link tab shows it. Renewing stays on the settings page, where its owner manages it.
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { CopyableUrlField } from '../../shared/components/CopyableUrlField';
import type { AdminDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { icalKeys } from './icalDataProvider';

export function CalendarLinkCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  // One retry, not react-query's three with back-off: a failure should show within a couple of seconds.
  const link = useQuery({ queryKey: icalKeys.ownCalendarLink, queryFn: () => dataProvider.ownCalendarLink(), retry: 1 });
  const t = (key: string, options?: object) => translate(`resources.ical.link.${key}`, options);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify('resources.ical.link.copied', { type: 'success' });
    } catch (error) {
      notify('resources.ical.link.copyFailed', { type: 'error', messageArgs: { message: errorMessage(error) } });
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label={t('title')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('intro')}
        </Typography>
        {link.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('loadFailed', { message: errorMessage(link.error) })}
          </Alert>
        ) : !link.data ? (
          <Box sx={{ py: 2 }}>
            <CircularProgress size={24} aria-label={t('loading')} />
          </Box>
        ) : (
          <>
            <CopyableUrlField url={link.data.url} label={t('url')} copyLabel={t('copy')} onCopy={copy} margin="normal" />
            <Button size="small" startIcon={<OpenInNewIcon />} href={link.data.url} target="_blank" rel="noopener noreferrer">
              {t('open')}
            </Button>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('privateNote')}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
