/**
 * New passwords are at least 12 characters and not on the list of common passwords shipped with the app; existing
 * shorter passwords keep signing in (docs/security.md#passwords).
 */
import { PasswordResetService } from '../src/auth/password-reset.service';
import { PASSWORD, TestApp } from './helpers/test-app';

describe('rules for new passwords', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('refuses fewer than 12 characters and common passwords everywhere a password is set', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const { agent, user } = await t.loginAs('user');
    const { resetLink } = await t.app.get(PasswordResetService).createLink(user.id);
    const token = new URL(resetLink).searchParams.get('token');
    const attempts = {
      own: (p: string) => agent.put('/api/user/password').send({ newPassword: p }),
      admin: (p: string) => admin.post(`/api/admin/users/${user.id}/change-password`).send({ newPassword: p }),
      create: (p: string) => admin.post('/api/admin/users').send({ username: 'regel@example.com', name: 'Regel', password: p }),
      reset: (p: string) => t.anon().post('/api/reset-password').send({ token, newPassword: p }),
    };
    for (const [where, attempt] of Object.entries(attempts)) {
      const short = await attempt('kort-pass-1');
      expect([where, short.status, short.body.code]).toEqual([where, 400, 'validation']);
      expect(short.body.message).toMatch(/minst 12 tegn/);
      // Long enough, but on the list (compared without regard to case).
      const common = await attempt('Password1234');
      expect([where, common.status, common.body.code]).toEqual([where, 400, 'password_too_common']);
      expect(common.body.errors).toEqual([{ field: expect.any(String), message: expect.any(String), code: 'password_too_common' }]);
    }
    // Nothing was set: the old password still signs in.
    await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    await attempts.own('et-langt-og-uvanlig-passord').expect(200);
    await t.anon().post('/api/login').send({ username: user.username, password: 'et-langt-og-uvanlig-passord' }).expect(200);
  });

  it('keeps existing shorter passwords working', async () => {
    expect(PASSWORD.length).toBeLessThan(12);
    const user = await t.createUser('user');
    await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
  });
});
