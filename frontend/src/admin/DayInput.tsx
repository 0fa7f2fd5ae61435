/**
 * A 'YYYY-MM-DD' day as a react-admin input (useInput) around the app's own DateField: dd.MM.yyyy in both languages
 * instead of the browser's date input (docs/development.md, 'Adding a frontend feature'). An empty field is null in
 * the form and the payload; a half-typed day is refused with 'invalid date' until it is whole again.
 */
import { Box } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { DateField, INVALID_DATE_KEY } from '../shared/components/DateField';

interface DayInputProps {
  source: string;
  /** Translation keys: the field's label, and the message for a day that is not whole. */
  label: string;
  invalidText: string;
  validate?: Validator[];
}

export function DayInput({ source, label, invalidText, validate = [] }: DayInputProps) {
  const translate = useTranslate();
  const wholeDay: Validator = (value: unknown) => (value === INVALID_DATE_KEY ? invalidText : undefined);
  const { field, fieldState, formState, isRequired } = useInput({
    source,
    validate: [wholeDay, ...validate],
    format: (value: unknown) => (typeof value === 'string' ? value : ''),
    parse: (value: string) => (value === '' ? null : value),
  });
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  // The spacing react-admin's own inputs keep around them in a SimpleForm.
  return (
    <Box sx={{ width: '100%', mt: 1, mb: 2 }}>
      <DateField
        label={translate(label)}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        required={isRequired}
        error={showError}
        helperText={showError ? <InputHelperText error={fieldState.error?.message} /> : undefined}
      />
    </Box>
  );
}
