/** One dialog for creating and editing a price interval (the create and edit dialogs share the fields). */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiField } from '../../../shared/forms';
import { priceResolver } from '../priceForm';
import type { PriceForm } from '../types';

interface Props { open: boolean; initial: PriceForm; editing: boolean; busy: boolean; onClose: () => void; onSave: (form: PriceForm) => void }

export function PriceDialog({ open, initial, editing, busy, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const { register, handleSubmit, control, formState: { errors } } = useForm<PriceForm>({ values: initial, resolver: priceResolver });
  const field = (name: 'name' | 'priceFrom' | 'priceTo' | 'discountPercent', numeric = false) => ({
    ...muiField(register(name)),
    label: t(`prices.fields.${name}`),
    error: !!errors[name],
    helperText: errors[name]?.message ? t(errors[name]!.message!) : undefined,
    fullWidth: true,
    ...(numeric ? { slotProps: { htmlInput: { inputMode: 'decimal' as const } } } : {}),
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit(onSave)} noValidate>
        <DialogTitle>{t(editing ? 'prices.editTitle' : 'prices.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField {...field('name')} required autoFocus />
            <TextField {...field('priceFrom', true)} required />
            <TextField {...field('priceTo', true)} required />
            <TextField {...field('discountPercent', true)} required />
            <Controller
              control={control}
              name="isActive"
              render={({ field: f }) => <FormControlLabel control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />} label={t('prices.fields.isActive')} />}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('prices.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
