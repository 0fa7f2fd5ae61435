/**
 * One agreement (docs/product/agreements.md#screens): back, title, status, the counterpart (the owner for staff, the admin for
 * the owner), date, time, place and description, then the notes. 'Ugyldig avtale-ID' for a bad id, 'Avtale ikke
 * funnet' for one that does not exist (or is not the reader's).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { formatDate, formatTime } from '../../../shared/dateFormats';
import { useAgreement } from '../agreementsApi';
import { NotesSection } from './NotesSection';
import { StatusBadge } from './StatusBadge';

/**
 * Who reads: their id and roles decide the counterpart shown and which notes they may write; `viewerOf` the properties
 * they only view (a viewer writes no note: docs/product/agreements.md#who-may-do-what).
 */
export interface AgreementViewer {
  id: number;
  isAdmin: boolean;
  isMiniAdmin: boolean;
  viewerOf?: readonly number[];
}

export function AgreementDetail({ id, viewer, onBack }: { id: number | null; viewer: AgreementViewer; onBack: () => void }) {
  const { t } = useTranslation();
  const agreement = useAgreement(id);
  const staff = viewer.isAdmin || viewer.isMiniAdmin;

  const back = (
    <Box>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
        {t('agreements.back')}
      </Button>
    </Box>
  );
  if (id === null) return <Stack spacing={2}>{back}<Alert severity="error">{t('agreements.invalidId')}</Alert></Stack>;
  if (agreement.isPending) return <CircularProgress aria-label={t('agreements.title')} />;
  if (agreement.isError) {
    const missing = agreement.error instanceof ApiError && agreement.error.status === 404;
    return <Stack spacing={2}>{back}<Alert severity="error">{missing ? t('agreements.notFound') : t('agreements.loadFailed')}</Alert></Stack>;
  }
  const a = agreement.data;
  const when = new Date(a.meetingDate);
  const counterpart = staff ? { label: t('agreements.user'), name: a.userName } : { label: t('agreements.admin'), name: a.adminName };
  return (
    <Stack spacing={2}>
      {back}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, opacity: a.status === 'cancelled' ? 0.7 : 1 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1">
              {a.title}
            </Typography>
            <StatusBadge status={a.status} />
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0 } }}>
            <Typography component="dt" color="text.secondary">{counterpart.label}</Typography>
            <Typography component="dd">{counterpart.name ?? '—'}</Typography>
            <Typography component="dt" color="text.secondary">{t('agreements.date')}</Typography>
            <Typography component="dd">{formatDate(when)}</Typography>
            <Typography component="dt" color="text.secondary">{t('agreements.time')}</Typography>
            <Typography component="dd">{formatTime(when)}{a.endDate ? ` – ${formatTime(new Date(a.endDate))}` : ''}</Typography>
            <Typography component="dt" color="text.secondary">{t('agreements.location')}</Typography>
            <Typography component="dd">{a.meetingLocation || t('agreements.noLocation')}</Typography>
            <Typography component="dt" color="text.secondary">{t('agreements.type')}</Typography>
            <Typography component="dd">{t(`agreements.types.${a.meetingType}`)}</Typography>
          </Box>
          {a.description && (
            <>
              <Divider />
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{a.description}</Typography>
            </>
          )}
        </Stack>
      </Paper>
      <NotesSection
        agreementId={a.id}
        canWrite={viewer.isAdmin || (!staff && !viewer.viewerOf?.includes(a.propertyId!))}
        canWritePrivate={viewer.isAdmin}
      />
    </Stack>
  );
}
