/**
 * The e-mail and password fields of a login form (the login page, the maintenance screen's admin login), with
 * useLoginForm's state and messages; with `visibilityLabels`, the password gets a show/hide button.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/components/TextInput';
import type { LoginFieldState, LoginForm } from './useLoginForm';

export interface LoginFieldsProps {
  /** Makes the fields' ids (`<idPrefix>-email`, `<idPrefix>-password`) unique on the page. */
  idPrefix: string;
  form: LoginForm;
  labels: { email: string; password: string };
  visibilityLabels?: { show: string; hide: string };
}

export function LoginFields({ idPrefix, form, labels, visibilityLabels }: LoginFieldsProps) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const toggle = visibilityLabels && (
    <InputAdornment position="end">
      <IconButton onClick={() => setShowPassword((shown) => !shown)} aria-label={showPassword ? visibilityLabels.hide : visibilityLabels.show} edge="end">
        {showPassword ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  const fieldProps = ({ name, value, onChange, errorKey }: LoginFieldState) => ({
    name,
    value,
    onChange,
    error: !!errorKey,
    helperText: errorKey ? t(errorKey) : undefined,
  });
  return (
    <>
      <TextInput
        id={`${idPrefix}-email`}
        label={labels.email}
        type="email"
        autoComplete="username"
        {...fieldProps(form.email)}
        autoFocus
        fullWidth
      />
      <TextInput
        id={`${idPrefix}-password`}
        label={labels.password}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        {...fieldProps(form.password)}
        fullWidth
        endAdornment={toggle || undefined}
      />
    </>
  );
}
