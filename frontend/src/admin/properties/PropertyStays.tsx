/**
 * A property's owner stays and rental on its page (docs/product/stays.md#screens): the year's nights, and the stay
 * rules with the housing type and its rental day limit. Admins change the rules (PUT, the server's field errors on the
 * fields); mini admins read them.
 */
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, FormHelperText, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import {
  Form,
  HttpError,
  NumberInput,
  SaveButton,
  SelectInput,
  Toolbar,
  maxValue,
  minValue,
  required,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { laterPartLoaded } from '../../i18n/laterPart';
import { DateField } from '../../shared/components/DateField';
import { formatWholeMoney, localeOf } from '../../shared/money';
import { useIsFullAdmin } from '../access';
import type { AdminDataProvider } from '../dataProvider';
import { formatDateTime } from '../formatDate';
import { errorMessage } from '../httpClient';
import { useNotifyFailure } from '../useNotifyFailure';
import type { AdminProperty, PropertyNights, StayRules, StayRulesInput } from './propertiesDataProvider';

// The stays' texts load with this page, not with the back office's first screen (i18n/catalogueParts.ts).
await laterPartLoaded('later');

type HousingType = NonNullable<StayRules['housingType']>;
/**
 * The rental days a year the law allows each housing type (docs/product/stays.md#rental-days; the server's
 * DEFAULT_RENTAL_DAY_LIMIT): what the limit is filled in with when the type is chosen.
 */
const DEFAULT_RENTAL_DAY_LIMIT: Record<HousingType, number | null> = { selveier: null, borettslag: 30, eierseksjonssameie: 90, fritidsbolig: null, annet: null };
const HOUSING_TYPES = Object.keys(DEFAULT_RENTAL_DAY_LIMIT) as HousingType[];
/** Held as requests for staff (stays as requests); only shown when the server's rules know it. */
const APPROVALS = ['instant', 'request'] as const;

/** The rules as the form holds them: the server's, with `approval` where the server has it. */
type RulesValues = StayRulesInput & { approval?: (typeof APPROVALS)[number] };

const KEYS = 'stays.rules';
const keys = {
  rules: ['properties', 'stayRules'] as const,
  nights: ['properties', 'nights'] as const,
};

/** A select's empty choice is no value. */
const emptyIsNull = (value: string) => (value === '' ? null : value);
const wholeNumber: Validator = (value: unknown) => (value == null || Number.isInteger(value) ? undefined : `${KEYS}.integer`);
/** A count from `min` to `max`, or empty for no rule (the server's ranges, docs/product/stays.md#validation). */
const count = (min: number, max: number) => [wholeNumber, minValue(min), maxValue(max)];
const validate = {
  maxOwnerNightsPerYear: count(0, 366),
  minNoticeDays: count(0, 365),
  minNights: count(1, 366),
  maxNights: count(1, 366),
  rentalDayLimit: count(0, 366),
};

/** A blackout as its row holds it: `key` keeps a row's fields its own when one above it is removed. */
interface BlackoutRow {
  key: number;
  from: string;
  to: string;
  label: string;
}

/** What PUT takes: the whole set, `approval` only where the server's rules have it (an older server refuses it). */
function toInput(values: RulesValues, blackouts: BlackoutRow[], known: StayRules): RulesValues {
  const orNull = (value: number | null | undefined) => (typeof value === 'number' ? value : null);
  return {
    maxOwnerNightsPerYear: orNull(values.maxOwnerNightsPerYear),
    minNoticeDays: orNull(values.minNoticeDays),
    minNights: orNull(values.minNights),
    maxNights: orNull(values.maxNights),
    housingType: values.housingType || null,
    rentalDayLimit: orNull(values.rentalDayLimit),
    blackouts: blackouts.map(({ from, to, label }) => ({ from, to, label })),
    ...('approval' in known && values.approval ? { approval: values.approval } : {}),
  };
}

export function PropertyStays() {
  const property = useRecordContext<AdminProperty>();
  const translate = useTranslate();
  if (!property) return null;
  const headingId = `property-${property.id}-stays`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%' }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate(`${KEYS}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {translate(`${KEYS}.intro`)}
      </Typography>
      <YearNights propertyId={property.id} />
      <StayRulesSection propertyId={property.id} />
    </Box>
  );
}

