/** The marked day's colour: one radio per marker colour, named by its colour for screen readers. */
import { Box, Radio, RadioGroup, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MARKER_COLORS } from '../constants';

export function MarkerColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('calendar.markedDay.color')}
      </Typography>
      <RadioGroup row value={value} onChange={(e) => onChange(e.target.value)}>
        {MARKER_COLORS.map((choice) => (
          <Tooltip key={choice.key} title={t(`calendar.colors.${choice.key}`)}>
            <Radio
              value={choice.value}
              slotProps={{ input: { 'aria-label': t(`calendar.colors.${choice.key}`) } }}
              sx={{ color: choice.value, '&.Mui-checked': { color: choice.value } }}
            />
          </Tooltip>
        ))}
      </RadioGroup>
    </Box>
  );
}
