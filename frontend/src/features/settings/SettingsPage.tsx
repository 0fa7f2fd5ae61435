/** /settings (SPEC §2 Settings page). Tabs: Profile, Password and Calendar link. */
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../shared/session';
import { CalendarLinkTab } from './components/CalendarLinkTab';
import { PasswordTab } from './components/PasswordTab';
import { ProfileTab } from './components/ProfileTab';

const TABS = ['profile', 'password', 'calendarLink'] as const;
type SettingsTab = (typeof TABS)[number];

/** The Calendar link tab's label lives under its own "calendarLink" messages. */
const TAB_LABEL_KEYS: Record<SettingsTab, string> = {
  profile: 'settings.tabs.profile',
  password: 'settings.tabs.password',
  calendarLink: 'calendarLink.tab',
};

export function SettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useState<SettingsTab>('profile');

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
          {tab === 'profile' && <ProfileTab key={user.id} user={user} />}
          {tab === 'password' && <PasswordTab />}
          {tab === 'calendarLink' && <CalendarLinkTab />}
        </Box>
      </Paper>
    </Stack>
  );
}