/** The year's nights for staff: owner nights and rental days against their limits, and the forgone income's estimate. */
function YearNights({ propertyId }: { propertyId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const nights = useQuery({ queryKey: [...keys.nights, propertyId, year], queryFn: () => dataProvider.propertyNights(propertyId, year) });
  const t = (key: string, options?: object) => translate(`stays.year.${key}`, options);
  const headingId = `property-${propertyId}-nights`;
  const [locale] = useLocaleState();
  const number = new Intl.NumberFormat(localeOf(locale));
  const n = (value: number | null) => (value === null ? t('none') : number.format(value));
  const data: PropertyNights | undefined = nights.data;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3, maxWidth: 560 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography id={headingId} variant="subtitle2" component="h3" aria-live="polite">
          {translate('stays.nights.title', { year })}
        </Typography>
        <Tooltip title={t('previous')}>
          <IconButton size="small" aria-label={t('previous')} onClick={() => setYear((y) => y - 1)} disabled={year <= 2020}>
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('next')}>
          <IconButton size="small" aria-label={t('next')} onClick={() => setYear((y) => y + 1)} disabled={year >= 2100}>
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {nights.isError ? (
        <Alert severity="error">{t('loadFailed', { message: errorMessage(nights.error) })}</Alert>
      ) : (
        data && (
          <>
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('count')}</TableCell>
                  <TableCell align="right">{t('used')}</TableCell>
                  <TableCell align="right">{t('limit')}</TableCell>
                  <TableCell align="right">{t('left')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody sx={{ '& td': { fontVariantNumeric: 'tabular-nums' } }}>
                <TableRow>
                  <TableCell component="th" scope="row">{translate('stays.nights.owner')}</TableCell>
                  <TableCell align="right">{n(data.ownerNights)}</TableCell>
                  <TableCell align="right">{n(data.ownerNightsLimit)}</TableCell>
                  <TableCell align="right">{data.ownerNightsLeft === null ? '–' : n(data.ownerNightsLeft)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th" scope="row">
                    {translate('stays.nights.rental')}
                    {data.housingType && ` (${translate(`stays.housingTypes.${data.housingType}`)})`}
                  </TableCell>
                  <TableCell align="right">{n(data.rentalDays)}</TableCell>
                  <TableCell align="right">{n(data.rentalDayLimit)}</TableCell>
                  <TableCell align="right">{data.rentalDaysLeft === null ? '–' : n(data.rentalDaysLeft)}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
            {data.forgoneIncome && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate('stays.nights.forgone', { amount: formatWholeMoney(data.forgoneIncome.amount, data.forgoneIncome.currency, locale) })}
              </Typography>
            )}
          </>
        )
      )}
    </Box>
  );
}

/** The rules: a form for admins, the same fields to read for mini admins. */
function StayRulesSection({ propertyId }: { propertyId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const rules = useQuery({ queryKey: [...keys.rules, propertyId], queryFn: () => dataProvider.stayRules(propertyId) });
  const isAdmin = useIsFullAdmin();
  if (rules.isError) return <Alert severity="error">{translate(`${KEYS}.loadFailed`, { message: errorMessage(rules.error) })}</Alert>;
  if (!rules.data) return null;
  return (
    <>
      {rules.data.updatedAt && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate(`${KEYS}.updated`, { date: formatDateTime(rules.data.updatedAt) })}
        </Typography>
      )}
      {isAdmin ? <StayRulesForm propertyId={propertyId} rules={rules.data} /> : <StayRulesReadOnly rules={rules.data} />}
    </>
  );
}

