/**
 * A session unused for SESSION_IDLE_DAYS ends (docs/security.md#sessions); e-mail addresses with control characters
 * are refused everywhere one is taken (docs/security.md#e-mail-addresses).
 */
import { PASSWORD, TestApp } from './helpers/test-app';

const DAY = 24 * 3600 * 1000;
/** Addresses validator's isEmail takes (a quoted local part) or that end a header early. */
const WITH_CONTROLS = ['"a\u0001b"@example.com', '"a\rBcc: x@evil.example"@example.com', '"a\u0085b"@example.com', '"a\u2028b"@example.com'];

describe('idle sessions', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ SESSION_IDLE_DAYS: '14' })));
  afterAll(() => t.close());

  it('ends a session unused for 14 days, though its 30 days from sign-in are not over', async () => {
    const { agent } = await t.loginAs('user');
    t.clock.advance(14 * DAY - 60_000);
    await agent.get('/api/user').expect(200);
    // Used a day ago: the idle period starts again from there.
    t.clock.advance(13 * DAY);
    await agent.get('/api/user').expect(200);
    t.clock.advance(14 * DAY + 11 * 60_000);
    await agent.get('/api/user').expect(401);
  });
});

describe('e-mail addresses with control characters', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it.each(WITH_CONTROLS)('are refused in the profile, a new account and the contact settings: %j', async (address) => {
    const { agent, user } = await t.loginAs('user');
    const profile = await agent.put('/api/user/profile').send({ name: user.name, email: address }).expect(400);
    expect(profile.body.code).toBe('validation');
    const { agent: admin } = await t.loginAs('admin');
    expect((await admin.post('/api/register').send({ username: address, name: 'Ny', password: PASSWORD.repeat(2) }).expect(400)).body.code).toBe('validation');
    expect((await admin.post('/api/admin/users').send({ username: 'ok@example.com', email: address, name: 'Ny', password: PASSWORD.repeat(2) }).expect(400)).body.code).toBe('validation');
    expect((await admin.put('/api/system-settings/contact.email').send({ value: address }).expect(400)).body.code).toBe('setting_invalid_email');
    expect((await t.anon().post('/api/login').send({ username: address, password: PASSWORD }).expect(400)).body.code).toBe('validation');
  });
});
