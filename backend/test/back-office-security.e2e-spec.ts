/**
 * The back office's holes an attack review found: an admin's open session changes nothing that takes an account or
 * its money over without a fresh proof (docs/security.md#re-authentication); staff who owe two-factor sign-in get no
 * live pushes (docs/security.md#staff); staff outside a full admin's edit read account numbers masked
 * (docs/security.md#bank-account-numbers); and the security mails go where a thief cannot catch them
 * (docs/security.md#security-mails).
 */
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { BackupsService } from '../src/backups/backups.service';
import { MailQueue } from '../src/mail/mail-queue.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { UsersService } from '../src/users/users.service';
import { parseMail, startSmtpServer, type ParsedMail } from './helpers/smtp-server';
import { PASSWORD, TestApp } from './helpers/test-app';
import { listen, openSocket, sessionCookie, socketOf } from './helpers/ws-client';

const MINUTE = 60_000;
type Agent = ReturnType<typeof request.agent>;

const codeAt = (t: TestApp, secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() });

async function enableTwoFactor(t: TestApp, agent: Agent): Promise<string> {
  const setup = await agent.post('/api/user/2fa/setup').expect(200);
  await agent.post('/api/user/2fa/enable').send({ code: codeAt(t, setup.body.secret) }).expect(200);
  return setup.body.secret;
}

const reauthRequired = (res: request.Response) => {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ code: 'reauth_required', message: expect.any(String) });
};

describe('the back office asks an admin again before sensitive changes', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  const stored = async (id: number) =>
    (await t.app.get(DataSource).query('SELECT username, email, account_number, password, is_admin, is_mini_admin FROM users WHERE id = $1', [id]))[0];

  it('refuses, 11 minutes after sign-in, every change of another user\'s e-mail, sign-in name, account number, role, password or two-factor, and a restore', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const owner = await t.createUser('user', { accountNumber: '1111.22.33333' });
    const { agent: ownerAgent } = await t.loginAs(owner);
    await enableTwoFactor(t, ownerAgent);
    const { filename } = await t.app.get(BackupsService).create(false, null);
    const before = await stored(owner.id);
    t.clock.advance(11 * MINUTE);

    reauthRequired(await admin.put(`/api/admin/users/${owner.id}`).send({ email: 'tyv@example.com' }));
    reauthRequired(await admin.put(`/api/admin/users/${owner.id}`).send({ username: 'tyv@example.com' }));
    reauthRequired(await admin.put(`/api/admin/users/${owner.id}`).send({ accountNumber: '9999.99.99999' }));
    reauthRequired(await admin.put(`/api/admin/users/${owner.id}`).send({ isAdmin: true }));
    reauthRequired(await admin.put(`/api/admin/users/${owner.id}`).send({ isMiniAdmin: true }));
    reauthRequired(await admin.post(`/api/admin/users/${owner.id}/change-password`).send({ newPassword: 'tyvens-passord' }));
    reauthRequired(await admin.post(`/api/admin/users/${owner.id}/reset-password`));
    reauthRequired(await admin.post(`/api/admin/users/${owner.id}/2fa/reset`));
    reauthRequired(await admin.post(`/api/admin/backups/restore/${filename}`));
    reauthRequired(await admin.post('/api/admin/users').send({ username: 'ny-admin@example.com', name: 'Ny', password: 'nytt-eierpassord-1', isAdmin: true }));
    reauthRequired(await admin.post('/api/register').send({ username: 'ny-hjelper@example.com', name: 'Ny', password: 'nytt-eierpassord-1', isMiniAdmin: true }));
    expect(await stored(owner.id)).toEqual(before);
    expect((await ownerAgent.get('/api/user/2fa').expect(200)).body.enabled).toBe(true);

    // What takes nothing over still passes: a name, a message, the same values again (as typed), an owner's new account.
    await admin.put(`/api/admin/users/${owner.id}`).send({ name: 'Nytt Navn', adminInfo: 'Hei', email: ` ${owner.email.toUpperCase()} `, accountNumber: '1111.22.33333', isAdmin: false }).expect(200);
    await admin.post('/api/admin/users').send({ username: 'ny-eier@example.com', name: 'Ny eier', password: 'nytt-eierpassord-1' }).expect(201);

    // Once the password is given again, the same calls go through.
    await admin.post('/api/user/reauth').send({ password: PASSWORD }).expect(200);
    await admin.put(`/api/admin/users/${owner.id}`).send({ email: 'ny@example.com', accountNumber: '9999.99.99999' }).expect(200);
    await admin.post(`/api/admin/users/${owner.id}/change-password`).send({ newPassword: 'nytt-passord' }).expect(200);
    await admin.post(`/api/admin/users/${owner.id}/2fa/reset`).expect(200);
    await admin.post('/api/admin/backups/restore/finnes-ikke.tar.gz').expect((res) => expect(res.status).not.toBe(403));
  });

  it('sends an admin to their own settings for their own password, reset link and two-factor', async () => {
    const { agent: admin, user } = await t.loginAs('admin');
    await enableTwoFactor(t, admin);
    expect((await admin.post(`/api/admin/users/${user.id}/change-password`).send({ newPassword: 'nytt-passord' }).expect(403)).body.code).toBe('own_password_in_settings');
    expect((await admin.post(`/api/admin/users/${user.id}/reset-password`).expect(403)).body.code).toBe('own_password_in_settings');
    expect((await admin.post(`/api/admin/users/${user.id}/2fa/reset`).expect(403)).body.code).toBe('own_two_factor_in_settings');
    expect((await admin.get('/api/user/2fa').expect(200)).body.enabled).toBe(true);
    // Their own e-mail and account number change in the back office too, but only with a fresh proof.
    t.clock.advance(11 * MINUTE);
    reauthRequired(await admin.put(`/api/admin/users/${user.id}`).send({ email: 'tyv@example.com', accountNumber: '9999.99.99999' }));
    expect((await stored(user.id)).email).toBe(user.email);
  });
});

