/**
 * The create dialog (user, property, title, description, date and time, end, place, meeting type, status; an owner or
 * a property or both: a property alone means its owner) and the edit dialog
 * (title, description, date and time, end, place, status), with the agreements' rules (docs/api.md, Agreements) and
 * an end after the start. 'Avtale opprettet' says the user was notified only when the server queued the invitation
 * mail.
 */
import { startOfMinute } from 'date-fns';
import { Create, Edit, SelectInput, SimpleForm, TextInput, useNotify, useRedirect, type Validator } from 'react-admin';
import type { CreatedAgreement } from '../../api/types';
import { PropertyInput } from '../properties/PropertyInput';
import { useNotifyFailure } from '../useNotifyFailure';
import { MeetingDateInput } from './MeetingDateInput';
import { OwnerInput } from './OwnerInput';

const STATUS_CHOICES = ['scheduled', 'completed', 'cancelled'].map((id) => ({ id, name: `agreements.status.${id}` }));
const TYPE_CHOICES = ['general', 'support', 'consultation', 'review'].map((id) => ({ id, name: `agreements.types.${id}` }));

const validDate: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || !Number.isNaN(new Date(value as string | Date).getTime()) ? undefined : 'resources.agreements.validation.date';
/** An end, when given, comes after the start (the server refuses it otherwise: agreement_end_before_start). */
const endAfterStart: Validator = (value: unknown, values: { meetingDate?: unknown }) => {
  if (value === null || value === undefined || value === '') return undefined;
  const end = new Date(value as string | Date).getTime();
  const start = new Date(values.meetingDate as string | Date).getTime();
  return Number.isNaN(start) || end > start ? undefined : 'resources.agreements.validation.endBeforeStart';
};
/** An owner, unless a property is chosen (then its owner, when none is named). */
const ownerOrProperty: Validator = (value: unknown, values: { propertyId?: unknown }) =>
  (value !== null && value !== undefined && value !== '') || (values.propertyId !== null && values.propertyId !== undefined && values.propertyId !== '')
    ? undefined
    : 'resources.agreements.validation.user';
const validTitle: Validator = (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : 'resources.agreements.validation.title');

export function AgreementCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const notifyFailure = useNotifyFailure();
  return (
    <Create
      redirect={false}
      mutationOptions={{
        onSuccess: (created: CreatedAgreement) => {
          notify(created.notified ? 'resources.agreements.createdNotified' : 'resources.agreements.created', { type: 'success' });
          redirect('show', 'agreements', created.id);
        },
        onError: (error: unknown) => notifyFailure('resources.agreements.createFailed', error),
      }}
    >
      <SimpleForm defaultValues={() => ({ meetingDate: startOfMinute(new Date()), meetingType: 'general', status: 'scheduled' })}>
        <OwnerInput source="userId" validate={ownerOrProperty} />
        <PropertyInput />
        <TextInput source="title" validate={validTitle} />
        <TextInput source="description" multiline minRows={3} />
        <MeetingDateInput validate={validDate} />
        <MeetingDateInput source="endDate" validate={[validDate, endAfterStart]} />
        <TextInput source="meetingLocation" />
        <SelectInput source="meetingType" choices={TYPE_CHOICES} />
        <SelectInput source="status" choices={STATUS_CHOICES} />
      </SimpleForm>
    </Create>
  );
}

export function AgreementEdit() {
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{
        onSuccess: () => notify('resources.agreements.updated', { type: 'success' }),
        onError: (error: unknown) => notifyFailure('resources.agreements.updateFailed', error),
      }}
    >
      <SimpleForm>
        <TextInput source="title" validate={validTitle} />
        <TextInput source="description" multiline minRows={3} />
        <MeetingDateInput validate={validDate} />
        <MeetingDateInput source="endDate" validate={[validDate, endAfterStart]} />
        <TextInput source="location" />
        <SelectInput source="status" choices={STATUS_CHOICES} />
      </SimpleForm>
    </Edit>
  );
}
