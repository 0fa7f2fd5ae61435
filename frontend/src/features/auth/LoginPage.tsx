/**
 * /auth (docs/product/auth-and-users.md#screens): hero with the product's features, the sign-in form, preference switches, a
 * clear-cache button and customer-service details. A logged-in visitor never gets here (LoginRoute.tsx).
 */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import SyncIcon from '@mui/icons-material/Sync';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesign } from '../../shared/design';
import { needsCode, useLogin } from '../../shared/sessionApi';
import { lazyNamed } from '../../shared/lazyNamed';
import { errorText, type SentAnswer } from '../../api/client';
import { DeviceSwitch } from '../../shared/components/DeviceSwitch';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch';
import { clearBrowserData } from '../../shared/storage';
import { SupportContact } from '../../shared/components/SupportContact';
import { useToast } from '../../shared/toast';
import { LoginFields } from './LoginFields';
import { LOGIN_PAGE_ATTRIBUTE, readLoginShell, removeLoginShell, replayShellClicks, restoreShellFocus } from './loginShell';
import { useLoginForm } from './useLoginForm';
import { oweLoginWelcome } from '../../shared/loginWelcome';

const CodeStep = lazyNamed(() => import('./CodeStep'), 'CodeStep');

/** The page reloads this long after a cache clear, so the success message can be read (docs/product/auth-and-users.md#validation-and-limits). */
export const RELOAD_AFTER_CLEAR_MS = 1500;

const FEATURES = [
  { icon: CalendarMonthIcon, key: 'personalCalendar' },
  { icon: ViewWeekIcon, key: 'multipleViews' },
  { icon: SyncIcon, key: 'ical' },
] as const;

function Hero() {
  const { t } = useTranslation();
  const textColor = useDesign()['frontPage.textColor'];
  return (
    <Stack spacing={3} sx={{ color: textColor ?? 'common.white' }}>
      <Typography variant="h3" component="p" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('app.name')}
      </Typography>
      <Typography variant="h6" component="p">
        {t('login.tagline')}
      </Typography>
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {FEATURES.map(({ icon: Icon, key }) => (
          <Stack key={key} component="li" direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Icon fontSize="large" />
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{t(`login.features.${key}.title`)}</Typography>
              <Typography variant="body2" sx={{ opacity: 0.9 }}>
                {t(`login.features.${key}.text`)}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const login = useLogin();
  const [codeStep, setCodeStep] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A login the prerendered page sent on a press before this form took it over: its answer is this submit's.
  const sentLoginRef = useRef<Promise<SentAnswer> | null>(null);
  // Checked on submit only (docs/product/auth-and-users.md#validation-and-limits).
  const form = useLoginForm(async ({ email, password }) => {
    const sent = sentLoginRef.current;
    sentLoginRef.current = null;
    // mutateAsync, not mutate's callbacks: the page unmounts (redirect) as soon as the user is cached.
    try {
      const user = await login.mutateAsync(sent ? { sent } : { username: email.trim(), password });
      if (needsCode(user)) {
        setCodeStep(true);
        return;
      }
      // Shown by the first signed-in screen once it has drawn (shared/loginWelcome.ts).
      oweLoginWelcome({ sent: !!sent });
    } catch (error) {
      toast({ title: t('auth.loginFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  });

  // A first visit's prerendered form (loginShell.ts) is taken over as this form is put on the page, before the
  // browser draws: what was typed, the caret, the other buttons pressed there, and a press of 'Logg inn'.
  const { replaceValues, submit } = form;
  useLayoutEffect(() => {
    const shell = readLoginShell();
    const element = formRef.current;
    if (!shell || !element) return;
    removeLoginShell();
    replaceValues(shell.values);
    restoreShellFocus(element, shell.focused);
    replayShellClicks(element, shell.clicks);
    if (!shell.pressed) return;
    sentLoginRef.current = shell.sentLogin;
    void submit(shell.values, element);
  }, [replaceValues, submit]);

  if (codeStep) {
    return (
      <Suspense fallback={null}>
        <CodeStep onCancel={() => setCodeStep(false)} onSignedIn={() => oweLoginWelcome({ sent: false })} />
      </Suspense>
    );
  }

  return (
    // method="post": a press in the prerendered page before its script ran never puts the password in the address.
    <Box component="form" ref={formRef} method="post" noValidate onSubmit={form.onSubmit} aria-label={t('login.formLabel')}>
      <Stack spacing={2}>
        <LoginFields idPrefix="login" form={form} labels={{ email: t('login.email'), password: t('login.password') }} />
        {/* data-busy-label: what the prerendered page's script shows on a press kept for the app (frontend/boot/login-shell.js). */}
        <Button type="submit" variant="contained" size="large" disabled={login.isPending} data-busy-label={t('login.signingIn')}>
          {login.isPending ? t('login.signingIn') : t('login.signIn')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('login.accountsByAdmin')}
        </Typography>
      </Stack>
    </Box>
  );
}

function ClearCacheButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await clearBrowserData();
      toast({ title: t('cache.cleared'), description: t('cache.reloading'), severity: 'success' });
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_CLEAR_MS);
    } catch (error) {
      console.error(error);
      toast({ title: t('cache.clearFailed'), description: t('cache.clearFailedText'), severity: 'error' });
      setBusy(false);
    }
  };

  return (
    <Button size="small" variant="text" onClick={onClick} disabled={busy}>
      {t('cache.clear')}
    </Button>
  );
}

/** The login page; its route (LoginRoute.tsx) has sent a signed-in visitor on before it loads. */
export function LoginPage() {
  const [now] = useState(() => new Date());
  return <LoginLayout now={now} />;
}

/**
 * The page itself; the front page's colours are the design's (staff set them in the back office). Without `now`
 * (the page prerendered at build time, prerenderLoginShell.tsx) the footer with today's date is left out.
 */
export function LoginLayout({ now }: { now?: Date }) {
  const { t } = useTranslation();
  const background = useDesign()['frontPage.backgroundColor'];

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.100' }} {...{ [LOGIN_PAGE_ATTRIBUTE]: '' }}>
      <Box sx={{ flexGrow: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box
          sx={{
            background: background ?? 'linear-gradient(135deg, #1d4ed8 0%, #0f766e 100%)',
            p: { xs: 3, md: 6 },
            display: 'flex',
            alignItems: 'center',
          }}
        >
          <Hero />
        </Box>
        <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, display: 'flex', alignItems: 'center' }}>
          <Stack spacing={3} sx={{ width: '100%' }}>
            <Paper sx={{ p: { xs: 3, sm: 4 } }} elevation={2}>
              <Stack spacing={3}>
                <Box>
                  <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
                    {t('login.welcome')}
                  </Typography>
                  <Typography color="text.secondary">{t('login.subtitle')}</Typography>
                </Box>
                <LoginForm />
              </Stack>
            </Paper>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <LanguageSwitch />
              <DeviceSwitch />
              <ClearCacheButton />
            </Stack>
            <Paper sx={{ p: 3 }} variant="outlined">
              <SupportContact />
            </Paper>
          </Stack>
        </Container>
      </Box>
      {now && (
        <Box component="footer" sx={{ py: 2, px: 3, display: 'flex', justifyContent: 'space-between', color: 'text.secondary' }}>
          <Typography variant="body2">{t('login.footer', { year: now.getFullYear() })}</Typography>
          <Typography variant="body2">{t('login.version', { month: now.getMonth() + 1, day: now.getDate() })}</Typography>
        </Box>
      )}
    </Box>
  );
}
