/** Settings → Notifications: the mute switch reflects and writes the stored choice that the sound player reads. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { isSoundMuted, setSoundMuted } from '../../notifications/sounds';
import { NotificationsTab } from './NotificationsTab';

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('NotificationsTab', () => {
  it('mutes and unmutes notification sounds in localStorage', async () => {
    render(<NotificationsTab />);
    const toggle = screen.getByRole('switch', { name: 'Mute notification sounds' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(isSoundMuted()).toBe(true);
    await userEvent.click(toggle);
    expect(isSoundMuted()).toBe(false);
  });

  it('shows a stored mute as on', () => {
    setSoundMuted(true);
    render(<NotificationsTab />);
    expect(screen.getByRole('switch', { name: 'Mute notification sounds' })).toBeChecked();
  });
});
