/**
 * /admin/agreements/{id} and below: the detail page for every staff member (mini admins included, who may read
 * agreements but not change them), and the edit form at /admin/agreements/{id}/edit for those the API lets edit.
 * react-admin puts its edit page on /{id}, where a mini admin would meet Access Denied; links to an agreement
 * (notifications, the list's Details) land on the detail instead.
 */
import { useRouterProvider } from 'react-admin';
import { AgreementEdit } from './AgreementForms';
import { AgreementShow } from './AgreementShow';
import { AGREEMENT_EDIT_SUFFIX } from './paths';

export function AgreementRecord() {
  const { Routes, Route } = useRouterProvider();
  return (
    <Routes>
      <Route path={AGREEMENT_EDIT_SUFFIX} element={<AgreementEdit />} />
      <Route path="*" element={<AgreementShow />} />
    </Routes>
  );
}
