/**
 * An agreement's detail page in the back office (/admin/agreements/{id}, and /{id}/show): the same view as the
 * owner's, with staff's notes and labels, for admins and mini admins; admins get the way to the edit form.
 */
import { useGetIdentity, useGetRecordId, usePermissions, useRedirect } from 'react-admin';
import { AgreementDetail, parseAgreementId } from '../../features/agreements';
import type { Role } from '../authProvider';
import { EditAgreementButton } from './EditAgreementButton';

export function AgreementShow() {
  const id = useGetRecordId();
  const redirect = useRedirect();
  const { data: identity } = useGetIdentity();
  const { permissions } = usePermissions<Role>();
  if (!identity || !permissions) return null;
  const viewer = { id: Number(identity.id), isAdmin: permissions === 'admin', isMiniAdmin: permissions === 'miniAdmin' };
  return (
    <div style={{ padding: 16 }}>
      {viewer.isAdmin && <EditAgreementButton id={id} />}
      <AgreementDetail id={parseAgreementId(String(id))} viewer={viewer} onBack={() => redirect('list', 'agreements')} />
    </div>
  );
}
