/**
 * The least a login page can be on the stack: a heading, two fields and a button that posts them. No session
 * check, toasts, maintenance gate, preferences, hero or support details, and no react-query.
 */
import { Button, OutlinedInput, Paper, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mountBarePage } from './bare';

function BareLogin() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  };
  return (
    <Paper component="form" onSubmit={submit} sx={{ p: 3, maxWidth: 400, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('app.name')}
        </Typography>
        <OutlinedInput value={username} onChange={(event) => setUsername(event.target.value)} inputProps={{ 'aria-label': t('login.email') }} />
        <OutlinedInput type="password" value={password} onChange={(event) => setPassword(event.target.value)} inputProps={{ 'aria-label': t('login.password') }} />
        <Button type="submit" variant="contained">
          {t('login.signIn')}
        </Button>
      </Stack>
    </Paper>
  );
}

await mountBarePage(<BareLogin />);
