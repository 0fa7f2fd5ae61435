/**
 * The agreement's start (meetingDate) or end (endDate) as a react-admin input (useInput) around the app's own
 * DateTimeField: dd.MM.yyyy HH:mm in both languages instead of the browser's datetime-local. The form holds a Date
 * (what the create form's default already is; an edit loads the API's ISO string), which toAgreementPayload sends
 * as ISO; an empty end is null.
 */
import { Box } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { DateTimeField } from '../../shared/components/DateField';

function asDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  return typeof value === 'string' && value ? new Date(value) : null;
}

export function MeetingDateInput({ source = 'meetingDate', validate }: { source?: 'meetingDate' | 'endDate'; validate?: Validator | Validator[] }) {
  const translate = useTranslate();
  const { field, fieldState, formState, isRequired } = useInput({ source, validate });
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  // The spacing react-admin's own inputs keep around them in a SimpleForm.
  return (
    <Box sx={{ width: '100%', mt: 1, mb: 2 }}>
      <DateTimeField
        label={translate(`resources.agreements.fields.${source}`)}
        name={field.name}
        value={asDate(field.value)}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        required={isRequired}
        error={showError}
        // react-admin's own helper text: it reads and translates what its validators return.
        helperText={showError ? <InputHelperText error={fieldState.error?.message} /> : undefined}
      />
    </Box>
  );
}
