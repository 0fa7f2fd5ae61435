/** The whole back office mounted at `path` against a local API, as the main app mounts it on '/admin/*'. */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AdminApp from '../AdminApp';

export function renderAdmin(apiUrl: string, path = '/admin/users') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp apiUrl={apiUrl} leave={() => undefined} />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The table row holding `name`; the first render loads react-admin and MUI cold, which can take a few seconds. */
export const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 8000 })).closest('tr')!;
