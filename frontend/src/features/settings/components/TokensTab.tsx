/**
 * Settings → API tokens (docs/product/auth-and-users.md#api-tokens): the person's tokens for programs (name, scopes,
 * made, expires, last used), a form to make one (behind the re-authentication dialog when the password is more than
 * 10 minutes old), the new token shown once with a copy button, and revoking with a confirmation. Loads with its tab.
 */
import { Alert, Box, Button, Checkbox, Chip, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ReauthCancelled } from '../../../api/client';
import type { ApiTokenScope, CreatedApiToken } from '../../../api/types';
import { laterPartLoaded } from '../../../i18n/laterPart';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { CopyableUrlField } from '../../../shared/components/CopyableUrlField';
import { formatDateTime } from '../../../shared/dateFormats';
import { useToast } from '../../../shared/toast';
import { createApiToken, revokeApiToken, scopesFor, tokensKeys, useApiTokens } from '../tokensApi';

// The tab's texts come with this chunk, not with the settings page (i18n/catalogueParts.ts).
const textsLoaded = await laterPartLoaded('later');

const DEFAULT_DAYS = '30';

interface FormErrors {
  name?: string;
  scopes?: string;
  days?: string;
}

export function TokensTab({ user }: { user: { isAdmin: boolean; isMiniAdmin: boolean } }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const tokens = useApiTokens();
  const offered = scopesFor(user);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [errors, setErrors] = useState<FormErrors>({});
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensKeys.list });
  const create = useMutation({
    mutationFn: createApiToken,
    onSuccess: (token) => {
      setCreated(token);
      setName('');
      setScopes([]);
      setDays(DEFAULT_DAYS);
      return refresh();
    },
    onError: (error) => {
      if (error instanceof ReauthCancelled) return;
      toast({ title: t('apiTokens.createFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (answer) => {
      toast({ title: t('apiTokens.revoked'), description: answer.message, severity: 'success' });
      setRevoking(null);
      return refresh();
    },
    onError: (error) => toast({ title: t('apiTokens.revokeFailed'), description: errorText(error, t('common.error')), severity: 'error' }),
  });

  if (!textsLoaded) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const expiresInDays = Number(days);
    const found: FormErrors = {
      name: name.trim() ? undefined : t('apiTokens.nameRequired'),
      scopes: scopes.length ? undefined : t('apiTokens.scopesRequired'),
      days: Number.isInteger(expiresInDays) && expiresInDays >= 1 && expiresInDays <= 365 ? undefined : t('apiTokens.daysRange'),
    };
    setErrors(found);
    if (found.name || found.scopes || found.days) return;
    create.mutate({ name: name.trim(), scopes, expiresInDays });
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('apiTokens.copied'), severity: 'success' });
    } catch (error) {
      toast({ title: t('apiTokens.copyFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  };

  const toggle = (scope: ApiTokenScope, on: boolean) => setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));
  // Expired as of when the list was read (rendering stays pure).
  const readAt = tokens.dataUpdatedAt;

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography>{t('apiTokens.intro')}</Typography>

      {created && (
        <Alert severity="warning">
          <Stack spacing={1.5}>
            <Typography sx={{ fontWeight: 600 }}>{t('apiTokens.createdTitle', { name: created.name })}</Typography>
            <Typography>{t('apiTokens.createdWarning')}</Typography>
            <CopyableUrlField id="api-token-created" url={created.token} label={t('apiTokens.tokenLabel')} copyLabel={t('apiTokens.copy')} onCopy={copy} />
            <Stack direction="row">
              <Button variant="outlined" onClick={() => setCreated(null)}>
                {t('apiTokens.done')}
              </Button>
            </Stack>
          </Stack>
        </Alert>
      )}

      <Box>
        <Typography variant="h6" component="h2" id="api-tokens-list">
          {t('apiTokens.listTitle')}
        </Typography>
        {tokens.isError && <Alert severity="error">{errorText(tokens.error, t('common.error'))}</Alert>}
        {tokens.data?.length === 0 && <Typography sx={{ mt: 1 }}>{t('apiTokens.empty')}</Typography>}
        {!!tokens.data?.length && (
          <List aria-labelledby="api-tokens-list">
            {tokens.data.map((token) => {
              const expired = new Date(token.expiresAt).getTime() <= readAt;
              return (
                <ListItem
                  key={token.id}
                  divider
                  secondaryAction={
                    <Button color="error" onClick={() => setRevoking({ id: token.id, name: token.name })} aria-label={t('apiTokens.revokeNamed', { name: token.name })}>
                      {t('apiTokens.revoke')}
                    </Button>
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={`${token.name} · ${token.tokenStart}…${expired ? ` (${t('apiTokens.expired')})` : ''}`}
                    secondary={
                      <Stack component="span" spacing={0.5} sx={{ display: 'flex' }}>
                        <Stack component="span" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                          {token.scopes.map((scope) => (
                            <Chip key={scope} component="span" size="small" label={scope} />
                          ))}
                        </Stack>
                        <span>
                          {t('apiTokens.dates', {
                            created: formatDateTime(token.createdAt) ?? '',
                            expires: formatDateTime(token.expiresAt) ?? '',
                            lastUsed: formatDateTime(token.lastUsedAt) ?? t('apiTokens.neverUsed'),
                          })}
                        </span>
                      </Stack>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>

      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="api-tokens-new">
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id="api-tokens-new">
            {t('apiTokens.newTitle')}
          </Typography>
          <TextField
            id="api-token-name"
            label={t('apiTokens.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name ?? t('apiTokens.nameHelp')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            fullWidth
          />
          <FormControl error={!!errors.scopes} component="fieldset" variant="standard">
            <FormLabel component="legend">{t('apiTokens.scopes')}</FormLabel>
            <FormGroup>
              {offered.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={<Checkbox checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />}
                  label={`${scope}: ${t(`apiTokens.scope.${scope.replace(':', '_')}`)}`}
                />
              ))}
            </FormGroup>
            {errors.scopes && <FormHelperText>{errors.scopes}</FormHelperText>}
          </FormControl>
          <TextField
            id="api-token-days"
            type="number"
            label={t('apiTokens.days')}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={!!errors.days}
            helperText={errors.days ?? t('apiTokens.daysHelp')}
            slotProps={{ htmlInput: { min: 1, max: 365, step: 1, inputMode: 'numeric' } }}
            sx={{ maxWidth: 240 }}
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {t('apiTokens.create')}
            </Button>
          </Stack>
        </Stack>
      </Box>

      <ConfirmDialog
        open={revoking !== null}
        title={t('apiTokens.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('apiTokens.revokeText')}
        confirmLabel={t('apiTokens.revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
