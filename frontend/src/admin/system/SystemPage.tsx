/**
 * The 'system' tab: the company's contact details, the design's colours with a live preview, the limits and the
 * staff's two-factor rule, maintenance mode on
 * or off with the message users see, and the webhooks with their delivery log (admin/webhooks). The server enforces the mode (503 to everyone but admins); this only switches it.
 */
import { Alert, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { MaintenanceStatus } from '../../api/types';
import type { AdminDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { useNotifyFailure } from '../useNotifyFailure';
import { ContactCard } from './ContactCard';
import { DesignCard } from './DesignCard';
import { LimitsCard } from './LimitsCard';
import { WebhooksCard } from '../webhooks/WebhooksCard';
import { systemKeys } from './systemDataProvider';

/** The message is at most what the server keeps. */
const MESSAGE_MAX = 1000;

function MaintenanceCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const status = useQuery({ queryKey: systemKeys.maintenance, queryFn: () => dataProvider.maintenanceStatus(), refetchOnMount: 'always' });
  if (status.isError) return <Alert severity="error">{translate('resources.system.maintenance.loadFailed', { message: errorMessage(status.error) })}</Alert>;
  if (!status.data) return null;
  // Keyed by what the server said, so the form starts again from each saved state.
  return <MaintenanceForm key={`${status.data.enabled}:${status.data.message}`} current={status.data} />;
}

function MaintenanceForm({ current }: { current: MaintenanceStatus }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.system.maintenance.${key}`, options);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [enabled, setEnabled] = useState(current.enabled);
  const [message, setMessage] = useState(current.message ?? '');

  const save = useMutation({
    mutationFn: () => dataProvider.setMaintenance(enabled, message),
    onSuccess: (answer) => {
      queryClient.setQueryData(systemKeys.maintenance, answer);
      notify(t('saved'), { type: 'success' });
    },
    onError: (error) => notifyFailure('resources.system.maintenance.changeFailed', error),
  });

  return (
    <Card>
      <CardContent>
        <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), save.mutate())} aria-label={t('title')}>
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Alert severity={current.enabled ? 'warning' : 'success'}>{t(current.enabled ? 'on' : 'off')}</Alert>
          <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('enabled')} />
          <TextField
            label={t('message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            helperText={t('messageHelp', { default: translate('maintenance.defaultMessage') })}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
            multiline
            minRows={2}
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function SystemPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('resources.system.name')} />
      <ContactCard />
      <DesignCard />
      <LimitsCard />
      <MaintenanceCard />
      <WebhooksCard />
    </Stack>
  );
}
