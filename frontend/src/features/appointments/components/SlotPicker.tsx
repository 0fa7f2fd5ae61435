/**
 * A choice among real free slots: a date (only days with a free time are offered), then one of its times. The
 * value is the chosen slot's start (ISO) or null; a value no longer among the slots (taken meanwhile) reads as none.
 */
import { Box, TextField, ToggleButton, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentSlot } from '../../../api/types';
import { dayLabel, osloDay, osloTime, slotsByDay } from '../slots';

export interface SlotPickerProps {
  slots: AppointmentSlot[];
  value: string | null;
  onChange: (start: string | null) => void;
  error?: string;
}

export function SlotPicker({ slots, value, onChange, error }: SlotPickerProps) {
  const { t, i18n } = useTranslation();
  const days = useMemo(() => slotsByDay(slots), [slots]);
  const chosen = value && slots.some((s) => s.start === value) ? value : null;
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const day = (chosen ? osloDay(chosen) : pickedDay) ?? days[0]?.day ?? '';
  const times = days.find((d) => d.day === day)?.slots ?? [];
  const timesLabel = useId();

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label={t('appointments.fields.day')}
        value={days.some((d) => d.day === day) ? day : ''}
        onChange={(e) => {
          setPickedDay(e.target.value);
          onChange(null);
        }}
        slotProps={{ select: { native: true } }}
      >
        {days.map((d) => (
          <option key={d.day} value={d.day}>
            {dayLabel(d.day, i18n.language)}
          </option>
        ))}
      </TextField>
      <Box role="group" aria-labelledby={timesLabel}>
        <Typography id={timesLabel} variant="subtitle2" component="p" sx={{ mb: 1 }}>
          {t('appointments.fields.time')}
        </Typography>
        {times.length === 0 ? (
          <Typography color="text.secondary">{t('appointments.noTimes')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 1 }}>
            {times.map((slot) => (
              <ToggleButton key={slot.start} value={slot.start} selected={slot.start === chosen} onChange={() => onChange(slot.start === chosen ? null : slot.start)} size="small" color="primary">
                {osloTime(slot.start)}
              </ToggleButton>
            ))}
          </Box>
        )}
        {error && (
          <Typography color="error" variant="caption" role="alert">
            {error}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

