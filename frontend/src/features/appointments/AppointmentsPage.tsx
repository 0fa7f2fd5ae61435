/**
 * /appointments: the external calendar service's connection card, the form
 * and an info box. No booking service is configured, so connecting is unavailable, the page warns,
 * and a valid submit only shows the configuration error. Nothing is loaded from outside while unconfigured.
 */
import EventIcon from '@mui/icons-material/Event';
import { Alert, AlertTitle, Box, Button, Card, CardActions, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../shared/toast';
import { type AppointmentForm, emptyAppointment, localToday, validateAppointment } from './appointmentForm';

export function AppointmentsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [form, setForm] = useState<AppointmentForm>(emptyAppointment);
  const [errors, setErrors] = useState<Partial<Record<keyof AppointmentForm, string>>>({});
  const today = localToday();
  const field = (name: keyof AppointmentForm, props: Record<string, unknown> = {}) => ({
    label: t(`appointments.fields.${name}`),
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: !!errors[name],
    helperText: errors[name] ? t(errors[name]!) : undefined,
    ...props,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAppointment(form, today);
    setErrors(found);
    if (Object.keys(found).length) return;
    // Blocked: the booking service's keys are missing.
    toast({ title: t('appointments.configError'), description: t('appointments.configErrorText'), severity: 'error' });
  };
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('appointments.title')}
      </Typography>
      <Alert severity="warning">
        <AlertTitle>{t('appointments.configError')}</AlertTitle>
        {t('appointments.configErrorText')}
      </Alert>
      <Card variant="outlined" component="section" aria-labelledby="calendar-connection">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <EventIcon />
            <Typography variant="h6" component="h2" id="calendar-connection">
              {t('appointments.connection.title')}
            </Typography>
          </Stack>
          <Typography color="text.secondary">{t('appointments.connection.notConfigured')}</Typography>
        </CardContent>
        <CardActions>
          <Button disabled>{t('appointments.connection.connect')}</Button>
        </CardActions>
      </Card>
      <Box component="form" onSubmit={submit} noValidate aria-labelledby="appointment-form">
        <Typography variant="h6" component="h2" id="appointment-form" sx={{ mb: 2 }}>
          {t('appointments.formTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField {...field('name', { required: true, autoComplete: 'name' })} />
          <TextField {...field('email', { required: true, type: 'email', autoComplete: 'email' })} />
          <TextField {...field('phone', { type: 'tel', autoComplete: 'tel', slotProps: { htmlInput: { maxLength: 20 } } })} />
          <TextField {...field('location')} />
          <TextField {...field('subject', { required: true })} sx={{ gridColumn: { sm: '1 / -1' } }} />
          <TextField {...field('preferredDate', { required: true, type: 'date', slotProps: { inputLabel: { shrink: true }, htmlInput: { min: today } } })} />
          <TextField {...field('preferredTime', { type: 'time', slotProps: { inputLabel: { shrink: true } } })} />
          <TextField {...field('description', { multiline: true, minRows: 3 })} sx={{ gridColumn: { sm: '1 / -1' } }} />
        </Box>
        <Alert severity="info" sx={{ my: 2 }}>
          {t('appointments.info')}
        </Alert>
        <Button type="submit" variant="contained">
          {t('appointments.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
