import request from 'supertest';
import { DataSource } from 'typeorm';
import { MailQueue } from '../src/mail/mail-queue.service';
import type { User } from '../src/users/user.entity';
import { parseMail, startSmtpServer } from './helpers/smtp-server';
import { TEST_NOW, TestApp } from './helpers/test-app';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];
const DAY_MS = 86_400_000;
const tokenOf = (link: string) => link.split('/').pop()!;

/**
 * Invitations to a property (docs/product/properties.md#invitations): the owner invites an address, the mail carries
 * a single-use link for 7 days, and accepting joins the signed-in person or makes the invited address's account.
 */
describe('property invitations', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let db: DataSource;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await TestApp.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Eierportal <portal@example.no>' });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => t.clock.set(TEST_NOW));

  async function mailsTo(to: string) {
    await t.app.get(MailQueue).whenDrained();
    return smtp.received.filter((m) => m.to.includes(to)).map((m) => parseMail(m.data));
  }

  /** A signed-in owner and their first property. */
  async function owner(name = 'Berit Hytteeier'): Promise<{ agent: Agent; user: User; propertyId: number }> {
    const user = await t.createUser('user', { name });
    const { agent } = await t.loginAs(user);
    const [property] = (await agent.get('/api/properties').expect(200)).body;
    return { agent, user, propertyId: property.id };
  }

  it('mails a link that makes the account of someone without one, once, and both timelines tell of it', async () => {
    const host = await owner();
    await host.agent.patch(`/api/properties/${host.propertyId}`).send({ name: 'Hytta på Geilo' }).expect(200);
    const created = await host.agent.post(`/api/properties/${host.propertyId}/invitations`).send({ email: ' Kari.Nordmann@Example.com ', role: 'viewer', canSeeMoney: true }).expect(201);
    expect(created.body).toEqual(expect.objectContaining({ email: 'kari.nordmann@example.com', role: 'viewer', canSeeMoney: true, mailed: true, expiresAt: new Date(TEST_NOW.getTime() + 7 * DAY_MS).toISOString() }));
    const token = tokenOf(created.body.link);
    expect(created.body.link).toBe(`http://127.0.0.1/invitation/${token}`);
    const [mail] = await mailsTo('kari.nordmann@example.com');
    expect(mail.subject).toBe('Du er invitert til Hytta på Geilo');
    expect(mail.text).toContain('Berit Hytteeier har invitert deg til Hytta på Geilo i eierportalen, som leser.');
    expect(mail.text).toContain(created.body.link);
    // Only the token's hash is stored.
    const [row] = await db.query('SELECT token_hash FROM property_invitations WHERE id = $1', [created.body.id]);
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const guest = request.agent(t.server);
    const preview = await guest.get(`/api/invitations/${token}`).expect(200);
    expect(preview.body).toEqual({ propertyName: 'Hytta på Geilo', invitedBy: 'Berit Hytteeier', email: 'kari.nordmann@example.com', role: 'viewer', expiresAt: created.body.expiresAt, hasAccount: false });
    expect((await host.agent.get(`/api/properties/${host.propertyId}/invitations`).expect(200)).body.map((i: { email: string }) => i.email)).toEqual(['kari.nordmann@example.com']);

    const accepted = await guest.post(`/api/invitations/${token}/accept`).send({ name: 'Kari Nordmann', password: 'fjellet-om-vinteren' });
    expect([accepted.status, accepted.body]).toEqual([201, { propertyId: host.propertyId, accountCreated: true }]);
    await guest.post('/api/login').send({ username: 'kari.nordmann@example.com', password: 'fjellet-om-vinteren' }).expect(200);
    expect((await guest.get('/api/properties').expect(200)).body).toEqual([expect.objectContaining({ id: host.propertyId, name: 'Hytta på Geilo', role: 'viewer', canSeeMoney: true })]);
    const members = (await host.agent.get(`/api/properties/${host.propertyId}/members`).expect(200)).body;
    expect(members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([['Berit Hytteeier', 'owner'], ['Kari Nordmann', 'viewer']]);
    expect((await host.agent.get(`/api/properties/${host.propertyId}/invitations`).expect(200)).body).toEqual([]);

    // Once only.
    const again = await request(t.server).post(`/api/invitations/${token}/accept`).send({ name: 'Noen', password: 'et-annet-langt-passord' }).expect(410);
    expect(again.body.code).toBe('invitation_invalid');
    await request(t.server).get(`/api/invitations/${token}`).expect(410);

    // On both people's timelines, named as the one who joined.
    const joinedOn = async (agent: Agent) => (await agent.get('/api/user/activity').expect(200)).body.filter((a: { action: string }) => a.action === 'property.invitation.accepted').map((a: { actorName: string; details: object }) => [a.actorName, a.details]);
    const details = { propertyId: host.propertyId, role: 'viewer', accountCreated: true };
    expect(await joinedOn(guest)).toEqual([['Kari Nordmann', details]]);
    expect(await joinedOn(host.agent)).toEqual([['Kari Nordmann', details]]);
  });

  it('lets a signed-in person join as co-owner, who sees the money; an address with an account signs in first', async () => {
    const host = await owner();
    const friend = await t.loginAs('user');
    const link = (await host.agent.post(`/api/properties/${host.propertyId}/invitations`).send({ email: friend.user.email, role: 'co-owner', canSeeMoney: false }).expect(201)).body.link;
    expect((await request(t.server).get(`/api/invitations/${tokenOf(link)}`).expect(200)).body.hasAccount).toBe(true);
    const signedOut = await request(t.server).post(`/api/invitations/${tokenOf(link)}/accept`).send({ name: 'X', password: 'et-langt-passord-her' }).expect(409);
    expect(signedOut.body.code).toBe('invitation_has_account');
    await friend.agent.post(`/api/invitations/${tokenOf(link)}/accept`).send({}).expect(201, { propertyId: host.propertyId, accountCreated: false });
    const mine = (await friend.agent.get('/api/properties').expect(200)).body;
    expect(mine).toContainEqual(expect.objectContaining({ id: host.propertyId, role: 'co-owner', canSeeMoney: true }));
    // A second invitation of a member is refused, and so is a member following someone else's link.
    const refused = await host.agent.post(`/api/properties/${host.propertyId}/invitations`).send({ email: friend.user.email.toUpperCase(), role: 'viewer' }).expect(409);
    expect(refused.body.code).toBe('invitation_already_member');
    const other = (await host.agent.post(`/api/properties/${host.propertyId}/invitations`).send({ email: 'noen.andre@example.com', role: 'viewer' }).expect(201)).body.link;
    expect((await friend.agent.post(`/api/invitations/${tokenOf(other)}/accept`).send({}).expect(409)).body.code).toBe('invitation_already_member');
    // The refusal used nothing up: the link still works for its address.
    await request(t.server).get(`/api/invitations/${tokenOf(other)}`).expect(200);
  });

  it('a link stops working after 7 days, when revoked, and when the address is invited again', async () => {
    const host = await owner();
    const invite = async (email: string) => (await host.agent.post(`/api/properties/${host.propertyId}/invitations`).send({ email, role: 'viewer' }).expect(201)).body;
    const expiring = await invite('snart.ute@example.com');
    t.clock.set(new Date(TEST_NOW.getTime() + 7 * DAY_MS));
    expect((await request(t.server).post(`/api/invitations/${tokenOf(expiring.link)}/accept`).send({ name: 'Sen', password: 'for-sent-til-hytta' }).expect(410)).body.code).toBe('invitation_invalid');
    t.clock.set(TEST_NOW);

    const revoked = await invite('trukket@example.com');
    await host.agent.delete(`/api/properties/${host.propertyId}/invitations/${revoked.id}`).expect(200);
    await request(t.server).get(`/api/invitations/${tokenOf(revoked.link)}`).expect(410);
    expect((await host.agent.delete(`/api/properties/${host.propertyId}/invitations/${revoked.id}`).expect(404)).body.code).toBe('invitation_not_found');

    const first = await invite('to.ganger@example.com');
    const second = await invite('to.ganger@example.com');
    await request(t.server).get(`/api/invitations/${tokenOf(first.link)}`).expect(410);
    await request(t.server).get(`/api/invitations/${tokenOf(second.link)}`).expect(200);
    expect((await request(t.server).get('/api/invitations/ikke-en-lenke').expect(410)).body.code).toBe('invitation_invalid');
  });

  it('only the owner or an admin invites; bad input is refused with its text and changes nothing', async () => {
    const host = await owner();
    const coOwner = await t.loginAs('user');
    const viewer = await t.loginAs('user');
    const outsider = await t.loginAs('user');
    await db.query(`INSERT INTO property_members (property_id, user_id, role) VALUES ($1, $2, 'co-owner'), ($1, $3, 'viewer')`, [host.propertyId, coOwner.user.id, viewer.user.id]);
    const path = `/api/properties/${host.propertyId}/invitations`;
    const body = { email: 'ny@example.com', role: 'viewer' };
    expect((await coOwner.agent.post(path).send(body).expect(403)).body.code).toBe('property_owner_only');
    expect((await viewer.agent.post(path).send(body).expect(403)).body.code).toBe('property_read_only');
    expect((await outsider.agent.post(path).send(body).expect(404)).body.code).toBe('property_not_found');
    const { agent: admin } = await t.loginAs('admin');
    await admin.post(path).send({ email: 'fra.admin@example.com', role: 'co-owner' }).expect(201);

    const role = await host.agent.post(path).send({ email: 'eier@example.com', role: 'owner' }).expect(400);
    expect(role.body.message).toBe('Rollen må være co-owner eller viewer');
    expect((await host.agent.post(path).send({ email: 'ikke-en-adresse', role: 'viewer' }).expect(400)).body.message).toBe('E-postadresse må være gyldig');
    expect((await host.agent.post(path).send({ email: 'a@example.com', role: 'viewer', canSeeMoney: 'ja' }).expect(400)).body.message).toBe('canSeeMoney må være true eller false');
    const [{ n }] = await db.query('SELECT count(*)::int AS n FROM property_invitations WHERE property_id = $1', [host.propertyId]);
    expect(n).toBe(1);

    // Accepting signed out needs a name and a password that keeps the password rules.
    const link = (await host.agent.post(path).send({ email: 'uten.konto@example.com', role: 'viewer' }).expect(201)).body.link;
    const accept = `/api/invitations/${tokenOf(link)}/accept`;
    expect((await request(t.server).post(accept).send({}).expect(400)).body.code).toBe('invitation_account_needed');
    expect((await request(t.server).post(accept).send({ name: 'Kort', password: 'kort' }).expect(400)).body.message).toBe('Passordet må være minst 12 tegn');
    expect((await request(t.server).post(accept).send({ name: 'Vanlig', password: 'Password1234' }).expect(400)).body.code).toBe('password_too_common');
    const [{ accounts }] = await db.query(`SELECT count(*)::int AS accounts FROM users WHERE username = 'uten.konto@example.com'`);
    expect(accounts).toBe(0);
    await request(t.server).get(`/api/invitations/${tokenOf(link)}`).expect(200);
  });

  it('a property holds at most 20 pending invitations', async () => {
    const host = await owner();
    const path = `/api/properties/${host.propertyId}/invitations`;
    for (let i = 0; i < 20; i++) await host.agent.post(path).send({ email: `gjest${i}@example.com`, role: 'viewer' }).expect(201);
    const refused = await host.agent.post(path).send({ email: 'gjest20@example.com', role: 'viewer' }).expect(409);
    expect(refused.body).toEqual(expect.objectContaining({ code: 'invitation_limit', params: { max: 20 } }));
  });
});
