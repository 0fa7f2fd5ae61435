import EditIcon from '@mui/icons-material/Create';
import { Button, Link, useCreatePath, useRecordContext, type Identifier } from 'react-admin';
import { AGREEMENT_EDIT_SUFFIX } from './paths';

/** To /admin/agreements/{id}/edit: the record's own address is its detail page (AgreementRecord.tsx). */
export function EditAgreementButton({ id }: { id?: Identifier }) {
  // A list card's record, or the id the detail page was opened with.
  const record = useRecordContext();
  const createPath = useCreatePath();
  const recordId = id ?? record?.id;
  if (recordId === undefined) return null;
  return (
    <Button component={Link} label="resources.agreements.actions.edit" to={`${createPath({ resource: 'agreements', id: recordId, type: 'edit' })}/${AGREEMENT_EDIT_SUFFIX}`}>
      <EditIcon />
    </Button>
  );
}
