/**
 * The feed manager opens for an address that asks for it (`/?feeds=1`: a feed's or the Beds24 connection's
 * notification, docs/api.md "Notification links"), and the parameter is taken away again.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import type { LocalApi } from '../../../test/localApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { useFeedManager } from './FeedManagerButton';

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function Shell({ fromLink }: { fromLink: boolean }) {
  const feeds = useFeedManager({ fromLink });
  const { search } = useLocation();
  return (
    <>
      <output>{search}</output>
      {feeds.dialog}
    </>
  );
}

async function renderAt(path: string, fromLink = true) {
  api = await startApiForApp((req) => {
    if (req.path === '/api/ical-feeds') return { json: [] };
    if (req.path === '/api/user/beds24') return { json: { configured: false, syncEnabled: false, lastSync: null, failing: false, needsCredentials: false, lastError: null, lastErrorCode: null, eventCount: 0 } };
    return undefined;
  });
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Shell fromLink={fromLink} />
    </MemoryRouter>,
  );
}

describe('the feed manager from a link', () => {
  it('opens for /?feeds=1 and leaves the rest of the address as it was', async () => {
    await renderAt('/?feeds=1&date=2027-01-10');
    expect(await screen.findByRole('dialog', { name: 'Kalenderfeeder' })).toBeInTheDocument();
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('?date=2027-01-10');
  });

  it('stays closed without it, and where the hook does not take links (the first-use panel)', async () => {
    await renderAt('/?date=2027-01-10');
    await renderAt('/?feeds=1', false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
