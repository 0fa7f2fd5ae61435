/**
 * One booking: who, when, what; a link to its meeting; and for admins 'cancel' while it is booked (the owner and
 * the staff member are told and mailed a cancellation). Mini admins read only: no button the server would refuse.
 */
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Labeled, Link, Show, SimpleShowLayout, TextField, usePermissions, useRecordContext, useRefresh, useTranslate, useDataProvider, useNotify } from 'react-admin';
import type { Appointment } from '../../api/types';
import type { Role } from '../authProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { StatusChip } from './AppointmentList';
import { APPOINTMENTS_RESOURCE } from './names';
import { osloDateTime } from './labels';

function CancelButton() {
  const a = useRecordContext<Appointment>();
  const { permissions } = usePermissions<Role>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!a || permissions !== 'admin' || a.status !== 'booked') return null;
  const cancel = async () => {
    setBusy(true);
    try {
      await dataProvider.delete(APPOINTMENTS_RESOURCE, { id: a.id, previousData: a });
      notify('resources.appointments.cancelled', { type: 'success' });
      refresh();
    } catch (e) {
      notifyFailure('resources.appointments.cancelFailed', e);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)} disabled={busy}>
        {translate('resources.appointments.cancel')}
      </Button>
      <Confirm isOpen={open} loading={busy} title="resources.appointments.confirmTitle" content="resources.appointments.confirmText" onConfirm={() => void cancel()} onClose={() => setOpen(false)} />
    </>
  );
}

function When() {
  const a = useRecordContext<Appointment>();
  return <Typography>{a ? `${osloDateTime(String(a.start))} – ${osloDateTime(String(a.end)).slice(-5)}` : ''}</Typography>;
}

function Meeting() {
  const a = useRecordContext<Appointment>();
  const translate = useTranslate();
  if (!a?.agreementId) return <Typography>—</Typography>;
  return <Link to={`/agreements/${a.agreementId}`}>{translate('resources.appointments.openAgreement')}</Link>;
}

function Place() {
  const a = useRecordContext<Appointment>();
  const translate = useTranslate();
  return <Typography>{a ? translate(`appointments.locations.${a.location}`) + (a.phone ? ` (${a.phone})` : '') : ''}</Typography>;
}

export function AppointmentShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <StatusChip />
          <CancelButton />
        </Stack>
        <Labeled source="start">
          <When />
        </Labeled>
        <TextField source="userName" />
        <TextField source="staffName" />
        <TextField source="subject" />
        <TextField source="description" emptyText="—" />
        <Labeled source="location">
          <Place />
        </Labeled>
        <Labeled source="agreementId">
          <Meeting />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
