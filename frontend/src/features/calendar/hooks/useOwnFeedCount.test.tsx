/**
 * The first-use panel's feed count against a real local HTTP server: until the server answers, the count this
 * browser kept at the last visit stands in (so a repeat visit draws the panel, or not, from the start); the answer
 * replaces it and is kept for the next visit; another user's calendar has no count.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../../test/localApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { keepFeedCount, keptFeedCount } from '../../../shared/keptWindows';
import { useOwnFeedCount } from './useOwnFeedCount';

let api: LocalApi | undefined;
let answer: (feeds: unknown[]) => void = () => {};
beforeEach(async () => {
  window.localStorage.clear();
  api = await startApiForApp((req) => (req.path === '/api/ical-feeds' ? new Promise((resolve) => (answer = (feeds) => resolve({ json: feeds }))) : undefined));
});
afterEach(async () => {
  answer([]);
  await api?.close();
  api = undefined;
});

function FeedCount({ own }: { own: boolean }) {
  const count = useOwnFeedCount(own, 7);
  return <output>{count === undefined ? 'unknown' : String(count)}</output>;
}

describe('useOwnFeedCount', () => {
  it('shows the kept count until the server answers, then keeps the answer', async () => {
    keepFeedCount(7, 0);
    renderWithApp(<FeedCount own />);
    expect(screen.getByRole('status').textContent).toBe('0');
    await waitFor(() => expect(api!.requests.some((r) => r.path === '/api/ical-feeds')).toBe(true));
    answer([{ id: 1 }, { id: 2 }]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2'));
    expect(keptFeedCount(7)).toBe(2);
    expect(keptFeedCount(8)).toBeUndefined();
  });

  it('is unknown with nothing kept, and on another user’s calendar', async () => {
    const first = renderWithApp(<FeedCount own />);
    expect(screen.getByRole('status').textContent).toBe('unknown');
    first.unmount();
    keepFeedCount(7, 3);
    renderWithApp(<FeedCount own={false} />);
    expect(screen.getByRole('status').textContent).toBe('unknown');
  });
});
