/**
 * A weekly range: the weekday, from and to (HH:mm, Oslo time) and the staff members who take meetings in it, chosen
 * with the server-side user picker (staff only). Admin only: mini admins reach neither page (canAccess).
 */
import { Box, Chip, Stack } from '@mui/material';
import { Create, Edit, InputHelperText, required, SelectInput, SimpleForm, TextInput, useInput, useTranslate, type Validator } from 'react-admin';
import { UserPicker } from '../../shared/components/UserPicker';
import { SaveDeleteToolbar } from '../SaveDeleteToolbar';
import { useNotifyFailure } from '../useNotifyFailure';
import { WEEKDAYS } from './labels';
import { HOURS_RESOURCE } from './names';

const TEXTS = 'resources.appointment-hours';
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time: Validator = (value: unknown) => (typeof value === 'string' && HH_MM.test(value) ? undefined : `${TEXTS}.errors.time`);
const endAfterStart: Validator = (value: unknown, values: { startTime?: string }) =>
  typeof value === 'string' && values.startTime && value <= values.startTime ? `${TEXTS}.errors.endBeforeStart` : undefined;
const someStaff: Validator = (value: unknown) => (Array.isArray(value) && value.length ? undefined : `${TEXTS}.errors.staff`);

/** The chosen staff as chips (names from the record, or as picked), and the picker that adds one. */
function StaffInput() {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput<number[]>({ source: 'staffUserIds', validate: [someStaff], defaultValue: [] });
  const { field: names } = useInput<string[]>({ source: 'staffNames', defaultValue: [] });
  const ids: number[] = Array.isArray(field.value) ? field.value : [];
  const labels: string[] = Array.isArray(names.value) ? names.value : [];
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 1, gap: 1 }} aria-label={translate(`${TEXTS}.fields.staffUserIds`)} role="list">
        {ids.map((id, i) => (
          <Chip
            key={id}
            role="listitem"
            label={labels[i] ?? `#${id}`}
            onDelete={() => {
              field.onChange(ids.filter((x) => x !== id));
              names.onChange(labels.filter((_, j) => j !== i));
            }}
          />
        ))}
      </Stack>
      <UserPicker
        label={translate(`${TEXTS}.add`)}
        value={null}
        filter={{ isStaff: true }}
        onChange={(user) => {
          if (!user || ids.includes(user.id)) return;
          field.onChange([...ids, user.id]);
          names.onChange([...labels, user.name]);
        }}
        sx={{ maxWidth: 420 }}
      />
      <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={`${TEXTS}.staffHelp`} />
    </Box>
  );
}

function HoursFields() {
  const translate = useTranslate();
  const choices = WEEKDAYS.map((d) => ({ id: d, name: translate(`${TEXTS}.weekdays.${d}`) }));
  return (
    <>
      <SelectInput source="weekday" choices={choices} validate={required()} />
      <Stack direction="row" spacing={2}>
        <TextInput source="startTime" validate={[required(), time]} helperText={`${TEXTS}.timeHelp`} />
        <TextInput source="endTime" validate={[required(), time, endAfterStart]} helperText={`${TEXTS}.timeHelp`} />
      </Stack>
      <StaffInput />
    </>
  );
}

/** What the API takes: the names are the form's own. */
const toPayload = (data: Record<string, unknown>) => ({ weekday: Number(data.weekday), startTime: data.startTime, endTime: data.endTime, staffUserIds: data.staffUserIds });

export function HoursCreate() {
  const notifyFailure = useNotifyFailure();
  return (
    <Create redirect="list" transform={toPayload} mutationOptions={{ onError: (e: unknown) => notifyFailure(`${TEXTS}.errors.save`, e) }}>
      <SimpleForm defaultValues={{ weekday: 1, startTime: '09:00', endTime: '15:00', staffUserIds: [], staffNames: [] }}>
        <HoursFields />
      </SimpleForm>
    </Create>
  );
}

export function HoursEdit() {
  const notifyFailure = useNotifyFailure();
  return (
    <Edit redirect="list" mutationMode="pessimistic" transform={toPayload} mutationOptions={{ onError: (e: unknown) => notifyFailure(`${TEXTS}.errors.save`, e) }}>
      <SimpleForm toolbar={<SaveDeleteToolbar resource={HOURS_RESOURCE} />}>
        <HoursFields />
      </SimpleForm>
    </Edit>
  );
}
