/**
 * The least the back office can be on the stack: react-admin's AdminContext and AdminUI with its default layout,
 * theme and English texts, and one list of users in a DataTable with three columns. No filters, row actions, mobile
 * list, custom layout or the back office's texts.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { AdminContext, AdminUI, DataTable, List, memoryStore, Resource } from 'react-admin';
import { mountBarePage } from './bare';

function BareUserList() {
  return (
    <List>
      <DataTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="username" />
        <DataTable.Col source="name" />
      </DataTable>
    </List>
  );
}

await mountBarePage(
  <AdminContext basename="/admin" dataProvider={simpleRestProvider('/api')} store={memoryStore()}>
    <AdminUI disableTelemetry>
      <Resource name="users" list={BareUserList} />
    </AdminUI>
  </AdminContext>,
);
