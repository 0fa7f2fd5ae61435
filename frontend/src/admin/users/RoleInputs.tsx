/**
 * The two role checkboxes (docs/product/auth-and-users.md#data-and-states): ticking full admin clears mini admin, and mini admin stays disabled while
 * admin is ticked. Both fields are bound here with useInput, so one can change the other.
 */
import { Checkbox, FormControlLabel, FormGroup, FormHelperText } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

export function RoleInputs() {
  const translate = useTranslate();
  const admin = useInput({ source: 'isAdmin', defaultValue: false }).field;
  const miniAdmin = useInput({ source: 'isMiniAdmin', defaultValue: false }).field;
  const isAdmin = Boolean(admin.value);
  return (
    <FormGroup sx={{ mb: 2 }}>
      <FormControlLabel
        label={translate('resources.users.fields.isAdmin')}
        control={
          <Checkbox
            name={admin.name}
            checked={isAdmin}
            onBlur={admin.onBlur}
            onChange={(event) => {
              admin.onChange(event.target.checked);
              if (event.target.checked) miniAdmin.onChange(false);
            }}
          />
        }
      />
      <FormControlLabel
        label={translate('resources.users.fields.isMiniAdmin')}
        disabled={isAdmin}
        control={
          <Checkbox
            name={miniAdmin.name}
            checked={Boolean(miniAdmin.value) && !isAdmin}
            onBlur={miniAdmin.onBlur}
            onChange={(event) => miniAdmin.onChange(event.target.checked)}
          />
        }
      />
      {isAdmin && <FormHelperText sx={{ mt: -0.5 }}>{translate('resources.users.helpers.isMiniAdmin')}</FormHelperText>}
    </FormGroup>
  );
}
