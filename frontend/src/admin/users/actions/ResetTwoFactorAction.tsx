/**
 * 'Nullstill tofaktor' (docs/security.md): turns off another user's two-factor sign-in after a confirmation, for one
 * who lost both phone and recovery codes. The server asks for the admin's password (and code) first when they last
 * gave it more than 10 minutes ago; the back office's re-authentication dialog answers that (httpClient.ts).
 */
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { Confirm, useTranslate } from 'react-admin';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { useUserAction } from './useUserAction';

const TEXTS = 'resources.users.twoFactorReset';

export function ResetTwoFactorAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const { isOpen, open, close, mutation } = useUserAction(user, {
    call: (dataProvider) => dataProvider.resetTwoFactor(user.id),
    done: `${TEXTS}.done`,
    failed: `${TEXTS}.failed`,
  });
  return (
    <>
      <ActionButton compact={compact} label={translate(`${TEXTS}.action`)} icon={<PhonelinkEraseIcon />} onClick={open} />
      <ActionDialogScope>
        <Confirm
          isOpen={isOpen}
          loading={mutation.isPending}
          title={`${TEXTS}.title`}
          content={`${TEXTS}.content`}
          translateOptions={{ name: user.name }}
          confirm={`${TEXTS}.confirm`}
          onConfirm={() => mutation.mutate({})}
          onClose={close}
        />
      </ActionDialogScope>
    </>
  );
}
