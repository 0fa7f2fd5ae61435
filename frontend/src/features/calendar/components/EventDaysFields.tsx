/** The new event's days (the to-date follows a later from-date) and its fixed 11:00–15:00, read-only. */
import { Stack, TextField } from '@mui/material';
import { Controller, useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/components/DateField';
import type { AddEventFormValues } from '../addEventForm';
import { FIXED_END_TIME, FIXED_START_TIME } from '../constants';
import { toDateAfterFromChange } from '../dates';

type Values = AddEventFormValues & { userId: number };

interface EventDaysFieldsProps {
  control: Control<Values>;
  setValue: UseFormSetValue<Values>;
  getValues: UseFormGetValues<Values>;
}

export function EventDaysFields({ control, setValue, getValues }: EventDaysFieldsProps) {
  const { t } = useTranslation();
  const fromDate = useWatch({ control, name: 'fromDate' });
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={control}
          name="fromDate"
          render={({ field }) => (
            <DateField
              label={t('calendar.addEvent.fromDate')}
              name={field.name}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                setValue('toDate', toDateAfterFromChange(value, getValues('toDate')));
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        />
        <Controller
          control={control}
          name="toDate"
          render={({ field }) => (
            <DateField
              label={t('calendar.addEvent.toDate')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              minDate={fromDate}
            />
          )}
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <TextField
          label={t('calendar.addEvent.startTime')}
          value={FIXED_START_TIME}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
        />
        <TextField
          label={t('calendar.addEvent.endTime')}
          value={FIXED_END_TIME}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
        />
      </Stack>
    </>
  );
}
