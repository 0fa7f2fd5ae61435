/**
 * /user/agreements, 'Mine avtaler med admin' (docs/product/agreements.md#screens): the chosen property's upcoming meetings
 * (scheduled, not past) and earlier ones (cancelled dimmed), scheduled first and then the newest first; a person with
 * more than one property chooses which (docs/product/properties.md#choosing-a-property).
 */
import { Alert, Card, CardActionArea, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Agreement } from '../../api/types';
import { formatDate, formatTime } from '../../shared/dateFormats';
import { PropertySwitcher, useChosenProperty } from '../properties';
import { splitAgreements, useAgreements } from './agreementsApi';
import { StatusBadge } from './components/StatusBadge';

function AgreementCard({ agreement: a }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const when = new Date(a.meetingDate);
  return (
    <Card variant="outlined" sx={{ opacity: a.status === 'cancelled' ? 0.55 : 1 }} data-testid="agreement-card">
      <CardActionArea component={RouterLink} to={`/user/agreements/${a.id}`}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h3">
              {a.title}
            </Typography>
            <StatusBadge status={a.status} />
          </Stack>
          <Typography color="text.secondary">
            {formatDate(when)} {formatTime(when)} · {a.meetingLocation || t('agreements.noLocation')}
          </Typography>
          {a.description && (
            <Typography sx={{ mt: 1, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{a.description}</Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Group({ title, list }: { title: string; list: Agreement[] }) {
  if (!list.length) return null;
  return (
    <Stack spacing={1} component="section">
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {list.map((a) => (
        <AgreementCard key={a.id} agreement={a} />
      ))}
    </Stack>
  );
}

export function AgreementsPage() {
  const { t } = useTranslation();
  const chosen = useChosenProperty();
  const agreements = useAgreements(chosen.id);
  const { upcoming, earlier } = splitAgreements(agreements.data ?? [], new Date());
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('agreements.title')}
        </Typography>
        {chosen.properties.length > 1 && chosen.shown && (
          <Suspense fallback={null}>
            <PropertySwitcher size="small" properties={chosen.properties} value={chosen.shown.id} onChange={chosen.choose} />
          </Suspense>
        )}
      </Stack>
      {agreements.isPending && <CircularProgress aria-label={t('agreements.title')} />}
      {agreements.isError && <Alert severity="error">{t('agreements.loadFailed')}</Alert>}
      {agreements.data?.length === 0 && <Typography color="text.secondary">{t('agreements.empty')}</Typography>}
      <Group title={t('agreements.upcoming')} list={upcoming} />
      <Group title={t('agreements.earlier')} list={earlier} />
    </Stack>
  );
}
