/**
 * An outlined text field that looks and behaves as MUI's `<TextField>` (label, helper text, error, adornments),
 * built from the parts MUI's TextField is made of. TextField also supports `select`, which brings MUI's Select,
 * Menu, Popover and Modal, and the filled and standard variants: about 15 kB gzip that the first screens (the
 * login page, the maintenance login) never use. Use it where a plain text, e-mail or password field is all a
 * first screen needs; elsewhere TextField is fine.
 */
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import type { ReactNode, Ref } from 'react';

export interface TextInputProps extends Pick<OutlinedInputProps, 'type' | 'autoComplete' | 'autoFocus' | 'name' | 'value' | 'onChange' | 'onBlur' | 'endAdornment' | 'disabled' | 'required'> {
  id: string;
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The keyboard a phone shows ('numeric' for a code). */
  inputMode?: 'text' | 'numeric';
}

export function TextInput({ id, label, helperText, error, fullWidth, required, disabled, inputMode, ...input }: TextInputProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} required={required} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperId} inputProps={inputMode ? { inputMode } : undefined} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
