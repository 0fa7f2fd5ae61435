/**
 * The app's own date and date-time fields (docs/product/app.md#dates-and-times): dd.MM.yyyy and 24-hour HH:mm in both
 * languages, typed section by section (24.12.2026) or picked from a calendar (a dialog on touch screens), never the
 * browser's <input type="date"> with its own locale. Every date field of the app goes through these two.
 *
 * The MUI X pickers are loaded on first use (datePickers.tsx): the forms that hold these fields sit in screens whose
 * first JavaScript must stay small (scripts/size-budget.mjs). Until then a read-only field with the same label and
 * value stands in its place.
 */
import { TextField } from '@mui/material';
import { lightFormat, isValid, parseISO } from 'date-fns';
import { Suspense, useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { DATE_FORMAT, formatDateTime } from '../dateFormats';
import type { DateFieldProps, DateTimeFieldProps } from './dateFieldProps';
import { loadDatePickers } from './loadDatePickers';
import { lazyNamed } from '../lazyNamed';

export type { DateFieldProps, DateTimeFieldProps } from './dateFieldProps';

const DatePickerField = lazyNamed(loadDatePickers, 'DatePickerField');
const DateTimePickerField = lazyNamed(loadDatePickers, 'DateTimePickerField');

/** What a date field gives while its text is not a whole, real date: no date key, so every form check refuses it. */
export const INVALID_DATE_KEY = 'invalid';

/** What a date-time field gives while one of its sections is cleared (never changed: it is told apart by identity). */
const CLEARED_SECTION = new Date(Number.NaN);

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const fromKey = (key: string): Date | null => (DATE_KEY.test(key) && isValid(parseISO(key)) ? parseISO(key) : null);
const toKey = (date: Date | null): string => (date === null ? '' : isValid(date) ? lightFormat(date, 'yyyy-MM-dd') : INVALID_DATE_KEY);

/** The stand-in while the pickers load: the same label and text, not editable. */
function Loading({ label, text }: { label: string; text: string }) {
  return <TextField label={label} value={text} fullWidth slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }} />;
}

function setRef<T>(ref: Ref<T> | undefined, element: T | null) {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}

/**
 * The pickers report a cleared section as no value at all, while the other sections stay filled in: the hidden
 * input's text (empty only when every section is) tells the two apart once the field has rendered, and onCleared
 * then says the text is not a whole value.
 */
function useClearedSection(inputRef: Ref<HTMLInputElement> | undefined, onCleared: () => void) {
  const hiddenInput = useRef<HTMLInputElement | null>(null);
  const clearedOne = useRef(false);
  const keepInputRef = useCallback(
    (element: HTMLInputElement | null) => {
      hiddenInput.current = element;
      setRef(inputRef, element);
    },
    [inputRef],
  );
  useEffect(() => {
    if (!clearedOne.current) return;
    clearedOne.current = false;
    if (hiddenInput.current?.value) onCleared();
  });
  return { keepInputRef, noteChange: (value: Date | null) => (clearedOne.current = value === null) };
}

export function DateField({ value, onChange, minDate, inputRef, ...props }: DateFieldProps) {
  // The picker's own date: a half-typed one has no key, and must not be wiped when the form gets INVALID_DATE_KEY
  // back. A new value from outside (the to-date moved along with the from-date) takes over.
  const [typed, setTyped] = useState<Date | null>(() => fromKey(value));
  const shown = toKey(typed) === value ? typed : fromKey(value);
  const loaded = fromKey(value);
  const { keepInputRef, noteChange } = useClearedSection(inputRef, () => onChange(INVALID_DATE_KEY));
  return (
    <Suspense fallback={<Loading label={props.label} text={loaded ? lightFormat(loaded, DATE_FORMAT) : ''} />}>
      <DatePickerField
        {...props}
        inputRef={keepInputRef}
        value={shown}
        minDate={minDate ? (fromKey(minDate) ?? undefined) : undefined}
        onChange={(date) => {
          setTyped(date);
          noteChange(date);
          onChange(toKey(date));
        }}
      />
    </Suspense>
  );
}

export function DateTimeField({ value, onChange, inputRef, ...props }: DateTimeFieldProps) {
  // A cleared section gives the form CLEARED_SECTION, an invalid Date (so its check refuses it), while the picker
  // keeps its sections: it gets no value back.
  const shown = value === CLEARED_SECTION ? null : value;
  const { keepInputRef, noteChange } = useClearedSection(inputRef, () => onChange(CLEARED_SECTION));
  return (
    <Suspense fallback={<Loading label={props.label} text={formatDateTime(value) ?? ''} />}>
      <DateTimePickerField
        {...props}
        inputRef={keepInputRef}
        value={shown}
        onChange={(date) => {
          noteChange(date);
          onChange(date);
        }}
      />
    </Suspense>
  );
}
