import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AdminLoading } from './AdminLoading';
import { createI18nProvider } from './i18nProvider';

describe('the back office loading screen', () => {
  it('names its progress indicator in the reader\'s language, which react-admin\'s own left unnamed', async () => {
    render(
      <AdminContext i18nProvider={createI18nProvider()} store={memoryStore()}>
        <AdminLoading />
      </AdminContext>,
    );
    const progress = await screen.findByRole('progressbar');
    expect(progress.getAttribute('aria-label')).toMatch(/\S/);
    expect(progress.getAttribute('aria-label')).not.toBe('ra.page.loading');
    expect(screen.getByRole('status').textContent).toBe(progress.getAttribute('aria-label'));
  });
});
