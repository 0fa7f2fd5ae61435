/**
 * The e-mail and password fields of a login form (the login page, the maintenance screen's admin login), on
 * react-hook-form with loginResolver's messages; with `visibilityLabels`, the password gets a show/hide button.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiField } from '../../shared/forms';
import { TextInput } from '../../shared/components/TextInput';

export interface LoginValues {
  email: string;
  password: string;
}

export interface LoginFieldsProps {
  /** Makes the fields' ids (`<idPrefix>-email`, `<idPrefix>-password`) unique on the page. */
  idPrefix: string;
  register: UseFormRegister<LoginValues>;
  errors: FieldErrors<LoginValues>;
  labels: { email: string; password: string };
  visibilityLabels?: { show: string; hide: string };
}

export function LoginFields({ idPrefix, register, errors, labels, visibilityLabels }: LoginFieldsProps) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const toggle = visibilityLabels && (
    <InputAdornment position="end">
      <IconButton onClick={() => setShowPassword((shown) => !shown)} aria-label={showPassword ? visibilityLabels.hide : visibilityLabels.show} edge="end">
        {showPassword ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <>
      <TextInput
        id={`${idPrefix}-email`}
        label={labels.email}
        type="email"
        autoComplete="username"
        {...muiField(register('email'))}
        error={!!errors.email}
        helperText={errors.email?.message ? t(errors.email.message) : undefined}
        autoFocus
        fullWidth
      />
      <TextInput
        id={`${idPrefix}-password`}
        label={labels.password}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        {...muiField(register('password'))}
        error={!!errors.password}
        helperText={errors.password?.message ? t(errors.password.message) : undefined}
        fullWidth
        endAdornment={toggle || undefined}
      />
    </>
  );
}
