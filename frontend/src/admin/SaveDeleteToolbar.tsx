/**
 * The edit form's toolbar of a back-office resource: save, and delete behind react-admin's confirmation with the
 * resource's own title and text (`resources.<textKey>.delete.title|content`); a refused delete is reported as
 * `resources.<textKey>.errors.delete` with the server's message.
 */
import { red } from '@mui/material/colors';
import { DeleteButton, SaveButton, Toolbar } from 'react-admin';
import { useNotifyFailure } from './useNotifyFailure';

export function SaveDeleteToolbar({ resource, textKey = resource }: { resource: string; textKey?: string }) {
  const notifyFailure = useNotifyFailure();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle={`resources.${textKey}.delete.title`}
        confirmContent={`resources.${textKey}.delete.content`}
        mutationOptions={{ onError: (error: unknown) => notifyFailure(`resources.${textKey}.errors.delete`, error) }}
        redirect="list"
        resource={resource}
        // react-admin's error red on the toolbar's grey (#e0e0e0) is 3.8:1; red 900 reads at 5:1 (WCAG AA: 4.5).
        sx={{ color: red[900] }}
      />
    </Toolbar>
  );
}
