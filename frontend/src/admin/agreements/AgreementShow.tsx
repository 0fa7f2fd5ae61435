/** An agreement's detail page in the back office: the same view as the owner's, with staff's notes and labels. */
import { useGetIdentity, useGetRecordId, usePermissions, useRedirect } from 'react-admin';
import { parseAgreementId } from '../../features/agreements/agreementsApi';
import { AgreementDetail } from '../../features/agreements/components/AgreementDetail';
import type { Role } from '../authProvider';

export function AgreementShow() {
  const id = useGetRecordId();
  const redirect = useRedirect();
  const { data: identity } = useGetIdentity();
  const { permissions } = usePermissions<Role>();
  if (!identity || !permissions) return null;
  const viewer = { id: Number(identity.id), isAdmin: permissions === 'admin', isMiniAdmin: permissions === 'miniAdmin' };
  return (
    <div style={{ padding: 16 }}>
      <AgreementDetail id={parseAgreementId(String(id))} viewer={viewer} onBack={() => redirect('list', 'agreements')} />
    </div>
  );
}
