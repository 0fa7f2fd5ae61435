/**
 * /settings (docs/product/auth-and-users.md#screens). Tabs: Profile, Password, Two-factor, Sessions, API tokens, Activity, Household, Calendar link and Notifications (sounds). The open tab
 * is in the address (?tab=calendarLink), so other screens can link straight to one and a reload keeps it.
 */
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { lazyNamed } from '../../shared/lazyNamed';
import { isUnconfirmedUser, useCurrentUser } from '../../shared/sessionApi';
import { HouseholdTab } from '../properties';
import { ActivityTab } from './components/ActivityTab';
import { CalendarLinkTab } from './components/CalendarLinkTab';
import { NotificationsTab } from './components/NotificationsTab';
import { PasswordTab } from './components/PasswordTab';
import { ProfileTab } from './components/ProfileTab';
import { ReauthDialog } from './components/ReauthDialog';
import { SessionsTab } from './components/SessionsTab';
import { TwoFactorTab } from './components/TwoFactorTab';

/** Loads with its tab: its texts are in the catalogue's later part (i18n/catalogueParts.ts). */
const TokensTab = lazyNamed(() => import('./components/TokensTab'), 'TokensTab');

const TABS = ['profile', 'password', 'twoFactor', 'sessions', 'apiTokens', 'activity', 'household', 'calendarLink', 'notifications'] as const;
type SettingsTab = (typeof TABS)[number];

const isSettingsTab = (value: string | null): value is SettingsTab => TABS.includes(value as SettingsTab);

/** The Calendar link tab's label lives under its own "calendarLink" messages. */
const TAB_LABEL_KEYS: Record<SettingsTab, string> = {
  profile: 'settings.tabs.profile',
  password: 'settings.tabs.password',
  twoFactor: 'settings.tabs.twoFactor',
  sessions: 'settings.tabs.sessions',
  apiTokens: 'settings.tabs.apiTokens',
  activity: 'activity.tab',
  household: 'properties.household.tab',
  calendarLink: 'calendarLink.tab',
  notifications: 'settings.tabs.notifications',
};

export function SettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'profile';
  const setTab = (next: SettingsTab) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true });

  if (!user) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('settings.notLoggedIn')}</Typography>
        <Button variant="contained" component={RouterLink} to="/auth">
          {t('settings.goToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('settings.title')}
      </Typography>
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_e, value: SettingsTab) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((name) => (
            <Tab key={name} value={name} label={t(TAB_LABEL_KEYS[name])} id={`settings-tab-${name}`} aria-controls={`settings-panel-${name}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
          {/* The user kept for a reload offline has no phone or account number: a form filled from it would save them
              blank, so it waits for the server (docs/architecture.md#offline-reload). */}
          {tab === 'profile' && (isUnconfirmedUser(user) ? <Alert severity="info">{t('fallback.offlineText')}</Alert> : <ProfileTab key={user.id} user={user} />)}
          {tab === 'password' && <PasswordTab />}
          {tab === 'twoFactor' && <TwoFactorTab />}
          {tab === 'sessions' && <SessionsTab />}
          {tab === 'apiTokens' && (
            <Suspense fallback={null}>
              <TokensTab user={user} />
            </Suspense>
          )}
          {tab === 'activity' && <ActivityTab user={user} />}
          {tab === 'household' && (
            <Suspense fallback={null}>
              <HouseholdTab />
            </Suspense>
          )}
          {tab === 'calendarLink' && <CalendarLinkTab />}
          {tab === 'notifications' && <NotificationsTab />}
        </Box>
      </Paper>
      {/* Sensitive changes on these tabs may ask for the password again (docs/security.md#re-authentication). */}
      <ReauthDialog twoFactorEnabled={user.twoFactorEnabled} />
    </Stack>
  );
}
