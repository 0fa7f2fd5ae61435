/**
 * Settings → Two-factor (docs/security.md, Two-factor sign-in): turn it on with an authenticator app (a QR code, and
 * the secret as text beside it for typing in by hand), confirm with a code, keep the ten recovery codes shown once;
 * or turn it off, which asks for the password and a code in the re-authentication dialog first.
 */
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ReauthCancelled } from '../../../api/client';
import type { TwoFactorSetup } from '../../../api/types';
import { useToast } from '../../../shared/toast';
import { useDisableTwoFactor, useEnableTwoFactor, useTwoFactorSetup, useTwoFactorStatus } from '../twoFactorApi';
import { QrCode } from './QrCode';

/** The code field: a phone shows digits, and a browser may fill in a code it received. */
const CODE_INPUT = { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 32 } as const;

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('twoFactor.recovery.copied'), severity: 'success' });
    } catch {
      toast({ title: t('twoFactor.recovery.copyFailed'), severity: 'error' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('twoFactor.recovery.fileTitle')}\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'eierportal-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('twoFactor.recovery.intro')}</Alert>
      <Box component="ol" data-testid="recovery-codes" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, m: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {t('twoFactor.recovery.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('twoFactor.recovery.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('twoFactor.recovery.done')}
        </Button>
      </Stack>
    </Stack>
  );
}

function Setup({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    try {
      const { recoveryCodes } = await enable.mutateAsync(code.trim());
      onEnabled(recoveryCodes);
    } catch (failure) {
      // Cancelled in the re-authentication dialog: the setup stays open for another try.
      if (failure instanceof ReauthCancelled) return;
      setError(errorText(failure, t('common.error')));
    }
  };
  return (
    <Stack spacing={2}>
      <Typography>{t('twoFactor.setup.scan')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <QrCode text={setup.otpauthUrl} label={t('twoFactor.setup.qrLabel')} />
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('twoFactor.setup.manual')}
          </Typography>
          <Typography data-testid="two-factor-secret" sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all' }}>
            {setup.secret}
          </Typography>
        </Box>
      </Stack>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2} sx={{ maxWidth: 360 }}>
          <TextField
            id="two-factor-enable-code"
            label={t('twoFactor.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            slotProps={{ htmlInput: CODE_INPUT }}
            error={!!error}
            helperText={error}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={enable.isPending}>
              {t('twoFactor.setup.confirm')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Stack>
  );
}

function Disable() {
  const { t } = useTranslation();
  const toast = useToast();
  const disable = useDisableTwoFactor();
  const [error, setError] = useState<string | undefined>();
  // The proof (password and code) is the re-authentication dialog's, which the server's 403 opens.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await disable.mutateAsync();
      toast({ title: t('twoFactor.disable.done'), severity: 'success' });
    } catch (failure) {
      if (failure instanceof ReauthCancelled) return;
      setError(errorText(failure, t('common.error')));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2} sx={{ maxWidth: 360 }}>
        <Typography variant="h6" component="h2">
          {t('twoFactor.disable.title')}
        </Typography>
        <Typography>{t('twoFactor.disable.intro')}</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" color="error" disabled={disable.isPending}>
            {t('twoFactor.disable.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function TwoFactorTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const status = useTwoFactorStatus();
  const start = useTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (!status.data) return null;

  const begin = async () => {
    try {
      setSetup(await start.mutateAsync());
    } catch (failure) {
      if (failure instanceof ReauthCancelled) return;
      toast({ title: t('twoFactor.setup.failed'), description: errorText(failure, t('common.error')), severity: 'error' });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>{t('twoFactor.intro')}</Typography>
      {status.data.enabled ? (
        <>
          <Alert severity="success">{t('twoFactor.on', { count: status.data.recoveryCodesLeft })}</Alert>
          <Disable />
        </>
      ) : (
        <>
          {status.data.required && <Alert severity="warning">{t('twoFactor.requiredForStaff')}</Alert>}
          {setup ? (
            <Setup setup={setup} onEnabled={(codes) => { setSetup(null); setRecoveryCodes(codes); }} />
          ) : (
            <Box>
              <Button variant="contained" onClick={() => void begin()} disabled={start.isPending}>
                {t('twoFactor.setup.start')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
