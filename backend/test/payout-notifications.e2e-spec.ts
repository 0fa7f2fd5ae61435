import { DataSource } from 'typeorm';
import { MailQueue } from '../src/mail/mail-queue.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { UsersService } from '../src/users/users.service';
import { parseMail, startSmtpServer, type ParsedMail } from './helpers/smtp-server';
import { TestApp } from './helpers/test-app';

/**
 * Money reaching the property's members who see it (docs/product/payouts-and-prices.md#notifications): an admin
 * registering a payout, changing its amount or status, or marking it paid tells its owners, co-owners and viewers
 * allowed to see money in the bell and by mail, each in their language, with the amount and the month; the link opens
 * that payout in that property.
 */
describe('payout notifications', () => {
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

  it('registering, changing the amount, the status and marking paid each tell the owner in Norwegian; the admin is not told', async () => {
    const { agent: admin, user: actor } = await t.loginAs('admin');
    const owner = await t.createUser('user');
    const { id, propertyId } = (await admin.post('/api/admin/payouts').send({ userId: owner.id, month: 3, year: 2027, amount: '12500.50' }).expect(201)).body as { id: number; propertyId: number };

    let [n] = await notificationsOf(owner.id);
    expect(n).toMatchObject({ type: 'payout_registered', title: 'Ny utbetaling registrert', link: `/payouts?year=2027&payout=${id}&property=${propertyId}`, params: { payoutId: id, year: 2027, period: '03.2027' } });
    expect(n.message).toMatch(/^En utbetaling på 12\s500,50 NOK for 03\.2027 er registrert\.$/);
    let mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Ny utbetaling for mars 2027');
    expect(mails[0].text).toMatch(/Beløp: 12\s500,50 NOK/);
    expect(mails[0].text).toContain('Status: Venter');
    expect(mails[0].text).toContain(`/payouts?year=2027&payout=${id}&property=${propertyId}`);

    // A note alone is no news
    await admin.patch(`/api/admin/payouts/${id}`).send({ notes: 'Husleie' }).expect(200);
    expect(await notificationsOf(owner.id)).toHaveLength(1);

    await admin.patch(`/api/admin/payouts/${id}`).send({ amount: '900' }).expect(200);
    [n] = await notificationsOf(owner.id);
    expect(n).toMatchObject({ type: 'payout_changed', title: 'Utbetaling endret', message: 'Utbetalingen for 03.2027 er endret: 900,00 NOK.', link: `/payouts?year=2027&payout=${id}&property=${propertyId}` });

    await admin.patch(`/api/admin/payouts/${id}`).send({ status: 'sent' }).expect(200);
    [n] = await notificationsOf(owner.id);
    expect(n).toMatchObject({ type: 'payout_changed' });

    await admin.patch(`/api/admin/payouts/${id}`).send({ status: 'paid', paidDate: '2027-04-05' }).expect(200);
    [n] = await notificationsOf(owner.id);
    expect(n).toMatchObject({ type: 'payout_paid', title: 'Utbetaling betalt', message: '900,00 NOK for 03.2027 er utbetalt.', link: `/payouts?year=2027&payout=${id}&property=${propertyId}` });
    expect(await notificationsOf(owner.id)).toHaveLength(4);

    mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toEqual(['Ny utbetaling for mars 2027', 'Utbetalingen for mars 2027 er endret', 'Utbetalingen for mars 2027 er endret', 'Utbetalingen for mars 2027 er betalt']);
    expect(mails[3].text).toContain('Beløp: 900,00 NOK');
    expect(mails[3].text).toContain('Status: Betalt');

    // The admin who acted hears nothing of it
    expect((await notificationsOf(actor.id)).filter((x) => x.type.startsWith('payout_'))).toEqual([]);
    expect(await mailsTo(actor.email)).toEqual([]);
  });

  it('an owner who reads English is told in English, by mail too', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const owner = await t.createUser('user');
    await t.app.get(UsersService).setLanguage(owner.id, 'en');
    const { id, propertyId } = (await admin.post('/api/admin/payouts').send({ userId: owner.id, month: 11, year: 2027, amount: '850.5', status: 'paid' }).expect(201)).body as { id: number; propertyId: number };

    const [n] = await notificationsOf(owner.id);
    expect(n).toMatchObject({ type: 'payout_paid', title: 'Payout paid', message: '850,50 NOK for 11.2027 has been paid out.', link: `/payouts?year=2027&payout=${id}&property=${propertyId}` });
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe('Your payout for November 2027 was paid');
    expect(mail.text).toContain('Amount: 850.50 NOK');
    expect(mail.text).toContain('Status: Paid');
  });

  it('an admin registering a payout of their own is not told of it', async () => {
    const { agent: admin, user: actor } = await t.loginAs('admin');
    await admin.post('/api/admin/payouts').send({ userId: actor.id, month: 1, year: 2027, amount: '10' }).expect(201);
    expect(await notificationsOf(actor.id)).toEqual([]);
    expect(await mailsTo(actor.email)).toEqual([]);
  });

  it("tells the property's owner, co-owner and a viewer who sees money, each in their language; a viewer without money, another property's owner, nobody else", async () => {
    const { agent: admin } = await t.loginAs('admin');
    const owner = await t.createUser('user');
    const property = await t.propertyOf(owner);
    const [coOwner, moneyViewer, viewer] = [await t.createUser('user'), await t.createUser('user'), await t.createUser('user')];
    await t.app.get(UsersService).setLanguage(coOwner.id, 'en');
    // The co-owner's own property gets a payout of its own: only the co-owner hears of that one.
    const coOwnersOwn = await t.propertyOf(coOwner);
    await t.app.get(DataSource).query(
      `INSERT INTO property_members (property_id, user_id, role, can_see_money) VALUES ($1, $2, 'co-owner', true), ($1, $3, 'viewer', true), ($1, $4, 'viewer', false)`,
      [property.id, coOwner.id, moneyViewer.id, viewer.id],
    );
    const { id } = (await admin.post('/api/admin/payouts').send({ propertyId: property.id, month: 5, year: 2027, amount: '700' }).expect(201)).body as { id: number };
    await admin.post('/api/admin/payouts').send({ propertyId: coOwnersOwn.id, month: 5, year: 2027, amount: '1' }).expect(201);

    const told = async (userId: number) => (await notificationsOf(userId)).filter((x) => x.type === 'payout_registered').map((x) => [x.title, x.link]);
    expect(await told(owner.id)).toEqual([['Ny utbetaling registrert', `/payouts?year=2027&payout=${id}&property=${property.id}`]]);
    expect(await told(moneyViewer.id)).toEqual([['Ny utbetaling registrert', `/payouts?year=2027&payout=${id}&property=${property.id}`]]);
    expect((await told(coOwner.id)).map(([title]) => title)).toEqual(['New payout registered', 'New payout registered']);
    expect(await told(viewer.id)).toEqual([]);
    expect((await mailsTo(coOwner.email)).map((m) => m.subject)).toEqual(['New payout for May 2027', 'New payout for May 2027']);
    expect((await mailsTo(moneyViewer.email)).map((m) => m.subject)).toEqual(['Ny utbetaling for mai 2027']);
    expect(await mailsTo(viewer.email)).toEqual([]);
  });
});
