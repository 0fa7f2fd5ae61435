/** Agreements' public face: the detail view and status badge the back office shows, and the id parser of its route. */
export { parseAgreementId } from './agreementsApi';
export { AgreementDetail } from './components/AgreementDetail';
export { StatusBadge } from './components/StatusBadge';
