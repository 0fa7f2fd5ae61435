/** The props of the app's date fields (DateField.tsx), shared with the pickers behind them (datePickers.tsx). */
import type { ReactNode, Ref } from 'react';

export interface CommonProps {
  label: string;
  onBlur?: () => void;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  autoFocus?: boolean;
  name?: string;
  /** The hidden input that holds the text, for react-hook-form's focus on an error. */
  inputRef?: Ref<HTMLInputElement>;
}

export interface DateFieldProps extends CommonProps {
  /** 'YYYY-MM-DD', '' when empty, or INVALID_DATE_KEY: what the forms and the API took from <input type="date">. */
  value: string;
  onChange: (value: string) => void;
  /** 'YYYY-MM-DD': days before it are offered greyed out and refused. */
  minDate?: string;
}

export interface DateTimeFieldProps extends CommonProps {
  /** null when empty; an invalid Date while the text is not a whole date and time. */
  value: Date | null;
  onChange: (value: Date | null) => void;
}
