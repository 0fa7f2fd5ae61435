/** An agreement's edit form sits below its own address, which is the detail page (AgreementRecord.tsx). */
export const AGREEMENT_EDIT_SUFFIX = 'edit';
