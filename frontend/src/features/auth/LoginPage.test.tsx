import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { queryKeys } from '../../api/queryKeys';
import { createQueryClient } from '../../app/queryClient';
import { ToastProvider } from '../../shared/toast';
import i18n from '../../i18n';
import { LoginPage } from './LoginPage';
import { validateLogin } from './loginValidation';

function renderLogin(settings: { key: string; value: string }[] = []) {
  const queryClient = createQueryClient();
  // Nobody is logged in and staff set no design; seeding the answers keeps the page from asking the (absent) server.
  queryClient.setQueryData(queryKeys.currentUser, null);
  queryClient.setQueryData(queryKeys.systemSettings, settings);
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/auth']}>
          <LoginPage />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('login validation rules', () => {
  it('requires a valid e-mail and a password', () => {
    expect(validateLogin('', '')).toEqual({ email: 'validation.emailRequired', password: 'validation.passwordRequired' });
    expect(validateLogin('   ', 'x')).toEqual({ email: 'validation.emailRequired' });
    expect(validateLogin('ola', 'x')).toEqual({ email: 'validation.emailInvalid' });
    expect(validateLogin('ola@example', 'x')).toEqual({ email: 'validation.emailInvalid' });
    expect(validateLogin(' ola@example.no ', 'x')).toEqual({});
  });
});

describe('login form', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchSpy.mockRestore());

  it('shows the Norwegian required-field messages and sends nothing', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Velkommen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('E-post er påkrevd')).toBeInTheDocument();
    expect(screen.getByText('Passord er påkrevd')).toBeInTheDocument();
    expect(screen.getByLabelText('E-post')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-post'), 'the first field to fix has the focus').toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects an invalid e-mail address and clears the message once fixed', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('E-post'), 'ola.nordmann');
    await user.type(screen.getByLabelText('Passord'), 'hemmelig');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('E-postadresse må være gyldig')).toBeInTheDocument();
    expect(screen.queryByText('Passord er påkrevd')).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-post')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('E-post'));
    await user.type(screen.getByLabelText('E-post'), 'ola@example.no');
    fetchSpy.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Ugyldig brukernavn eller passord' }), { status: 401 }));
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(screen.queryByText('E-postadresse må være gyldig')).not.toBeInTheDocument();
    // The server's refusal comes back as the 'Login failed' toast with its message.
    expect(await screen.findByText('Innlogging feilet')).toBeInTheDocument();
    expect(screen.getByText('Ugyldig brukernavn eller passord')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith('/api/login', expect.objectContaining({ method: 'POST', credentials: 'include' }));
  });

  it("wears the design's front page colours when staff set them, and the product's own otherwise", () => {
    const { unmount } = renderLogin();
    const productName = () => screen.getByText('Eierportal', { selector: 'p' });
    expect(productName()).toHaveStyle({ color: 'rgb(255, 255, 255)' });
    unmount();
    renderLogin([
      { key: 'frontPage.backgroundColor', value: '#fef3c7' },
      { key: 'frontPage.textColor', value: '#7c2d12' },
    ]);
    expect(productName()).toHaveStyle({ color: 'rgb(124, 45, 18)' });
    expect(productName().closest('[class*="MuiBox"]')).toHaveStyle({ background: 'rgb(254, 243, 199)' });
  });

  it('speaks English when English is chosen', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });
});
