import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DEVICE_PREFERENCES, useDevicePreference, type DevicePreference } from '../devicePreference';

/** Auto / mobile / desktop view switch (docs/product/app.md#layout-and-devices). */
export function DeviceSwitch() {
  const { t } = useTranslation();
  const { preference, setPreference } = useDevicePreference();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={preference}
      onChange={(_event, value: DevicePreference | null) => value && setPreference(value)}
      aria-label={t('preferences.device')}
    >
      {DEVICE_PREFERENCES.map((option) => (
        <ToggleButton key={option} value={option}>
          {t(`preferences.device_${option}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