describe('account numbers in the back office', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('are masked but for the last four digits for mini admins and in the list; a full admin reads one user in full', async () => {
    const owner = await t.createUser('user', { accountNumber: '9876.54.32109' });
    const { agent: mini } = await t.loginAs('miniAdmin');
    const { agent: admin } = await t.loginAs('admin');
    const inList = (res: request.Response) => res.body.find((u: { id: number }) => u.id === owner.id).accountNumber;

    expect((await mini.get(`/api/admin/users/${owner.id}`).expect(200)).body.accountNumber).toBe('••••.••.•2109');
    expect(inList(await mini.get('/api/admin/users').expect(200))).toBe('••••.••.•2109');
    expect(inList(await mini.get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [owner.id] }))}`).expect(200))).toBe('••••.••.•2109');
    expect(inList(await admin.get('/api/admin/users').expect(200))).toBe('••••.••.•2109');
    expect((await admin.get(`/api/admin/users/${owner.id}`).expect(200)).body.accountNumber).toBe('9876.54.32109');
    // The owner's own pages keep it in full.
    const { agent: ownerAgent } = await t.loginAs(owner);
    expect((await ownerAgent.get('/api/user').expect(200)).body.accountNumber).toBe('9876.54.32109');
  });
});

describe('live notifications for staff who owe two-factor sign-in', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await TestApp.start();
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('are refused at /ws and closed when the setting turns on; owners keep theirs', async () => {
    const mini = await t.createUser('miniAdmin');
    const admin = await t.createUser('admin');
    const owner = await t.createUser('user');
    const { agent: secured } = await t.loginAs('admin');
    await enableTwoFactor(t, secured);

    const miniSocket = await socketOf(t, mini, port);
    const adminSocket = await socketOf(t, admin, port);
    const ownerSocket = await socketOf(t, owner, port);
    t.clock.advance(MINUTE);
    await secured.put('/api/system-settings/security.requireStaff2fa').send({ value: 'true' }).expect(200);

    expect(await miniSocket.closed).toMatchObject({ code: 1008 });
    expect(await adminSocket.closed).toMatchObject({ code: 1008 });
    await expect(openSocket(port, { cookie: await sessionCookie(t, mini) })).rejects.toMatchObject({ status: 403 });
    await expect(openSocket(port, { cookie: await sessionCookie(t, admin) })).rejects.toMatchObject({ status: 403 });

    // Nothing reaches them meanwhile; the owner's socket is open and hears its own.
    await t.app.get(NotificationsService).create({ userId: owner.id, type: 'account_number_changed', params: { account: '•••• 2345' } });
    await ownerSocket.next('notification');
    expect(ownerSocket.ws.readyState).toBe(ownerSocket.ws.OPEN);

    ownerSocket.ws.close();
  });
});

describe('security mails', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await TestApp.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Eierportal <portal@example.no>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function mailsTo(to: string): Promise<ParsedMail[]> {
    await t.app.get(MailQueue).whenDrained();
    return smtp.received.filter((m) => m.to.includes(to)).map((m) => parseMail(m.data));
  }

  it('one save of a new e-mail and account number warns the previous address of both, and mails nothing to the new one', async () => {
    const { agent, user } = await t.loginAs('user');
    await agent.put('/api/user/profile').send({ name: user.name, email: 'tyv@example.com', accountNumber: '1234.56.78901' }).expect(200);
    const old = await mailsTo(user.email);
    expect(old.map((m) => m.subject).sort()).toEqual(['E-postadressen din ble endret', 'Kontonummeret ditt ble endret']);
    expect(old.find((m) => m.subject.startsWith('E-post'))!.text).toContain('E-postadressen til kontoen din i Eierportalen ble endret');
    expect(old.find((m) => m.subject.startsWith('Konto'))!.text).toContain('slutter nå på 8901');
    expect(await mailsTo('tyv@example.com')).toEqual([]);
  });

  it('an admin\'s change of the e-mail is told to the previous address, in the person\'s language', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const owner = await t.createUser('user');
    await t.app.get(UsersService).setLanguage(owner.id, 'en');
    await admin.put(`/api/admin/users/${owner.id}`).send({ email: 'ny-adresse@example.com', accountNumber: '2222.22.24680' }).expect(200);
    const old = await mailsTo(owner.email);
    expect(old.map((m) => m.subject).sort()).toEqual(['Your account number was changed', 'Your e-mail address was changed']);
    expect(await mailsTo('ny-adresse@example.com')).toEqual([]);
    // A later change of the number alone goes to the address the account has then.
    await admin.put(`/api/admin/users/${owner.id}`).send({ accountNumber: '3333.33.33333' }).expect(200);
    expect((await mailsTo('ny-adresse@example.com')).map((m) => m.subject)).toEqual(['Your account number was changed']);
  });

  it('a password change is mailed to the account\'s address: own, by an admin, and through a reset link', async () => {
    const { agent, user } = await t.loginAs('user');
    await agent.put('/api/user/password').send({ currentPassword: PASSWORD, newPassword: 'nytt-passord-1' }).expect(200);
    const [own] = await mailsTo(user.email);
    expect(own).toMatchObject({ subject: 'Passordet ditt ble endret' });
    expect(own.text).toContain('Passordet til kontoen din i Eierportalen ble endret');
    expect(own.text).not.toContain('nytt-passord-1');

    const { agent: admin } = await t.loginAs('admin');
    await admin.post(`/api/admin/users/${user.id}/change-password`).send({ newPassword: 'nytt-passord-2' }).expect(200);
    const changed = async () => (await mailsTo(user.email)).filter((m) => m.subject === 'Passordet ditt ble endret');
    expect(await changed()).toHaveLength(2);
    expect((await changed())[1].text).toContain('En administrator har satt et nytt passord');

    const { body: link } = await admin.post(`/api/admin/users/${user.id}/reset-password`).expect(200);
    await t.anon().post('/api/reset-password').send({ token: new URL(link.resetLink).searchParams.get('token'), newPassword: 'nytt-passord-3' }).expect(200);
    expect(await changed()).toHaveLength(3);
  });

  it('turning two-factor sign-in off is mailed, in English to one who reads English', async () => {
    const { agent, user } = await t.loginAs('user');
    await t.app.get(UsersService).setLanguage(user.id, 'en');
    const secret = await enableTwoFactor(t, agent);
    t.clock.advance(MINUTE);
    await agent.post('/api/user/2fa/disable').send({ password: PASSWORD, code: codeAt(t, secret) }).expect(200);
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ subject: 'Two-factor sign-in was turned off' });
    expect(mail.text).toContain('Two-factor sign-in on your Eierportalen account was turned off');
  });
});
