/** Days without appointments, whatever the weekly hours say: admins add and remove them, mini admins read. */
import { Alert, Box } from '@mui/material';
import { Create, CreateButton, DataTable, DeleteButton, List, required, SimpleForm, TextInput, TopToolbar, useTranslate } from 'react-admin';
import type { ClosedDate } from '../../api/types';
import { formatDate } from '../../shared/dateFormats';
import { DayInput } from '../DayInput';
import { useNotifyFailure } from '../useNotifyFailure';
import { ReadOnlyChip, useIsFullAdmin } from '../access';

const TEXTS = 'resources.appointment-closed-dates';
const dayText = (day: string) => formatDate(new Date(`${day}T12:00:00`));

export function ClosedDateList() {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const isAdmin = useIsFullAdmin();
  return (
    <Box>
      <Alert severity="info" sx={{ my: 2 }}>
        {translate(`${TEXTS}.intro`)}
      </Alert>
      <List actions={<TopToolbar sx={{ alignItems: 'center' }}>{isAdmin ? <CreateButton /> : <ReadOnlyChip />}</TopToolbar>} sort={{ field: 'date', order: 'ASC' }} perPage={50} exporter={false}>
        <DataTable<ClosedDate> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="date" render={(c) => dayText(c.date)} />
          <DataTable.Col source="reason" render={(c) => c.reason ?? '—'} />
          {isAdmin && (
            <DataTable.Col
              label=""
              disableSort
              render={() => (
                <DeleteButton
                  mutationMode="pessimistic"
                  confirmTitle={`${TEXTS}.delete.title`}
                  confirmContent={`${TEXTS}.delete.content`}
                  mutationOptions={{ onError: (e: unknown) => notifyFailure(`${TEXTS}.errors.delete`, e) }}
                  redirect={false}
                />
              )}
            />
          )}
        </DataTable>
      </List>
    </Box>
  );
}

export function ClosedDateCreate() {
  const notifyFailure = useNotifyFailure();
  return (
    <Create redirect="list" mutationOptions={{ onError: (e: unknown) => notifyFailure(`${TEXTS}.errors.save`, e) }}>
      <SimpleForm>
        <DayInput source="date" label={`${TEXTS}.fields.date`} invalidText={`${TEXTS}.errors.date`} validate={[required()]} />
        <TextInput source="reason" slotProps={{ htmlInput: { maxLength: 200 } }} />
      </SimpleForm>
    </Create>
  );
}
