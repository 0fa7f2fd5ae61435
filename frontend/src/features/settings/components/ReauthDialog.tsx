/**
 * The dialog that asks for the password (and a code, with two-factor sign-in) again when a sensitive change answers
 * 403 `reauth_required` (docs/security.md#re-authentication). While it is mounted it is the API client's reauth
 * prompt: after POST /api/user/reauth accepts, the client sends the refused call again; Cancel leaves it undone.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, setReauthPrompt } from '../../../api/client';
import { reauthenticate } from '../sessionsApi';

const CODE_INPUT = { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 32 } as const;

export function ReauthDialog({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Calls refused at the same time wait on one dialog and get one answer.
  const pending = useRef<{ answer: Promise<boolean>; settle: (proved: boolean) => void } | null>(null);

  const close = useCallback((proved: boolean) => {
    pending.current?.settle(proved);
    pending.current = null;
    setOpen(false);
  }, []);

  useEffect(() => {
    const remove = setReauthPrompt(() => {
      if (!pending.current) {
        let settle: (proved: boolean) => void = () => undefined;
        const answer = new Promise<boolean>((resolve) => (settle = resolve));
        pending.current = { answer, settle };
        setPassword('');
        setCode('');
        setError(undefined);
        setOpen(true);
      }
      return pending.current.answer;
    });
    return () => {
      remove();
      close(false);
    };
  }, [close]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return setError(t('reauth.passwordRequired'));
    if (twoFactorEnabled && !code.trim()) return setError(t('reauth.codeRequired'));
    setBusy(true);
    try {
      await reauthenticate(twoFactorEnabled ? { password, code: code.trim() } : { password });
      close(true);
    } catch (failure) {
      setError(errorText(failure, t('common.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => !busy && close(false)} aria-labelledby="reauth-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="reauth-title">{t('reauth.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t(twoFactorEnabled ? 'reauth.introTwoFactor' : 'reauth.intro')}</DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              id="reauth-password"
              type="password"
              autoComplete="current-password"
              label={t('reauth.password')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoFocus
              fullWidth
            />
            {twoFactorEnabled && (
              <TextField id="reauth-code" label={t('reauth.code')} value={code} onChange={(e) => setCode(e.target.value)} slotProps={{ htmlInput: CODE_INPUT }} fullWidth />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('reauth.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
