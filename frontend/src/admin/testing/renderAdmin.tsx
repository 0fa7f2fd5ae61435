/** The whole back office mounted at `path` against a local API, as the main app mounts it on '/admin/*'. */
import { render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { MemoryRouter as AppModulesRouter } from 'react-router';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastProvider } from '../../shared/toast';
import AdminApp from '../AdminApp';

export function renderAdmin(apiUrl: string, path = '/admin/users', leave: (path: string) => void = () => undefined) {
  return render(
    // Inside the app's toasts, as the main app mounts it (the agreement detail shares the app's components).
    <ToastProvider>
      {/* Under vitest react-admin (not bundled) reaches react-router's CommonJS build and the app's own modules its ES
          build: two copies, two contexts. This outer router is the one the app's components in the back office (the
          bell's popover) find; in the browser there is one copy and one router. */}
      <AppModulesRouter initialEntries={[path]}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/*" element={<AdminApp apiUrl={apiUrl} leave={leave} />} />
          </Routes>
        </MemoryRouter>
      </AppModulesRouter>
    </ToastProvider>,
  );
}

/** The table row holding `name`; the first render loads react-admin and MUI cold, which can take a few seconds. */
export const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 8000 })).closest('tr')!;

/** Opens the row action menu of the user `name` (users table) and gives that menu. */
export async function openRowMenu(name: string, user = userEvent.setup()) {
  const button = within(await rowOf(name)).getByRole('button', { name: `Handlinger for ${name}` });
  await user.click(button);
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!menu) throw new Error(`No menu for ${name}`);
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
  return { menu, close: () => closeRowMenu(button, user) };
}

async function closeRowMenu(button: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Escape}');
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
}
