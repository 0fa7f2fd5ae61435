/**
 * Edit user: the create fields without the password, plus the contact e-mail and adminInfo (the message shown to
 * the user on their calendar). The top bar carries the calendar actions (iCal link, calendar) and the user actions
 * (password, reset link, create event, block, delete), which is where mobile admins find them.
 */
import { Box } from '@mui/material';
import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, TopToolbar } from 'react-admin';
import { AccountNumberHistory } from './AccountNumberHistory';
import { ActivityPanel } from './ActivityPanel';
import { useNotifyFailure } from '../useNotifyFailure';
import { BlockedBadge } from './badges';
import { UserCalendarActions } from './CalendarActions';
import { RoleInputs } from './RoleInputs';
import type { User } from './types';
import { UserProperties } from './UserProperties';
import { UserActions } from './UserActions';
import { validateAccountNumber, validateEmail, validateName, validatePhone, validateUsername } from './validation';

/** Only what PUT /api/admin/users/:id accepts; the record's other fields (id, dates, block state) stay out. */
export function toUpdatePayload(form: Partial<User>) {
  const isAdmin = Boolean(form.isAdmin);
  return {
    username: form.username?.trim(),
    email: form.email?.trim(),
    name: form.name?.trim(),
    isAdmin,
    isMiniAdmin: !isAdmin && Boolean(form.isMiniAdmin),
    phoneNumber: form.phoneNumber?.trim() || null,
    accountNumber: form.accountNumber?.trim() || null,
    adminInfo: form.adminInfo?.trim() || null,
  };
}

function EditActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <BlockedBadge />
      <UserCalendarActions />
      <UserActions />
    </TopToolbar>
  );
}

// No delete button in the form: deleting lives with the other actions, which know about the admin's own row.
const EditToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export function UserEdit() {
  const notifyFailure = useNotifyFailure();
  return (
    <Edit<User>
      actions={<EditActions />}
      mutationMode="pessimistic"
      redirect="list"
      transform={(data) => toUpdatePayload(data)}
      mutationOptions={{ onError: (error) => notifyFailure('resources.users.errors.update', error) }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <TextInput source="id" disabled />
        <TextInput source="username" type="email" validate={validateUsername} />
        <TextInput source="email" type="email" validate={validateEmail} />
        <TextInput source="name" validate={validateName} />
        <RoleInputs />
        <TextInput source="phoneNumber" validate={validatePhone} />
        <TextInput source="accountNumber" validate={validateAccountNumber} />
        <TextInput source="adminInfo" multiline minRows={3} helperText="resources.users.helpers.adminInfo" />
      </SimpleForm>
      <Box sx={{ px: 2, pb: 2 }}>
        <UserProperties />
        <AccountNumberHistory />
        <ActivityPanel />
      </Box>
    </Edit>
  );
}
