/** The owner's invitation: an address, co-owner or viewer, and for a viewer whether they see the money. */
import { Alert, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableUrlField } from '../../../shared/components/CopyableUrlField';
import { useToast } from '../../../shared/toast';
import { isValidEmail } from '../../auth';
import type { CreatedInvitation, InvitationInput } from '../propertiesApi';
import { useHouseholdAction } from './useHouseholdAction';

export function InviteForm({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { changes, run } = useHouseholdAction(propertyId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitationInput['role']>('viewer');
  const [canSeeMoney, setCanSeeMoney] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [sent, setSent] = useState<CreatedInvitation>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setInvalid(!isValidEmail(address));
    if (!isValidEmail(address)) return;
    const created = await run(changes.invite, { email: address, role, canSeeMoney: role === 'viewer' ? canSeeMoney : undefined }, 'properties.household.invited');
    if (!created) return;
    setSent(created);
    setEmail('');
  };

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2}>
      <Typography variant="h6" component="h2">{t('properties.household.invite')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('properties.household.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={invalid}
          helperText={invalid ? t('validation.emailInvalid') : undefined}
          fullWidth
        />
        <TextField select label={t('properties.household.role')} value={role} onChange={(e) => setRole(e.target.value as InvitationInput['role'])} sx={{ minWidth: 160 }}>
          <MenuItem value="viewer">{t('properties.roles.viewer')}</MenuItem>
          <MenuItem value="co-owner">{t('properties.roles.co-owner')}</MenuItem>
        </TextField>
      </Stack>
      {role === 'viewer' && (
        <FormControlLabel control={<Checkbox checked={canSeeMoney} onChange={(e) => setCanSeeMoney(e.target.checked)} />} label={t('properties.household.viewerSeesMoney')} />
      )}
      <Button type="submit" variant="contained" disabled={changes.invite.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('properties.household.send')}
      </Button>
      {sent && (
        <Stack spacing={1}>
          <Alert severity={sent.mailed ? 'success' : 'info'}>{t(sent.mailed ? 'properties.household.mailed' : 'properties.household.notMailed', { email: sent.email })}</Alert>
          <CopyableUrlField
            url={sent.link}
            label={t('properties.household.link')}
            copyLabel={t('properties.household.copyLink')}
            onCopy={(url) =>
              navigator.clipboard.writeText(url).then(
                () => toast({ title: t('properties.household.copied'), severity: 'success' }),
                () => toast({ title: t('properties.household.copyFailed'), severity: 'error' }),
              )
            }
          />
        </Stack>
      )}
    </Stack>
  );
}
