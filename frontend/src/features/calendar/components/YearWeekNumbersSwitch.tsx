/**
 * The year view's 'Vis ukenummer' switch. Its own chunk: the switch is shown in the year view only, so the month
 * view's first screen does not download it.
 */
import { FormControlLabel, Switch } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function YearWeekNumbersSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return <FormControlLabel control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={t('calendar.showWeekNumbers')} />;
}
