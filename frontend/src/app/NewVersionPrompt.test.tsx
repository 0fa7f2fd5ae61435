import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewVersionPrompt } from './NewVersionPrompt';
import { announceNewVersion } from './serviceWorker';

describe('NewVersionPrompt', () => {
  it("says nothing until a new version waits, then offers 'Last inn på nytt', which lets the new version take over", async () => {
    render(<NewVersionPrompt />);
    expect(screen.queryByText('Ny versjon')).not.toBeInTheDocument();

    const activate = vi.fn(() => Promise.resolve());
    act(() => announceNewVersion(activate));
    expect(await screen.findByText('Ny versjon')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Last inn på nytt' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
