import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../i18n';
import { installTestClock } from '../test/clock';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ShowToast } from './toast';

/** Hands the test the app's toast function, as a component gets it. */
function renderToasts() {
  const handle: { toast?: ShowToast } = {};
  function Grab() {
    handle.toast = useToast();
    return <button type="button">elsewhere</button>;
  }
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  return (input: Parameters<ShowToast>[0]) => act(() => handle.toast!(input));
}

const alerts = () => screen.queryAllByRole('alert');

describe('toasts', () => {
  it('shows one at a time: the newest result replaces a stale one at once', async () => {
    const show = renderToasts();
    show({ title: 'Kunne ikke markere dagen', severity: 'error' });
    expect(alerts()).toHaveLength(1);
    show({ title: 'Notatet er lagret', severity: 'success' });
    await waitFor(() => expect(alerts()).toHaveLength(1));
    expect(alerts()[0]).toHaveTextContent('Notatet er lagret');
    expect(screen.queryByText('Kunne ikke markere dagen')).toBeNull();
  });

  it('lets a silent success clear a standing error, and leaves other toasts alone', async () => {
    const handle: { toast?: ShowToast } = {};
    function Grab() {
      handle.toast = useToast();
      return null;
    }
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    act(() => handle.toast!({ title: 'Lagret', severity: 'success' }));
    act(() => handle.toast!.clearError());
    expect(screen.getByText('Lagret')).toBeVisible();

    act(() => handle.toast!({ title: 'Kunne ikke markere dagen', severity: 'error' }));
    act(() => handle.toast!.clearError());
    await waitFor(() => expect(screen.queryByText('Kunne ikke markere dagen')).toBeNull());
  });

  it('goes after 5 s, but not while it holds the focus, which F8 gives it', async () => {
    installTestClock(['setTimeout', 'clearTimeout']);
    const show = renderToasts();
    show({ title: 'Hendelsen er slettet', severity: 'success' });
    expect(screen.getByRole('region', { name: 'Varsler (F8)' })).toContainElement(alerts()[0]);

    fireEvent.keyDown(window, { key: 'F8' });
    expect(alerts()[0]).toHaveFocus();
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.getByText('Hendelsen er slettet')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS));
    act(() => void vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByText('Hendelsen er slettet')).toBeNull());
  });

  it('is dismissed by a swipe right of more than 50 px, not by a shorter one', async () => {
    const show = renderToasts();
    show({ title: 'Notatet er slettet', severity: 'success' });
    const toast = alerts()[0];
    const swipe = (dx: number) => {
      fireEvent.touchStart(toast, { touches: [{ clientX: 100, clientY: 10 }] });
      fireEvent.touchEnd(toast, { changedTouches: [{ clientX: 100 + dx, clientY: 10 }] });
    };
    swipe(40);
    swipe(-80);
    expect(screen.getByText('Notatet er slettet')).toBeVisible();
    swipe(60);
    await waitFor(() => expect(screen.queryByText('Notatet er slettet')).toBeNull());
  });
});
