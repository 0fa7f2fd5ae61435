/**
 * 'Legg til ny hendelse' for another user (the add-event dialog and the users tab's 'create event for user', docs/product/calendar.md#screens):
 * title, from/to date, the fixed 11:00–15:00 (read-only), description; sent through userCalendar.ts. The back office's
 * one add-event form, opened from the users table and from the user-calendar dialog.
 */
import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { lightFormat } from 'date-fns';
import { useNotify, useTranslate } from 'react-admin';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toDateAfterFromChange } from '../../features/calendar';
import { DateField } from '../../shared/components/DateField';
import { muiField } from '../../shared/forms';
import { useNotifyFailure } from '../useNotifyFailure';
import { stopPropagation } from './ActionButton';
import { useCreateUserEvent } from './userCalendar';
import { checkNewEvent, FIXED_END_TIME, FIXED_START_TIME, type NewEventValues } from './userEvents';

interface CreateEventDialogProps {
  user: { id: number; name: string };
  open: boolean;
  onClose: () => void;
  /** 'YYYY-MM-DD' the form opens with; today by default. */
  date?: string;
}

export function CreateEventDialog(props: CreateEventDialogProps) {
  // Mounted per opening, so every opening starts with fresh fields.
  return props.open ? <CreateEventForm {...props} /> : null;
}

function CreateEventForm({ user, onClose, date }: CreateEventDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const t = (key: string, options?: object) => translate(`resources.users.createEvent.${key}`, options);
  const firstDay = date ?? lightFormat(new Date(), 'yyyy-MM-dd');
  // The rules run on submit (checkNewEvent); the refused field is marked until the next change.
  const { register, control, handleSubmit, getValues, setValue, setError, clearErrors, formState } = useForm<NewEventValues>({
    defaultValues: { title: t('defaultTitle'), fromDate: firstDay, toDate: firstDay, description: '' },
  });
  const { errors } = formState;

  const create = useCreateUserEvent(user.id, {
    onCreated: () => {
      notify(
        <Alert severity="success" variant="filled" sx={{ minWidth: 288 }}>
          <AlertTitle>{t('created')}</AlertTitle>
          {t('savedForUser')}
        </Alert>,
        { type: 'success' },
      );
      onClose();
    },
    onError: (error) => notifyFailure('resources.users.createEvent.failed', error),
  });

  const field = (name: 'title' | 'description') => muiField(register(name, { onChange: () => clearErrors() }));
  const fromDate = useWatch({ control, name: 'fromDate' });

  const submit = handleSubmit((values) => {
    const check = checkNewEvent(values);
    if (!check.ok) {
      setError(check.field, { type: 'validate' });
      notifyFailure(check.textKey, '', check.titleKey);
      return;
    }
    create.mutate(check.payload);
  });

  return (
    <Dialog open onClose={onClose} onClick={stopPropagation} fullWidth maxWidth="sm" aria-labelledby="create-event-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-event-title">{t('heading', { name: user.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={t('titleLabel')}
              placeholder={t('defaultTitle')}
              {...field('title')}
              error={!!errors.title}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="fromDate"
                render={({ field: from }) => (
                  <DateField
                    required
                    label={t('fromDate')}
                    name={from.name}
                    value={from.value}
                    onChange={(value) => {
                      clearErrors();
                      from.onChange(value);
                      // Moving the from-date past the to-date moves the to-date along.
                      setValue('toDate', toDateAfterFromChange(value, getValues('toDate')));
                    }}
                    onBlur={from.onBlur}
                    inputRef={from.ref}
                    error={!!errors.fromDate}
                  />
                )}
              />
              <Controller
                control={control}
                name="toDate"
                render={({ field: to }) => (
                  <DateField
                    label={t('toDate')}
                    name={to.name}
                    value={to.value}
                    onChange={(value) => {
                      clearErrors();
                      to.onChange(value);
                    }}
                    onBlur={to.onBlur}
                    inputRef={to.ref}
                    minDate={fromDate}
                    error={!!errors.toDate}
                  />
                )}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField fullWidth label={t('startTime')} value={FIXED_START_TIME} slotProps={{ input: { readOnly: true } }} />
              <TextField fullWidth label={t('endTime')} value={FIXED_END_TIME} slotProps={{ input: { readOnly: true } }} />
            </Stack>
            <TextField multiline minRows={3} label={t('description')} {...field('description')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('resources.users.actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? t('saving') : t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
