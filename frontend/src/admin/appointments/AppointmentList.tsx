/** Every booking owners made, newest first; a row opens it (cancel is there, for admins). */
import { Chip } from '@mui/material';
import { DataTable, List, RecordContextProvider, SimpleList, useRecordContext, useTranslate } from 'react-admin';
import type { Appointment } from '../../api/types';
import { useIsMobile } from '../useIsMobile';
import { osloDateTime } from './labels';

export function StatusChip() {
  const a = useRecordContext<Appointment>();
  const translate = useTranslate();
  if (!a) return null;
  return <Chip size="small" color={a.status === 'booked' ? 'success' : 'default'} label={translate(`resources.appointments.status.${a.status}`)} />;
}

function Location() {
  const a = useRecordContext<Appointment>();
  const translate = useTranslate();
  return a ? <>{translate(`appointments.locations.${a.location}`)}</> : null;
}

export function AppointmentList() {
  const isMobile = useIsMobile();
  return (
    <List sort={{ field: 'start', order: 'DESC' }} perPage={25} exporter={false}>
      {isMobile ? (
        <SimpleList<Appointment>
          rowClick="show"
          primaryText={(a) => `${osloDateTime(String(a.start))} · ${a.subject}`}
          secondaryText={(a) => `${a.userName ?? '—'} → ${a.staffName ?? '—'}`}
          tertiaryText={(a) => (
            <RecordContextProvider value={a}>
              <StatusChip />
            </RecordContextProvider>
          )}
        />
      ) : (
        <DataTable<Appointment> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="start" render={(a) => osloDateTime(String(a.start))} />
          <DataTable.Col source="userName" />
          <DataTable.Col source="staffName" disableSort />
          <DataTable.Col source="subject" />
          <DataTable.Col source="location" render={() => <Location />} />
          <DataTable.Col source="status" render={() => <StatusChip />} />
        </DataTable>
      )}
    </List>
  );
}
