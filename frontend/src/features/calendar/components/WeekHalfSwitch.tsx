/**
 * The phone week's switch between its two halves (docs/product/calendar.md#screens): the week shows every second
 * day, and the other half's button counts the busy days it hides.
 */
import { Badge, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { WeekHalf } from '../displayRules';

interface WeekHalfSwitchProps {
  value: WeekHalf;
  onChange: (half: WeekHalf) => void;
  /** Busy days in the half not shown. */
  busyElsewhere: number;
}

export function WeekHalfSwitch({ value, onChange, busyElsewhere }: WeekHalfSwitchProps) {
  const { t } = useTranslation();
  const otherHalf: WeekHalf = value === 'first' ? 'second' : 'first';
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      value={value}
      onChange={(_e, half: WeekHalf | null) => half && onChange(half)}
      aria-label={t('calendar.weekHalf.label')}
      sx={{ mb: 1 }}
    >
      {(['first', 'second'] as const).map((half) => (
        <ToggleButton key={half} value={half} sx={{ minHeight: 44 }}>
          <Badge color="primary" badgeContent={half === otherHalf ? busyElsewhere : 0} sx={{ '& .MuiBadge-badge': { right: -14 } }}>
            {t(`calendar.weekHalf.${half}`)}
          </Badge>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
