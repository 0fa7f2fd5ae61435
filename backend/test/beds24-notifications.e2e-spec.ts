import { NotificationsService } from '../src/notifications/notifications.service';
import { UsersService } from '../src/users/users.service';
import type { User } from '../src/users/user.entity';
import { Beds24Server, PROPERTY } from './helpers/beds24-server';
import { TestApp } from './helpers/test-app';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];

/**
 * Failures tell the people who can act (docs/product/beds24.md#notifications): a Beds24 connection whose key is
 * refused, or that fails three syncs in a row, tells the owner and every active admin once; the first sync that
 * works again tells them it recovered.
 */
describe('Beds24 failing and recovered notifications', () => {
  let t: TestApp;
  let beds24: Beds24Server;
  let admin: Agent;
  let actor: User;
  beforeAll(async () => {
    beds24 = await new Beds24Server().start();
    t = await TestApp.start({ BEDS24_API_URL: beds24.url, ALLOW_PRIVATE_FEED_HOSTS: 'true' });
    ({ agent: admin, user: actor } = await t.loginAs('admin'));
  });
  afterAll(async () => {
    await t.close();
    await beds24.stop();
  });
  beforeEach(() => Object.assign(beds24, { unreachable: false, fail500: false }));

  const notificationsOf = async (userId: number) => (await t.app.get(NotificationsService).page(userId, 0, 50)).notifications;
  const of = async (userId: number, prefix: string) => (await notificationsOf(userId)).filter((n) => n.type.startsWith(prefix));
  const syncNow = (user: User) => admin.post(`/api/admin/beds24-sync/${user.id}`).expect(200).then((r) => r.body);
  async function configured(): Promise<User> {
    const user = await t.createUser('user');
    await admin.post(`/api/admin/beds24-config/${user.id}`).send({ apiKey: beds24.inviteCode(), propId: PROPERTY }).expect(200);
    expect(await syncNow(user)).toMatchObject({ success: true });
    return user;
  }

  it('an unreachable Beds24 tells the owner and the admins at the third failure in a row, once, and again when it recovers', async () => {
    const other = await t.createUser('admin');
    const mini = await t.createUser('miniAdmin');
    const owner = await configured();
    beds24.unreachable = true;
    for (let i = 0; i < 2; i++) expect(await syncNow(owner)).toMatchObject({ success: false, errorCode: 'beds24_sync_failed' });
    expect(await of(owner.id, 'beds24_')).toEqual([]);
    expect(await of(other.id, 'staff_beds24_')).toEqual([]);

    await syncNow(owner);
    const [told] = await of(owner.id, 'beds24_');
    expect(told).toMatchObject({ type: 'beds24_failing', title: 'Beds24 synkroniseres ikke', link: expect.stringMatching(/^\/\?feeds=1&property=\d+$/), params: { failures: 3 } });
    expect(told.message).toContain('(3 forsøk på rad)');
    for (const staff of [actor, other]) {
      const [n] = await of(staff.id, 'staff_beds24_');
      expect(n).toMatchObject({ type: 'staff_beds24_failing', link: `/admin/beds24/${owner.id}`, params: { name: owner.name, userId: owner.id } });
      expect(n.message).toContain(`${owner.name}: Beds24 har ikke latt seg hente`);
    }
    // Mini admins do not manage Beds24 connections
    expect(await of(mini.id, 'staff_beds24_')).toEqual([]);

    // A fourth and a fifth failure are the same spell
    await syncNow(owner);
    beds24.unreachable = false;
    beds24.fail500 = true;
    await syncNow(owner);
    expect(await of(owner.id, 'beds24_')).toHaveLength(1);
    expect(await of(other.id, 'staff_beds24_')).toHaveLength(1);

    beds24.fail500 = false;
    expect(await syncNow(owner)).toMatchObject({ success: true });
    expect((await of(owner.id, 'beds24_'))[0]).toMatchObject({ type: 'beds24_recovered', title: 'Beds24 synkroniseres igjen', link: expect.stringMatching(/^\/\?feeds=1&property=\d+$/) });
    expect((await of(other.id, 'staff_beds24_'))[0]).toMatchObject({ type: 'staff_beds24_recovered', message: `${owner.name}: Beds24 hentes igjen.`, link: `/admin/beds24/${owner.id}` });
    // Working on, nothing more is told
    await syncNow(owner);
    expect(await of(owner.id, 'beds24_')).toHaveLength(2);
  });

  it('the owner reads their own connection\'s health for the sync-health panel, and nothing of the credential', async () => {
    const { agent: owner, user } = await t.loginAs('user');
    expect((await owner.get('/api/user/beds24').expect(200)).body).toMatchObject({ configured: false, failing: false, lastSync: null });
    await admin.post(`/api/admin/beds24-config/${user.id}`).send({ apiKey: beds24.inviteCode(), propId: PROPERTY }).expect(200);
    await syncNow(user);
    const healthy = (await owner.get('/api/user/beds24').expect(200)).body;
    expect(healthy).toMatchObject({ configured: true, syncEnabled: true, failing: false, needsCredentials: false, lastError: null, lastSync: expect.any(String) });
    expect(Object.keys(healthy)).not.toEqual(expect.arrayContaining(['apiKeyLast4', 'propId', 'credentialKind']));
    beds24.fail500 = true;
    await syncNow(user);
    expect((await owner.get('/api/user/beds24').expect(200)).body).toMatchObject({ configured: true, failing: true, lastErrorCode: 'beds24_sync_failed', lastSync: healthy.lastSync });
  });

  it('a refused key tells the owner (in their language) and the admins at once; a new key that syncs tells them it works again', async () => {
    const owner = await configured();
    await t.app.get(UsersService).setLanguage(owner.id, 'en');
    beds24.revokeRefreshTokens();
    expect(await syncNow(owner)).toMatchObject({ success: false, errorCode: 'beds24_needs_credentials' });
    expect(await of(owner.id, 'beds24_')).toEqual([
      expect.objectContaining({ type: 'beds24_key_refused', title: 'Beds24 refused the connection', link: expect.stringMatching(/^\/\?feeds=1&property=\d+$/) }),
    ]);
    expect((await of(actor.id, 'staff_beds24_')).filter((n) => n.params.userId === owner.id)).toEqual([
      expect.objectContaining({ type: 'staff_beds24_key_refused', title: 'Beds24-nøkkel avvist', link: `/admin/beds24/${owner.id}` }),
    ]);
    // Asked again while it waits for a key: told once
    await syncNow(owner);
    expect(await of(owner.id, 'beds24_')).toHaveLength(1);

    await admin.post(`/api/admin/beds24-config/${owner.id}`).send({ apiKey: beds24.inviteCode() }).expect(200);
    expect(await syncNow(owner)).toMatchObject({ success: true });
    expect((await of(owner.id, 'beds24_'))[0]).toMatchObject({ type: 'beds24_recovered', title: 'Beds24 syncing again' });
    expect((await of(actor.id, 'staff_beds24_')).filter((n) => n.params.userId === owner.id)[0]).toMatchObject({ type: 'staff_beds24_recovered' });
  });
});