function StayRulesForm({ propertyId, rules }: { propertyId: number; rules: StayRules }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const hasApproval = 'approval' in rules;
  const label = (key: string) => `${KEYS}.${key}`;
  // The blackouts' rows beside the form's fields, not a react-admin ArrayInput: its field array would join the back
  // office's first chunk (scripts/size-budget.mjs). The server checks them, and its errors show on their rows.
  const [blackouts, setBlackouts] = useState<BlackoutRow[]>(() => rules.blackouts.map((b, key) => ({ key, ...b })));
  const [blackoutErrors, setBlackoutErrors] = useState<Record<string, string>>({});
  const changeBlackouts = (rows: BlackoutRow[]) => {
    setBlackouts(rows);
    setBlackoutErrors({});
  };

  /** Saves the whole set; a refusal's field errors go back to their fields (the rows' to the rows). */
  const save = async (values: RulesValues) => {
    try {
      const saved = await dataProvider.setStayRules(propertyId, toInput(values, blackouts, rules));
      queryClient.setQueryData([...keys.rules, propertyId], saved);
      void queryClient.invalidateQueries({ queryKey: [...keys.nights, propertyId] });
      notify(translate(`${KEYS}.saved`), { type: 'success' });
      return undefined;
    } catch (error) {
      notifyFailure(`${KEYS}.saveFailed`, error);
      const errors = error instanceof HttpError ? ((error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) : {};
      const isBlackouts = (field: string) => field === 'blackouts' || field.startsWith('blackouts.');
      setBlackoutErrors(Object.fromEntries(Object.entries(errors).filter(([field]) => isBlackouts(field))));
      return Object.fromEntries(Object.entries(errors).filter(([field]) => !isBlackouts(field)));
    }
  };

  return (
    // A new answer from the server (after a save) starts the form again from it.
    <Form key={rules.updatedAt ?? 'none'} record={rules} onSubmit={(values: object) => save(values as RulesValues)}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 16rem))' }, columnGap: 2 }}>
        <NumberInput source="maxOwnerNightsPerYear" label={label('maxOwnerNightsPerYear')} validate={validate.maxOwnerNightsPerYear} step={1} />
        <NumberInput source="minNoticeDays" label={label('minNoticeDays')} validate={validate.minNoticeDays} step={1} />
        <NumberInput source="minNights" label={label('minNights')} validate={validate.minNights} step={1} />
        <NumberInput source="maxNights" label={label('maxNights')} validate={validate.maxNights} step={1} />
        {hasApproval && (
          <SelectInput
            source="approval"
            label={label('approval')}
            choices={APPROVALS.map((id) => ({ id, name: `${KEYS}.approvals.${id}` }))}
            parse={emptyIsNull}
            validate={required()}
          />
        )}
      </Box>
      <HousingFields />
      <BlackoutRows rows={blackouts} errors={blackoutErrors} onChange={changeBlackouts} />
      <Toolbar sx={{ px: 0 }}>
        {/* The rows are not the form's own fields: a change there is a change too. */}
        <SaveButton alwaysEnable />
      </Toolbar>
    </Form>
  );
}

