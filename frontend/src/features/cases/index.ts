/** Cases' public face: the case calls the support page shares, and the assignment dialog the back office uses. */
export { DEPARTMENTS, useCases, useCreateCase, type PayoutQuestion } from './casesApi';
export { AssignDialog, type Assignment } from './components/AssignDialog';
