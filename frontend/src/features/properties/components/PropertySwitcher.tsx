/**
 * The choice of property where a person has more than one (docs/product/calendar.md#whose-calendar-it-is): the calendar's
 * toolbar and the household tab. Each is listed by name, with the person's role where they only view it.
 */
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MyProperty } from '../propertiesApi';

export interface PropertySwitcherProps {
  properties: MyProperty[];
  value: number;
  onChange: (propertyId: number) => void;
  size?: 'small' | 'medium';
}

export function PropertySwitcher({ properties, value, onChange, size }: PropertySwitcherProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size={size}
      label={t('properties.household.property')}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 180 }}
    >
      {properties.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.role === 'viewer' ? `${p.name} (${t('properties.roles.viewer')})` : p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
