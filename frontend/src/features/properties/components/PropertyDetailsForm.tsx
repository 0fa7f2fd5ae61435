/**
 * The property's name and address, which its owners and co-owners change (PATCH /api/properties/{id}): the name is
 * what the choice of property and the invitations show, so an owner renames the one the migration named after them.
 */
import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyProperty } from '../propertiesApi';
import { useHouseholdAction } from './useHouseholdAction';

/** As the API takes them (docs/product/properties.md#validation). */
const NAME_MAX = 100;
const ADDRESS_MAX = 300;

export function PropertyDetailsForm({ property }: { property: MyProperty }) {
  const { t } = useTranslation();
  const { changes, run } = useHouseholdAction(property.id);
  const [name, setName] = useState(property.name);
  const [address, setAddress] = useState(property.address ?? '');
  const nameMissing = name.trim() === '';
  const unchanged = name.trim() === property.name && address.trim() === (property.address ?? '');

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (nameMissing) return;
    void run(changes.rename, { name: name.trim(), address: address.trim() || null }, 'properties.household.detailsSaved');
  };

  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate>
      <TextField
        label={t('properties.household.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        error={nameMissing}
        helperText={nameMissing ? t('properties.household.nameRequired') : undefined}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
      />
      <TextField label={t('properties.household.address')} value={address} onChange={(e) => setAddress(e.target.value)} slotProps={{ htmlInput: { maxLength: ADDRESS_MAX } }} />
      <Button type="submit" variant="outlined" disabled={unchanged || nameMissing || changes.rename.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('properties.household.saveDetails')}
      </Button>
    </Stack>
  );
}
