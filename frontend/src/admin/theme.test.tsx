import { render, screen } from '@testing-library/react';
import { AdminContext, Loading, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from './i18nProvider';
import { adminLightTheme } from './theme';

describe('the back office theme', () => {
  it("names react-admin's own loading spinner and keeps its caption readable", async () => {
    render(
      <AdminContext i18nProvider={createI18nProvider('nb')} store={memoryStore()} theme={adminLightTheme('Laster …')}>
        <Loading timeout={0} />
      </AdminContext>,
    );
    const progress = await screen.findByRole('progressbar');
    expect(progress.getAttribute('aria-label')).toBe('Laster …');
    // text.disabled (rgba(0, 0, 0, 0.38)) has 2.7:1 on the page's grey; the theme's caption colour has over 4.5:1.
    const caption = progress.closest('.RaLoading-message');
    expect(caption).not.toBeNull();
    expect(getComputedStyle(caption!).color).toBe('rgba(0, 0, 0, 0.6)');
  });

  it('lets a spinner given its own name keep it', async () => {
    const { CircularProgress } = await import('@mui/material');
    render(
      <AdminContext i18nProvider={createI18nProvider('nb')} store={memoryStore()} theme={adminLightTheme('Laster …')}>
        <CircularProgress aria-label="Lagrer" />
      </AdminContext>,
    );
    expect((await screen.findByRole('progressbar')).getAttribute('aria-label')).toBe('Lagrer');
  });
});
