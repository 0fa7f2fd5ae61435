/**
 * The System page's webhooks (docs/product/webhooks.md#the-back-office): the endpoints with the events they hear, a
 * new one (its secret shown once, with a copy button), a change of address, events, description or on/off, a new
 * secret, a test delivery, removal, and each endpoint's delivery log with its last answer, duration and next try and
 * "send again". Admins only, as the whole page. Part of the System page's chunk, which loads on demand: its texts are
 * the catalogue's later part, awaited here.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { laterPartLoaded } from '../../i18n/laterPart';
import { formatDateTime } from '../formatDate';
import { errorMessage } from '../httpClient';
import { useNotifyFailure } from '../useNotifyFailure';
import { useWebhooksApi, webhooksKeys, type Webhook, type WebhookDelivery, type WebhookWithSecret } from './webhooksApi';

const textsLoaded = await laterPartLoaded('later');

/** The event types an endpoint may hear, as the server lists them (docs/product/webhooks.md#events). */
export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'event.created',
  'event.updated',
  'event.deleted',
  'case.created',
  'case.message',
  'payout.created',
  'payout.updated',
  'agreement.created',
  'agreement.updated',
  'conflict.detected',
] as const;

function useTexts() {
  const translate = useTranslate();
  return (key: string, options?: object) => translate(`webhooks.${key}`, options);
}

/** What the form edits; `null` while closed, `{}` for a new endpoint. */
interface Editing {
  webhook?: Webhook;
}

export function WebhooksCard() {
  const t = useTexts();
  const api = useWebhooksApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const list = useQuery({ queryKey: webhooksKeys.all, queryFn: () => api.list() });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all });

  const remove = useMutation({
    mutationFn: (id: number) => api.remove(id),
    onSuccess: () => (notify(t('deleted'), { type: 'success' }), refresh()),
    onError: (error) => notifyFailure('webhooks.failed', error),
  });
  const rotate = useMutation({
    mutationFn: (id: number) => api.rotateSecret(id),
    onSuccess: setSecret,
    onError: (error) => notifyFailure('webhooks.failed', error),
  });
  const test = useMutation({
    mutationFn: (id: number) => api.test(id),
    onSuccess: (_delivery, id) => {
      notify(t('testSent'), { type: 'success' });
      setLogOf(id);
      void queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(id) });
    },
    onError: (error) => notifyFailure('webhooks.failed', error),
  });

  if (!textsLoaded) return null;
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {t('title')}
            </Typography>
            <Button variant="contained" onClick={() => setEditing({})}>
              {t('add')}
            </Button>
          </Stack>
          <Typography variant="body2">{t('intro')}</Typography>
          {list.isError && <Alert severity="error">{t('loadFailed', { message: errorMessage(list.error) })}</Alert>}
          {list.data?.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
          {list.data?.map((webhook) => (
            <Box key={webhook.id} component="section" aria-label={webhook.url} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Stack spacing={1}>
                <Typography sx={{ wordBreak: 'break-all', fontWeight: 500 }}>{webhook.url}</Typography>
                {webhook.description && <Typography variant="body2">{webhook.description}</Typography>}
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  <Chip size="small" color={webhook.enabled ? 'success' : 'default'} label={t(webhook.enabled ? 'enabled' : webhook.disabledReason === 'failing' ? 'disabledFailing' : 'disabled')} />
                  {webhook.events.map((e) => (
                    <Chip key={e} size="small" variant="outlined" label={e} />
                  ))}
                </Stack>
                {webhook.failingSince && webhook.enabled && <Alert severity="warning">{t('failingSince', { since: formatDateTime(webhook.failingSince) })}</Alert>}
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button size="small" onClick={() => setEditing({ webhook })}>
                    {t('edit')}
                  </Button>
                  <Button size="small" onClick={() => test.mutate(webhook.id)} disabled={test.isPending}>
                    {t('test')}
                  </Button>
                  <Button size="small" onClick={() => setLogOf(logOf === webhook.id ? null : webhook.id)} aria-expanded={logOf === webhook.id}>
                    {t('log')}
                  </Button>
                  <Button size="small" onClick={() => rotate.mutate(webhook.id)} disabled={rotate.isPending}>
                    {t('rotate')}
                  </Button>
                  <Button size="small" color="error" onClick={() => window.confirm(t('confirmDelete', { url: webhook.url })) && remove.mutate(webhook.id)}>
                    {t('delete')}
                  </Button>
                </Stack>
                {logOf === webhook.id && <DeliveryLog webhookId={webhook.id} />}
              </Stack>
            </Box>
          ))}
        </Stack>
      </CardContent>
      {editing && (
        <WebhookForm
          webhook={editing.webhook}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void refresh();
            if ('secret' in saved) setSecret(saved as WebhookWithSecret);
            else notify(t('saved'), { type: 'success' });
          }}
        />
      )}
      {secret && <SecretDialog webhook={secret} onClose={() => (setSecret(null), void refresh())} />}
    </Card>
  );
}

