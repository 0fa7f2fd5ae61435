/**
 * 'Ny sak': title, category, priority and the first message; an admin may open it on behalf of a user. A person with
 * more than one property says which one it is about (left alone: their first). Opened with a question about a payout's
 * line, it has the title written, the category 'billing', says what the case is about, and the message field is ready.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { keyResolver, muiField } from '../../../shared/forms';
import { useToast } from '../../../shared/toast';
import { UserPicker } from '../../../shared/components/UserPicker';
import { useMyProperties } from '../../properties';
import { type CaseForm, validateCase } from '../caseForm';
import { CATEGORIES, PRIORITIES, type PayoutQuestion, useCreateCase } from '../casesApi';

const OWNERS_ONLY = { isAdmin: false };
const EMPTY: CaseForm = { title: '', category: '', priority: 'medium', message: '', userId: '', propertyId: '' };

interface NewCaseDialogProps {
  open: boolean;
  isAdmin: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
  /** A question about a payout's line: the case names it. */
  question?: PayoutQuestion | null;
}

export function NewCaseDialog({ open, isAdmin, onClose, onCreated, question = null }: NewCaseDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateCase();
  const properties = useMyProperties().data ?? [];
  const { control, register, handleSubmit, reset, formState } = useForm<CaseForm>({ defaultValues: EMPTY, resolver: keyResolver(validateCase) });
  // A question arrives with its title and category; the person writes the message.
  useEffect(() => {
    if (!open || !question) return;
    reset({ ...EMPTY, title: question.title, category: 'billing' });
  }, [open, question, reset]);
  // The picker is for one's own properties: not while an admin writes on someone's behalf.
  const onBehalfOf = useWatch({ control, name: 'userId' });
  const choosesProperty = properties.length > 1 && !onBehalfOf && !question;
  const error = (name: keyof CaseForm) => (formState.errors[name]?.message ? t(formState.errors[name]!.message!) : undefined);

  const submit = handleSubmit(async (v) => {
    try {
      const created = await create.mutateAsync({
        title: v.title.trim(), category: v.category, priority: v.priority, message: v.message.trim(),
        ...(v.userId ? { userId: Number(v.userId) } : {}),
        ...(choosesProperty && v.propertyId ? { propertyId: Number(v.propertyId) } : {}),
        ...(question ? { payoutId: question.payoutId, payoutLineId: question.payoutLineId } : {}),
      });
      toast({ title: t('cases.dialog.created'), severity: 'success' });
      reset(EMPTY);
      onCreated(created.id);
    } catch (e) {
      toast({ title: t('cases.dialog.createFailed'), description: errorText(e, t('cases.dialog.createFailed')), severity: 'error' });
    }
  });

  const select = (name: 'category' | 'priority', label: string, options: readonly string[], group: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField select label={label} {...field} error={!!error(name)} helperText={error(name)} required>
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`cases.${group}.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('cases.dialog.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {question && <Alert severity="info" data-case-question>{t('cases.dialog.aboutPayoutLine', { title: question.title })}</Alert>}
            {isAdmin && !question && (
              <Controller
                control={control}
                name="userId"
                render={({ field }) => (
                  // Owners only; left empty, the admin writes the case in their own name.
                  <UserPicker
                    label={t('cases.dialog.user')}
                    placeholder={t('cases.dialog.self')}
                    filter={OWNERS_ONLY}
                    value={field.value ? Number(field.value) : null}
                    onChange={(user) => field.onChange(user ? String(user.id) : '')}
                  />
                )}
              />
            )}
            {choosesProperty && (
              <Controller
                control={control}
                name="propertyId"
                render={({ field }) => (
                  <TextField select label={t('properties.household.property')} {...field} value={field.value || String(properties[0].id)}>
                    {properties.map((p) => (
                      <MenuItem key={p.id} value={String(p.id)}>
                        {p.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <TextField label={t('cases.dialog.caseTitle')} {...muiField(register('title'))} error={!!error('title')} helperText={error('title')} required slotProps={{ htmlInput: { maxLength: 100 } }} />
            {select('category', t('cases.category'), CATEGORIES, 'categories')}
            {select('priority', t('cases.priority'), PRIORITIES, 'priorities')}
            <TextField label={t('cases.dialog.firstMessage')} {...muiField(register('message'))} error={!!error('message')} helperText={error('message')} required multiline minRows={4} autoFocus={!!question} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cases.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('cases.dialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
