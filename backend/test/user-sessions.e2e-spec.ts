import request from 'supertest';
import { DataSource } from 'typeorm';
import { ORIGIN, PASSWORD, TestApp } from './helpers/test-app';
import { listen, openSocket, sessionCookie } from './helpers/ws-client';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('the sessions a person has', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('lists them with an opaque id, browser, system and network, the current one marked', async () => {
    const user = await t.createUser('user');
    const laptop = t.anon();
    await laptop.post('/api/login').set('User-Agent', FIREFOX).send({ username: user.username, password: PASSWORD }).expect(200);
    t.clock.advance(60_000);
    const phone = t.anon();
    await phone.post('/api/login').set('User-Agent', IPHONE).send({ username: user.username, password: PASSWORD }).expect(200);
    const { body } = await laptop.get('/api/user/sessions').expect(200);
    expect(body).toHaveLength(2);
    const current = body.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ browser: 'Firefox 128', os: 'Windows 10', ipPrefix: expect.stringMatching(/\/(24|48)$/) });
    const other = body.find((s: { current: boolean }) => !s.current);
    expect(other.browser).toBe('Safari 17');
    const sids: { sid: string }[] = await t.app.get(DataSource).query('SELECT sid FROM session WHERE user_id = $1', [user.id]);
    for (const s of body) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(sids.map((r) => r.sid)).not.toContain(s.id);
      expect(new Date(s.createdAt).getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    }
    // Someone else's session cannot be ended by its id: it is not theirs to see.
    const { agent: stranger } = await t.loginAs('user');
    expect((await stranger.delete(`/api/user/sessions/${other.id}`).expect(404)).body.code).toBe('session_not_found');
    expect((await laptop.delete('/api/user/sessions/not-a-uuid').expect(404)).body.code).toBe('session_not_found');
    await phone.get('/api/user').expect(200);

    await laptop.delete(`/api/user/sessions/${other.id}`).expect(200);
    await phone.get('/api/user').expect(401);
    expect((await laptop.get('/api/user/sessions').expect(200)).body).toHaveLength(1);
    expect((await laptop.delete(`/api/user/sessions/${other.id}`).expect(404)).body.code).toBe('session_not_found');
  });

  it('ends all but the current one, closing their sockets, and the activity says so', async () => {
    const port = await listen(t);
    const user = await t.createUser('user');
    const { agent: here } = await t.loginAs(user);
    const elsewhereCookie = await sessionCookie(t, user);
    const socket = await openSocket(port, { cookie: elsewhereCookie });
    await here.delete('/api/user/sessions').expect(200);
    expect((await socket.closed).code).toBe(1008);
    await request(t.server).get('/api/user').set('Cookie', elsewhereCookie).set('Origin', ORIGIN).expect(401);
    await here.get('/api/user').expect(200);
    expect((await here.get('/api/user/sessions').expect(200)).body).toHaveLength(1);
    const rows = await t.app.get(DataSource).query("SELECT actor_id FROM admin_audit_log WHERE target_user_id = $1 AND action = 'sessions.ended'", [user.id]);
    expect(rows).toEqual([{ actor_id: user.id }]);
  });
});
