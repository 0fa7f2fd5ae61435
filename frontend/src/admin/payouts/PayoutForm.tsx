/**
 * Register and edit a payout (docs/product/payouts-and-prices.md#screens). Registering needs an owner and an amount
 * (the button stays disabled without them); 'calculate rental days' fills the field from the owner's stored
 * bookings. Owner, month and year are fixed once registered (the API changes amount, status, paid date, rental days,
 * notes).
 * Admin only: mini admins reach neither page (canAccess).
 */
import CalculateIcon from '@mui/icons-material/Calculate';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DayInput } from '../DayInput';
import { SaveDeleteToolbar } from '../SaveDeleteToolbar';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AdminDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import { PAYOUTS_RESOURCE, STATUS_CHOICES, type AdminPayout } from './types';
import { validateAmount, validateRentalDays } from './validation';

const MONTH_CHOICES = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: String(i + 1).padStart(2, '0') }));
const yearChoices = () => {
  const now = new Date().getFullYear();
  return Array.from({ length: now + 2 - 2020 }, (_, i) => ({ id: 2020 + i, name: String(2020 + i) }));
};

/** Fills rentalDays with the month's booked nights; without owner, month and year it says to choose them first. */
function CalculateRentalDaysButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { getValues, setValue } = useFormContext();
  const [busy, setBusy] = useState(false);
  const calculate = async () => {
    const { userId, month, year } = getValues();
    if (!userId || !month || !year) {
      notify('resources.payouts.rentalDays.chooseFirst', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      const answer = await dataProvider.calculateRentalDays({ userId: Number(userId), month: Number(month), year: Number(year) });
      setValue('rentalDays', answer.rentalDays, { shouldDirty: true, shouldValidate: true });
      notify(answer.message, { type: 'info' });
    } catch (error) {
      notifyFailure('resources.payouts.rentalDays.failed', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<CalculateIcon />} onClick={() => void calculate()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
      {translate('resources.payouts.rentalDays.calculate')}
    </Button>
  );
}

function MoneyInputs() {
  return (
    <>
      <TextInput source="amount" validate={validateAmount} helperText="resources.payouts.helpers.amount" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} />
      <DayInput source="paidDate" label="resources.payouts.fields.paidDate" invalidText="resources.payouts.validation.paidDate" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, width: '100%' }}>
        <NumberInput source="rentalDays" min={0} max={31} step={1} validate={validateRentalDays} />
        <CalculateRentalDaysButton />
      </Stack>
      <TextInput source="notes" multiline minRows={2} />
    </>
  );
}

/** Register stays disabled until an owner and an amount are given (docs/product/payouts-and-prices.md#validation-and-limits). */
function RegisterToolbar() {
  const [userId, amount] = useWatch({ name: ['userId', 'amount'] });
  return (
    <Toolbar>
      <SaveButton label="resources.payouts.register" disabled={!userId || !String(amount ?? '').trim()} alwaysEnable={!!userId && !!String(amount ?? '').trim()} />
    </Toolbar>
  );
}

export function PayoutCreate() {
  const notifyFailure = useNotifyFailure();
  const now = new Date();
  return (
    <Create<AdminPayout> redirect="list" resource={PAYOUTS_RESOURCE} mutationOptions={{ onError: (error) => notifyFailure('resources.payouts.errors.create', error) }}>
      <SimpleForm defaultValues={{ status: 'pending', month: now.getMonth() + 1, year: now.getFullYear(), currency: 'NOK' }} toolbar={<RegisterToolbar />}>
        <ReferenceInput source="userId" reference="users" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput optionText={(u: { name: string; username: string }) => `${u.name} (${u.username})`} filterToQuery={(q: string) => ({ q })} validate={required('resources.payouts.validation.userRequired')} />
        </ReferenceInput>
        <Stack direction="row" spacing={1}>
          <SelectInput source="month" choices={MONTH_CHOICES} validate={required()} />
          <SelectInput source="year" choices={yearChoices()} validate={required()} />
        </Stack>
        <MoneyInputs />
      </SimpleForm>
    </Create>
  );
}

function Period() {
  const payout = useRecordContext<AdminPayout>();
  const translate = useTranslate();
  if (!payout) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">{translate('resources.payouts.fields.userName')}</Typography>
      <Typography>{`${payout.userName ?? ''} · ${String(payout.month).padStart(2, '0')}.${payout.year}`}</Typography>
    </Box>
  );
}

export function PayoutEdit() {
  const notifyFailure = useNotifyFailure();
  return (
    <Edit<AdminPayout> mutationMode="pessimistic" redirect="list" mutationOptions={{ onError: (error) => notifyFailure('resources.payouts.errors.update', error) }}>
      <SimpleForm toolbar={<SaveDeleteToolbar resource={PAYOUTS_RESOURCE} />}>
        <Period />
        <MoneyInputs />
      </SimpleForm>
    </Edit>
  );
}