function WebhookForm({ webhook, onClose, onSaved }: { webhook?: Webhook; onClose: () => void; onSaved: (saved: Webhook | WebhookWithSecret) => void }) {
  const t = useTexts();
  const translate = useTranslate();
  const api = useWebhooksApi();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      webhook
        ? api.update(webhook.id, { url, description, events, enabled })
        : api.create({ url, description: description || undefined, events }),
    onSuccess: onSaved,
    onError: (e) => setError(errorMessage(e)),
  });
  const toggle = (event: string, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} aria-label={t(webhook ? 'editTitle' : 'addTitle')}>
        <DialogTitle>{t(webhook ? 'editTitle' : 'addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField label={t('url')} value={url} onChange={(e) => setUrl(e.target.value)} required helperText={t('urlHelp')} slotProps={{ htmlInput: { maxLength: 2000 } }} />
            <TextField label={t('description')} value={description} onChange={(e) => setDescription(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
            <FormGroup>
              <FormLabel component="legend">{t('events')}</FormLabel>
              {WEBHOOK_EVENTS.map((event) => (
                <FormControlLabel key={event} control={<Checkbox checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />} label={`${event}: ${t(`eventTypes.${event.replace('.', '_')}`)}`} />
              ))}
            </FormGroup>
            {webhook && <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('enabledSwitch')} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || events.length === 0}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The secret, shown once: after a create or a rotation. */
function SecretDialog({ webhook, onClose }: { webhook: WebhookWithSecret; onClose: () => void }) {
  const t = useTexts();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      notify(t('copied'), { type: 'success' });
    } catch (error) {
      notify(t('copyFailed', { message: errorMessage(error) }), { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('secretOnce')}</Alert>
          <TextField label={t('secret')} value={webhook.secret} slotProps={{ htmlInput: { readOnly: true } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{t('copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryLog({ webhookId }: { webhookId: number }) {
  const t = useTexts();
  const api = useWebhooksApi();
  const queryClient = useQueryClient();
  const notifyFailure = useNotifyFailure();
  const log = useQuery({ queryKey: webhooksKeys.deliveries(webhookId), queryFn: () => api.deliveries(webhookId) });
  const again = useMutation({
    mutationFn: (delivery: WebhookDelivery) => api.redeliver(webhookId, delivery.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(webhookId) }),
    onError: (error) => notifyFailure('webhooks.failed', error),
  });
  if (log.isError) return <Alert severity="error">{t('loadFailed', { message: errorMessage(log.error) })}</Alert>;
  if (!log.data) return null;
  if (log.data.length === 0) return <Typography color="text.secondary">{t('noDeliveries')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('logTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.event')}</TableCell>
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell>{t('fields.code')}</TableCell>
            <TableCell>{t('fields.duration')}</TableCell>
            <TableCell>{t('fields.attempts')}</TableCell>
            <TableCell>{t('fields.lastAttempt')}</TableCell>
            <TableCell>{t('fields.nextAttempt')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {log.data.map((d) => (
            <TableRow key={d.id}>
              <TableCell>{d.eventType}</TableCell>
              <TableCell title={d.lastError ?? undefined}>{t(`status.${d.status}`)}</TableCell>
              <TableCell>{d.lastResponseStatus ?? (d.lastError ? t('noAnswer') : '')}</TableCell>
              <TableCell>{d.lastDurationMs === null ? '' : t('ms', { ms: d.lastDurationMs })}</TableCell>
              <TableCell>{d.attempts}</TableCell>
              <TableCell>{formatDateTime(d.lastAttemptAt) ?? ''}</TableCell>
              <TableCell>{formatDateTime(d.nextAttemptAt) ?? ''}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => again.mutate(d)} disabled={again.isPending}>
                  {t('sendAgain')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
