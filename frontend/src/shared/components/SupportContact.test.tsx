import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import i18n from '../../i18n';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { SupportContact } from './SupportContact';

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
  await i18n.changeLanguage('nb');
});

async function serve(settings: Array<{ key: string; value: string }>) {
  api = await startApiForApp((req) => (req.method === 'GET' && req.path === '/api/system-settings' ? { json: settings } : undefined));
}

describe('SupportContact', () => {
  it('shows nothing on a fresh install, where staff have given no contact details', async () => {
    await serve([{ key: 'frontPage.textColor', value: '#ffffff' }]);
    const { container } = renderWithApp(<SupportContact />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows what staff gave, with the opening hours in the reader’s language', async () => {
    await serve([
      { key: 'contact.phone', value: '+47 55 12 34 56' },
      { key: 'contact.openingHours.nb', value: 'Hverdager 08–16' },
      { key: 'contact.openingHours.en', value: 'Weekdays 8–16' },
    ]);
    renderWithApp(<SupportContact />);
    expect(await screen.findByRole('link', { name: '+47 55 12 34 56' })).toHaveAttribute('href', 'tel:+4755123456');
    expect(screen.getByText('Åpningstider: Hverdager 08–16')).toBeInTheDocument();
    expect(screen.queryByText(/E-post/)).not.toBeInTheDocument();
  });

  it('falls back on the Norwegian opening hours where no English ones are given', async () => {
    await i18n.changeLanguage('en');
    await serve([{ key: 'contact.openingHours.nb', value: 'Hverdager 08–16' }]);
    renderWithApp(<SupportContact />);
    expect(await screen.findByText('Opening hours: Hverdager 08–16')).toBeInTheDocument();
  });
});
