import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import { navItemsFor } from './navigation';

const user = (flags: Partial<User>) => ({ id: 1, username: 'u@example.com', name: 'U', isAdmin: false, isMiniAdmin: false, ...flags }) as User;
const entries = (u: User) => navItemsFor(u).map((item) => `${item.labelKey} ${item.path}`);

describe('the sidebar leads each role to its own screens', () => {
  it('an owner: their own payouts and prices', () => {
    expect(entries(user({}))).toEqual(expect.arrayContaining(['nav.payouts /payouts', 'nav.prices /prices']));
    expect(entries(user({}))).not.toContain('nav.payouts /admin/payouts');
  });

  it("'Bestill møte' for owners only: the API books for owners alone", () => {
    expect(entries(user({}))).toContain('nav.appointments /appointments');
    expect(entries(user({ isAdmin: true }))).not.toContain('nav.appointments /appointments');
    expect(entries(user({ isMiniAdmin: true }))).not.toContain('nav.appointments /appointments');
  });

  it("an admin: the payouts overview and 'Prisintervaller', not their own empty pages", () => {
    const admin = entries(user({ isAdmin: true }));
    expect(admin).toEqual(expect.arrayContaining(['nav.payouts /admin/payouts', 'nav.priceIntervals /prices']));
    expect(admin).not.toContain('nav.payouts /payouts');
    expect(admin).not.toContain('nav.prices /prices');
  });

  it('a mini admin: the payouts overview (read-only there) and their own prices', () => {
    const mini = entries(user({ isMiniAdmin: true }));
    expect(mini).toEqual(expect.arrayContaining(['nav.payouts /admin/payouts', 'nav.prices /prices']));
    expect(mini).not.toContain('nav.payouts /payouts');
  });
});