/** The blackouts, a row each (from, to, name), added and removed; each field says the server's error for it. */
function BlackoutRows({ rows, errors, onChange }: { rows: BlackoutRow[]; errors: Record<string, string>; onChange: (rows: BlackoutRow[]) => void }) {
  const translate = useTranslate();
  const rule = (key: string, options?: object) => translate(`${KEYS}.${key}`, options);
  const headingId = 'stay-rules-blackouts';
  const change = (key: number, part: Partial<BlackoutRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...part } : row)));
  const add = () => onChange([...rows, { key: Math.max(-1, ...rows.map((row) => row.key)) + 1, from: '', to: '', label: '' }]);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, maxWidth: 760 }}>
      <Typography component="legend" variant="subtitle2" id={headingId}>
        {rule('blackouts')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {rule('blackoutsHelp')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, index) => {
          const error = (field: keyof BlackoutRow) => errors[`blackouts.${index}.${field}`];
          const named = row.label || String(index + 1);
          return (
            <Stack component="li" key={row.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Box sx={{ flex: '0 0 11rem' }}>
                <DateField label={rule('from')} value={row.from} onChange={(from) => change(row.key, { from })} required error={!!error('from')} helperText={error('from')} />
              </Box>
              <Box sx={{ flex: '0 0 11rem' }}>
                <DateField label={rule('to')} value={row.to} onChange={(to) => change(row.key, { to })} required error={!!error('to')} helperText={error('to')} />
              </Box>
              <TextField
                label={rule('label')}
                value={row.label}
                onChange={(event) => change(row.key, { label: event.target.value })}
                required
                fullWidth
                slotProps={{ htmlInput: { maxLength: 100 } }}
                error={!!error('label')}
                helperText={error('label')}
              />
              <Tooltip title={rule('remove', { name: named })}>
                <IconButton aria-label={rule('remove', { name: named })} onClick={() => onChange(rows.filter((other) => other.key !== row.key))} sx={{ alignSelf: 'center' }}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
      </Stack>
      {errors.blackouts && <FormHelperText error>{errors.blackouts}</FormHelperText>}
      <Button startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
        {rule('add')}
      </Button>
    </Box>
  );
}

/** The housing type and its rental day limit, which choosing a type fills in with the law's number for it. */
function HousingFields() {
  const { setValue } = useFormContext<RulesValues>();
  const label = (key: string) => `${KEYS}.${key}`;
  // react-admin hands the select's change event (or, for some inputs, the chosen record).
  const fillLimit = (change: ChangeEvent<HTMLInputElement> | RaRecord) => {
    const type = ('target' in change ? change.target.value : change.id) as HousingType | '' | null;
    setValue('rentalDayLimit', type ? DEFAULT_RENTAL_DAY_LIMIT[type] : null, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 16rem))' }, columnGap: 2 }}>
      <SelectInput
        source="housingType"
        label={label('housingType')}
        choices={HOUSING_TYPES.map((id) => ({ id, name: `stays.housingTypes.${id}` }))}
        parse={emptyIsNull}
        onChange={fillLimit}
      />
      <NumberInput source="rentalDayLimit" label={label('rentalDayLimit')} helperText={label('rentalDayLimitHelp')} validate={validate.rentalDayLimit} step={1} />
    </Box>
  );
}

/** The rules as text, for mini admins. */
function StayRulesReadOnly({ rules }: { rules: StayRules & { approval?: string } }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rule = (key: string) => translate(`${KEYS}.${key}`);
  const none = translate('stays.year.none');
  const n = (value: number | null) => (value === null ? none : new Intl.NumberFormat(localeOf(locale)).format(value));
  const day = (key: string) => key.split('-').reverse().join('.');
  const rows: [string, string][] = [
    [rule('maxOwnerNightsPerYear'), n(rules.maxOwnerNightsPerYear)],
    [rule('minNoticeDays'), n(rules.minNoticeDays)],
    [rule('minNights'), n(rules.minNights)],
    [rule('maxNights'), n(rules.maxNights)],
    ...(rules.approval ? [[rule('approval'), rule(`approvals.${rules.approval}`)] as [string, string]] : []),
    [rule('housingType'), rules.housingType ? translate(`stays.housingTypes.${rules.housingType}`) : none],
    [rule('rentalDayLimit'), n(rules.rentalDayLimit)],
    [rule('blackouts'), rules.blackouts.map((b) => `${day(b.from)}–${day(b.to)} (${b.label})`).join(', ') || none],
  ];
  return (
    <Table size="small" sx={{ maxWidth: 720 }}>
      <TableBody>
        {rows.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row" sx={{ width: '40%' }}>
              {name}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
