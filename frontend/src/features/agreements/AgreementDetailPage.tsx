/**
 * /user/agreements/{id}: one of the property's agreements with its notes (staff see the same page in the back office);
 * a viewer of the property reads it without the note form.
 */
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMyProperties } from '../properties';
import { useCurrentUser } from '../../shared/sessionApi';
import { parseAgreementId } from './agreementsApi';
import { AgreementDetail } from './components/AgreementDetail';

export function AgreementDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const properties = useMyProperties().data;
  const viewerOf = useMemo(() => (properties ?? []).filter((p) => p.role === 'viewer').map((p) => p.id), [properties]);
  if (!user) return null;
  return <AgreementDetail id={parseAgreementId(id)} viewer={{ ...user, viewerOf }} onBack={() => navigate('/user/agreements')} />;
}
