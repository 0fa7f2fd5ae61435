/** Settings → Notifications: the switch that mutes notification sounds on this device (kept in localStorage). */
import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSoundMuted, setSoundMuted } from '../../notifications';

export function NotificationsTab() {
  const { t } = useTranslation();
  const [muted, setMuted] = useState(() => isSoundMuted());
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={muted}
            onChange={(_e, next) => {
              setSoundMuted(next);
              setMuted(next);
            }}
            slotProps={{ input: { 'aria-describedby': 'mute-sounds-help' } }}
          />
        }
        label={t('settings.notifications.muteSounds')}
      />
      <FormHelperText id="mute-sounds-help">{t('settings.notifications.muteSoundsHelp')}</FormHelperText>
    </Stack>
  );
}
