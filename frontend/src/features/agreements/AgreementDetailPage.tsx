/** /user/agreements/{id}: one of the owner's agreements with its notes (staff see the same page in the back office). */
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../shared/sessionApi';
import { parseAgreementId } from './agreementsApi';
import { AgreementDetail } from './components/AgreementDetail';

export function AgreementDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return <AgreementDetail id={parseAgreementId(id)} viewer={user} onBack={() => navigate('/user/agreements')} />;
}
