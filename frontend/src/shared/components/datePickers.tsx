/**
 * The MUI X pickers behind DateField and DateTimeField (DateField.tsx loads this module on demand, so the pickers
 * stay out of every first screen's JavaScript). docs/product/app.md#dates-and-times: dd.MM.yyyy and 24-hour HH:mm in both languages; month and
 * weekday names and the pickers' own texts follow the language; weeks start on Monday in both.
 */
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, nbNO } from '@mui/x-date-pickers/locales';
import type { PickerValidDate } from '@mui/x-date-pickers/models';
import { isValid, startOfMinute } from 'date-fns';
import { enGB, nb } from 'date-fns/locale';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../dateFormats';
import type { DateFieldProps, DateTimeFieldProps } from './dateFieldProps';

// English with Monday weeks (enGB), as the app's calendars are: en-US would start the week on Sunday.
const LOCALES = {
  nb: { dateFns: nb, localeText: nbNO.components.MuiLocalizationProvider.defaultProps.localeText },
  en: { dateFns: enGB, localeText: enUS.components.MuiLocalizationProvider.defaultProps.localeText },
};

function Localized({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? LOCALES.en : LOCALES.nb;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={locale.dateFns} localeText={locale.localeText}>
      {children}
    </LocalizationProvider>
  );
}

const isDate = (value: PickerValidDate | null): value is Date => value instanceof Date;

export function DatePickerField({ label, value, onChange, onBlur, minDate, required, error, helperText, autoFocus, name, inputRef }: Omit<DateFieldProps, 'value' | 'onChange' | 'minDate'> & {
  value: Date | null;
  onChange: (value: Date | null) => void;
  minDate?: Date;
}) {
  return (
    <Localized>
      <DatePicker
        label={label}
        value={value}
        onChange={(next) => onChange(isDate(next) ? next : null)}
        format={DATE_FORMAT}
        minDate={minDate}
        autoFocus={autoFocus}
        name={name}
        inputRef={inputRef}
        slotProps={{ textField: { fullWidth: true, required, error, helperText, onBlur } }}
      />
    </Localized>
  );
}

export function DateTimePickerField({ label, value, onChange, onBlur, required, error, helperText, name, inputRef }: DateTimeFieldProps) {
  return (
    <Localized>
      <DateTimePicker
        label={label}
        value={value}
        // The field shows minutes: a typed 18:30 is 18:30:00, not with the seconds of the value it replaced.
        onChange={(next) => onChange(isDate(next) ? (isValid(next) ? startOfMinute(next) : next) : null)}
        format={DATE_TIME_FORMAT}
        ampm={false}
        name={name}
        inputRef={inputRef}
        slotProps={{ textField: { fullWidth: true, required, error, helperText, onBlur } }}
      />
    </Localized>
  );
}
