import { MailQueue } from '../src/mail/mail-queue.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { UsersService } from '../src/users/users.service';
import { parseMail, startSmtpServer, type ParsedMail } from './helpers/smtp-server';
import { TestApp } from './helpers/test-app';

/**
 * A payout account number that changes is a possible fraud: the owner is told in the app and by mail (in their
 * language), every admin in the app, and the back office reads who changed it when, the numbers masked.
 */
describe('account number changes', () => {
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
  const notificationsOf = async (userId: number) => (await t.app.get(NotificationsService).page(userId, 0, 50)).notifications;

  it('an owner\'s own change notifies the owner and every admin, and mails the owner in Norwegian', async () => {
    const adminA = await t.createUser('admin');
    const adminB = await t.createUser('admin');
    const mini = await t.createUser('miniAdmin');
    const { agent, user: owner } = await t.loginAs('user');
    await agent.put('/api/user/profile').send({ name: owner.name, email: owner.email, accountNumber: '1234.56.78901' }).expect(200);

    const [mine] = await notificationsOf(owner.id);
    expect(mine).toMatchObject({ type: 'account_number_changed', title: 'Kontonummeret ditt ble endret', message: expect.stringContaining('•••• 8901'), link: '/settings' });
    for (const admin of [adminA, adminB]) {
      const [n] = await notificationsOf(admin.id);
      expect(n).toMatchObject({ type: 'user_account_number_changed', title: 'Kontonummer endret', message: `${owner.name} har fått nytt kontonummer for utbetalinger: •••• 8901.`, link: `/admin/users/${owner.id}/show` });
    }
    // Mini admins do not handle payouts
    expect(await notificationsOf(mini.id)).toEqual([]);

    const [mail] = await mailsTo(owner.email);
    expect(mail).toMatchObject({ subject: 'Kontonummeret ditt ble endret' });
    expect(mail.text).toContain('slutter nå på 8901');
    expect(mail.text).not.toContain('1234.56');
    // Saving the profile with the same number again is no change: nothing more is sent
    await agent.put('/api/user/profile').send({ name: owner.name, email: owner.email, accountNumber: '1234.56.78901' }).expect(200);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await notificationsOf(owner.id)).toHaveLength(1);
  });

  it('an admin\'s change tells the owner (in English when they read English) and the other admins, not the admin who made it', async () => {
    const other = await t.createUser('admin');
    const { agent: admin, user: actor } = await t.loginAs('admin');
    const owner = await t.createUser('user', { accountNumber: '1111.11.11111' });
    await t.app.get(UsersService).setLanguage(owner.id, 'en');
    await admin.put(`/api/admin/users/${owner.id}`).send({ accountNumber: '2222.22.24680' }).expect(200);

    expect((await notificationsOf(owner.id))[0]).toMatchObject({ type: 'account_number_changed', title: 'Your account number was changed' });
    expect((await notificationsOf(other.id))[0]).toMatchObject({ type: 'user_account_number_changed', params: { userId: owner.id, account: '•••• 4680' } });
    expect((await notificationsOf(actor.id)).filter((n) => n.type === 'user_account_number_changed' && n.params.userId === owner.id)).toEqual([]);
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe('Your account number was changed');
    expect(mail.text).toContain('now ends in 4680');
  });

  it('setting the number when the account is made tells nobody', async () => {
    const owner = await t.createUser('user', { accountNumber: '5555.55.55555' });
    expect(await notificationsOf(owner.id)).toEqual([]);
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  it('shows staff the history, newest first, with who and when and the numbers masked but for the last four digits', async () => {
    const { agent: admin, user: actor } = await t.loginAs('admin');
    const { agent: mini } = await t.loginAs('miniAdmin');
    const { agent: ownerAgent, user: owner } = await t.loginAs('user');
    await ownerAgent.put('/api/user/profile').send({ name: owner.name, email: owner.email, accountNumber: '1234.56.78901' }).expect(200);
    await admin.put(`/api/admin/users/${owner.id}`).send({ accountNumber: '9876.54.32109' }).expect(200);
    await admin.put(`/api/admin/users/${owner.id}`).send({ accountNumber: null }).expect(200);

    const history = (await mini.get(`/api/admin/users/${owner.id}/account-number-history`).expect(200)).body;
    expect(history).toEqual([
      { id: expect.any(Number), changedAt: expect.any(String), changedById: actor.id, changedByName: actor.name, oldAccountNumber: '••••.••.•2109', newAccountNumber: null, changeReason: 'Endret av administrator' },
      { id: expect.any(Number), changedAt: expect.any(String), changedById: actor.id, changedByName: actor.name, oldAccountNumber: '••••.••.•8901', newAccountNumber: '••••.••.•2109', changeReason: 'Endret av administrator' },
      { id: expect.any(Number), changedAt: expect.any(String), changedById: owner.id, changedByName: owner.name, oldAccountNumber: null, newAccountNumber: '••••.••.•8901', changeReason: 'Endret av bruker' },
    ]);
    expect(JSON.stringify(history)).not.toMatch(/1234|9876/);
    await ownerAgent.get(`/api/admin/users/${owner.id}/account-number-history`).expect(403);
    await admin.get('/api/admin/users/2000000/account-number-history').expect(404);
    // The removed number's mail says so
    const removed = (await mailsTo(owner.email)).at(-1)!;
    expect(removed.text).toContain('Kontonummeret for utbetalingene dine i Eierportalen ble fjernet.');
  });
});
