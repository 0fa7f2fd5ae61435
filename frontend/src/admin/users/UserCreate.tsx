/** Add user (docs/product/auth-and-users.md#validation-and-limits): e-mail (also the contact e-mail), name, password, roles, phone and account number. */
import { Create, PasswordInput, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { Beds24CreateInputs, useAttachBeds24 } from '../beds24/AttachBeds24';
import { useNotifyFailure } from '../useNotifyFailure';
import { RoleInputs } from './RoleInputs';
import type { User } from './types';
import { validateAccountNumber, validateName, validatePassword, validatePhone, validateUsername } from './validation';

type CreateForm = Pick<User, 'username' | 'name' | 'isAdmin' | 'isMiniAdmin' | 'phoneNumber' | 'accountNumber'> & { password: string };

/** The e-mail is the username and, on creation, the contact e-mail too. */
export function toCreatePayload(form: CreateForm) {
  const username = form.username.trim();
  const isAdmin = Boolean(form.isAdmin);
  return {
    username,
    email: username,
    name: form.name.trim(),
    password: form.password,
    isAdmin,
    isMiniAdmin: !isAdmin && Boolean(form.isMiniAdmin),
    phoneNumber: form.phoneNumber?.trim() || null,
    accountNumber: form.accountNumber?.trim() || null,
  };
}

export function UserCreate() {
  const notifyFailure = useNotifyFailure();
  const notify = useNotify();
  const redirect = useRedirect();
  // The optional Beds24 configuration is saved once the user exists (docs/product/auth-and-users.md#screens).
  const beds24 = useAttachBeds24();
  return (
    <Create<User>
      redirect="list"
      transform={(data) => toCreatePayload(beds24.take(data as unknown as CreateForm))}
      mutationOptions={{
        onError: (error) => notifyFailure('resources.users.errors.create', error),
        onSuccess: async (user: User) => {
          notify('resources.users.notifications.created', { type: 'info' });
          await beds24.attach(user.id);
          redirect('list', 'users');
        },
      }}
    >
      <SimpleForm defaultValues={{ isAdmin: false, isMiniAdmin: false }}>
        <TextInput source="username" type="email" autoComplete="off" validate={validateUsername} helperText="resources.users.helpers.username" />
        <TextInput source="name" validate={validateName} />
        <PasswordInput source="password" autoComplete="new-password" validate={validatePassword} />
        <RoleInputs />
        <TextInput source="phoneNumber" validate={validatePhone} />
        <TextInput source="accountNumber" validate={validateAccountNumber} />
        <Beds24CreateInputs />
      </SimpleForm>
    </Create>
  );
}
