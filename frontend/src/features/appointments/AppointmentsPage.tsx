/**
 * /appointments: the owner books a meeting in one of the free slots staff publish (docs/appointments.md). A date,
 * then one of its times; their name and e-mail as the account has them, the phone editable; subject, description
 * and how to meet. Below, their upcoming appointments with a cancel button (until two hours before). Without
 * published hours the page says so kindly instead of showing an error.
 */
import { Alert, AlertTitle, Box, Button, Card, CardContent, CircularProgress, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import type { Appointment } from '../../api/types';
import { keyResolver, muiField } from '../../shared/forms';
import { useCurrentUser } from '../../shared/sessionApi';
import { useToast } from '../../shared/toast';
import { type AppointmentForm, emptyAppointment, toBooking, validateAppointment } from './appointmentForm';
import { type AppointmentLocation, useBookAppointment, useCancelAppointment, useSlots, useUpcomingAppointments } from './appointmentsApi';
import { SlotPicker } from './components/SlotPicker';
import { slotWindow, whenLabel } from './slots';

const LOCATIONS: AppointmentLocation[] = ['phone', 'video', 'office'];
/** The owner may cancel until this long before (the server's rule; docs/appointments.md). */
const CANCEL_NOTICE_MS = 2 * 3_600_000;

export function AppointmentsPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const isStaff = Boolean(user && (user.isAdmin || user.isMiniAdmin));
  // Read once per visit: the window starts today in Oslo.
  const window = useMemo(() => slotWindow(new Date()), []);
  const slots = useSlots(window.from, window.to, !isStaff);
  const upcoming = useUpcomingAppointments(!isStaff);

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('appointments.title')}
      </Typography>
      {isStaff ? (
        <Alert severity="info">{t('appointments.staffOnly')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('appointments.intro')}</Typography>
          {slots.isPending ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} />
              <Typography>{t('appointments.loading')}</Typography>
            </Stack>
          ) : slots.isError ? (
            <Alert severity="error">{errorText(slots.error, t('appointments.loadFailed'))}</Alert>
          ) : slots.data.length === 0 ? (
            <Alert severity="info">
              <AlertTitle>{t('appointments.empty.title')}</AlertTitle>
              {t('appointments.empty.text')}
            </Alert>
          ) : (
            <BookingForm slots={slots.data} name={user?.name ?? ''} email={user?.email ?? ''} phone={user?.phoneNumber ?? ''} />
          )}
          <UpcomingAppointments list={upcoming.data ?? []} loading={upcoming.isPending} />
        </>
      )}
    </Stack>
  );
}

function BookingForm({ slots, name, email, phone }: { slots: { start: string; end: string }[]; name: string; email: string; phone: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const book = useBookAppointment();
  const { control, register, handleSubmit, reset, formState } = useForm<AppointmentForm>({ defaultValues: emptyAppointment(phone), resolver: keyResolver(validateAppointment) });
  const error = (field: keyof AppointmentForm) => (formState.errors[field]?.message ? t(formState.errors[field]!.message!) : undefined);

  const submit = handleSubmit(async (values) => {
    try {
      await book.mutateAsync(toBooking(values));
      toast({ title: t('appointments.booked'), description: t('appointments.bookedText', { email }), severity: 'success' });
      reset(emptyAppointment(values.phone));
    } catch (e) {
      toast({ title: t('appointments.bookFailed'), description: errorText(e, t('appointments.bookFailed')), severity: 'error' });
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="appointment-form">
      <Typography variant="h6" component="h2" id="appointment-form" sx={{ mb: 2 }}>
        {t('appointments.formTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <Controller control={control} name="start" render={({ field }) => <SlotPicker slots={slots} value={field.value} onChange={field.onChange} error={error('start')} />} />
        </Box>
        <TextField label={t('appointments.fields.name')} value={name} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label={t('appointments.fields.email')} value={email} type="email" slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label={t('appointments.fields.phone')} {...muiField(register('phone'))} type="tel" autoComplete="tel" error={!!error('phone')} helperText={error('phone')} slotProps={{ htmlInput: { maxLength: 20 } }} />
        <TextField label={t('appointments.fields.subject')} {...muiField(register('subject'))} required error={!!error('subject')} helperText={error('subject')} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <Controller
          control={control}
          name="location"
          render={({ field }) => (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, gridColumn: { sm: '1 / -1' } }}>
              <FormLabel component="legend">{t('appointments.fields.location')}</FormLabel>
              <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} name={field.name}>
                {LOCATIONS.map((l) => (
                  <FormControlLabel key={l} value={l} control={<Radio />} label={t(`appointments.locations.${l}`)} />
                ))}
              </RadioGroup>
            </Box>
          )}
        />
        <TextField label={t('appointments.fields.description')} {...muiField(register('description'))} multiline minRows={3} sx={{ gridColumn: { sm: '1 / -1' } }} slotProps={{ htmlInput: { maxLength: 5000 } }} />
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={book.isPending}>
        {book.isPending ? t('appointments.booking') : t('appointments.submit')}
      </Button>
    </Box>
  );
}

function UpcomingAppointments({ list, loading }: { list: Appointment[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const cancel = useCancelAppointment();
  // When the page opened: an appointment is cancellable here until two hours before (the server checks again).
  const [now] = useState(() => Date.now());

  const onCancel = async (a: Appointment) => {
    try {
      await cancel.mutateAsync(a.id);
      toast({ title: t('appointments.upcoming.cancelled'), severity: 'success' });
    } catch (e) {
      toast({ title: t('appointments.upcoming.cancelFailed'), description: errorText(e, t('appointments.upcoming.cancelFailed')), severity: 'error' });
    }
  };

  return (
    <Box component="section" aria-labelledby="upcoming-appointments">
      <Typography variant="h6" component="h2" id="upcoming-appointments" sx={{ mb: 1 }}>
        {t('appointments.upcoming.title')}
      </Typography>
      {loading ? null : list.length === 0 ? (
        <Typography color="text.secondary">{t('appointments.upcoming.empty')}</Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((a) => {
            const when = whenLabel(String(a.start), i18n.language);
            const tooLate = new Date(a.start).getTime() - now < CANCEL_NOTICE_MS;
            return (
              <Card key={a.id} variant="outlined" component="li">
                <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', '&:last-child': { pb: 2 } }}>
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{when}</Typography>
                    <Typography>{a.subject}</Typography>
                    <Typography color="text.secondary" variant="body2">
                      {t(`appointments.locations.${a.location}`)}
                      {a.staffName ? ` · ${t('appointments.upcoming.with', { name: a.staffName })}` : ''}
                    </Typography>
                  </Box>
                  {tooLate ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('appointments.upcoming.tooLate')}
                    </Typography>
                  ) : (
                    <Button color="error" variant="outlined" onClick={() => void onCancel(a)} disabled={cancel.isPending} aria-label={t('appointments.upcoming.cancelLabel', { when })}>
                      {t('appointments.upcoming.cancel')}
                    </Button>
                  )}
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
