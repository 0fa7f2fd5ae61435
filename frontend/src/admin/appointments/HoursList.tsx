/**
 * The weekly hours staff take meetings in, by weekday, with the slot length above them. Admins add, change and
 * remove ranges and set the length; mini admins read.
 */
import { Alert, Box, Button, Card, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { AppointmentHours } from '../../api/types';
import { SavedSettings, useSaveSettings } from '../system/SavedSettings';
import { useIsMobile } from '../useIsMobile';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { DEFAULT_SLOT_MINUTES, SLOT_MINUTES_KEY } from './names';

const TEXTS = 'resources.appointment-hours';

function Weekday() {
  const h = useRecordContext<AppointmentHours>();
  const translate = useTranslate();
  return h ? <>{translate(`${TEXTS}.weekdays.${h.weekday}`)}</> : null;
}

/** The slot length (a system setting): a number field and 'save' for admins, the value for mini admins. */
function SlotLengthCard({ isAdmin }: { isAdmin: boolean }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="slot-length">
      <CardContent>
        <Typography variant="h6" component="h2" id="slot-length" sx={{ mb: 1 }}>
          {translate(`${TEXTS}.slotLength.title`)}
        </Typography>
        <SavedSettings loadFailedKey={`${TEXTS}.slotLength.loadFailed`}>
          {(settings) => <SlotLengthField key={settings.find((s) => s.key === SLOT_MINUTES_KEY)?.value ?? ''} saved={settings.find((s) => s.key === SLOT_MINUTES_KEY)?.value ?? String(DEFAULT_SLOT_MINUTES)} isAdmin={isAdmin} />}
        </SavedSettings>
      </CardContent>
    </Card>
  );
}

function SlotLengthField({ saved, isAdmin }: { saved: string; isAdmin: boolean }) {
  const translate = useTranslate();
  const save = useSaveSettings(`${TEXTS}.slotLength`);
  const [value, setValue] = useState(saved);
  if (!isAdmin) return <Typography>{`${saved} min`}</Typography>;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <MuiTextField
        label={translate(`${TEXTS}.slotLength.label`)}
        value={value}
        onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, 3))}
        helperText={translate(`${TEXTS}.slotLength.help`)}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Button variant="contained" onClick={() => save.mutate([[SLOT_MINUTES_KEY, value]])} disabled={save.isPending || value === saved || value === ''}>
        {translate(`${TEXTS}.slotLength.save`)}
      </Button>
    </Stack>
  );
}

function ListActions({ isAdmin }: { isAdmin: boolean }) {
  return <TopToolbar sx={{ alignItems: 'center' }}>{isAdmin ? <CreateButton /> : <ReadOnlyChip />}</TopToolbar>;
}

export function HoursList() {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const isAdmin = useIsFullAdmin();
  const rowClick = isAdmin ? 'edit' : false;
  return (
    <Box>
      <Alert severity="info" sx={{ my: 2 }}>
        {translate(`${TEXTS}.intro`)}
      </Alert>
      <SlotLengthCard isAdmin={isAdmin} />
      <List actions={<ListActions isAdmin={isAdmin} />} sort={{ field: 'weekday', order: 'ASC' }} perPage={50} exporter={false} title={`${TEXTS}.name_other`}>
        {isMobile ? (
          <SimpleList<AppointmentHours>
            rowClick={rowClick}
            primaryText={(h) => `${translate(`${TEXTS}.weekdays.${h.weekday}`)} ${h.startTime}–${h.endTime}`}
            secondaryText={(h) => h.staffNames.join(', ')}
          />
        ) : (
          <DataTable<AppointmentHours> rowClick={rowClick} bulkActionButtons={false}>
            <DataTable.Col source="weekday" render={() => <Weekday />} />
            <DataTable.Col source="startTime" />
            <DataTable.Col source="endTime" />
            <DataTable.Col source="staffNames" disableSort render={(h) => h.staffNames.join(', ')} />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
