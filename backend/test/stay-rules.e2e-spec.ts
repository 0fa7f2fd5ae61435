import request from 'supertest';
import { DataSource } from 'typeorm';
import { household } from './helpers/household';
import { TestApp } from './helpers/test-app';

/**
 * Owners' own stays under the property's rules (docs/product/stays.md): staff set them, members read them, and a stay
 * an owner or co-owner puts in the calendar (or moves) is refused with one coded reason per broken rule; staff are not
 * limited. The clock stands at 1 June 2026, noon UTC.
 */
describe('stay rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const RULES = {
    maxOwnerNightsPerYear: 10,
    minNoticeDays: 7,
    minNights: 2,
    maxNights: 7,
    blackouts: [{ from: '2026-07-01', to: '2026-07-31', label: 'Fellesferie' }],
  };
  /** Oslo's midnight of a day (summer time from April to October; the days used here keep clear of the changes). */
  const midnight = (day: string) => `${day}T00:00:00${Number(day.slice(5, 7)) >= 4 && Number(day.slice(5, 7)) <= 10 ? '+02:00' : '+01:00'}`;
  /** An all-day stay in Oslo: from the first night to the morning it ends. */
  const stay = (from: string, to: string, title = 'Eieropphold') => ({ title, startTime: midnight(from), endTime: midnight(to), allDay: true });

  async function withRules(rules: object = RULES) {
    const members = await household(t);
    const admin = await t.loginAs('admin');
    await admin.agent.put(`/api/admin/properties/${members.property}/stay-rules`).send(rules).expect(200);
    return { ...members, admin };
  }

  it('lets admins set the rules and every member and staff read them; anyone else hears the property does not exist', async () => {
    const { property, owner, coOwner, viewer, outsider } = await withRules();
    const mini = await t.loginAs('miniAdmin');
    for (const reader of [owner, coOwner, viewer, mini]) {
      const rules = (await reader.agent.get(`/api/properties/${property}/stay-rules`).expect(200)).body;
      expect(rules).toMatchObject({ propertyId: property, ...RULES, updatedAt: expect.any(String) });
    }
    expect((await outsider.agent.get(`/api/properties/${property}/stay-rules`).expect(404)).body.code).toBe('property_not_found');
    await request(t.server).get(`/api/properties/${property}/stay-rules`).expect(401);
    for (const writer of [owner, coOwner, mini]) await writer.agent.put(`/api/admin/properties/${property}/stay-rules`).send(RULES).expect(403);
    // A property without rules answers nulls.
    const { property: plain, owner: plainOwner } = await household(t);
    expect((await plainOwner.agent.get(`/api/properties/${plain}/stay-rules`).expect(200)).body).toEqual({
      propertyId: plain, maxOwnerNightsPerYear: null, minNoticeDays: null, minNights: null, maxNights: null, blackouts: [], approval: 'instant', housingType: null, rentalDayLimit: null, updatedAt: null,
    });
  });

  it('refuses rules out of range, a least above the most, and a blackout ending before it starts, changing nothing', async () => {
    const { property, owner, admin } = await withRules();
    const put = (rules: object) => admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send(rules).expect(400);
    const field = async (rules: object) => (await put(rules)).body.errors.map((e: { field: string; code: string }) => [e.field, e.code]);
    expect(await field({ ...RULES, minNights: 0 })).toEqual([['minNights', 'too_small']]);
    expect(await field({ ...RULES, maxOwnerNightsPerYear: -1 })).toEqual([['maxOwnerNightsPerYear', 'too_small']]);
    expect(await field({ ...RULES, minNoticeDays: 2.5 })).toEqual([['minNoticeDays', expect.any(String)]]);
    expect(await field({ ...RULES, minNights: 8 })).toEqual([['maxNights', 'stay_rules_min_above_max']]);
    expect(await field({ ...RULES, blackouts: [{ from: '2026-08-10', to: '2026-08-01', label: 'Feil' }] })).toEqual([['blackouts.0.to', 'stay_rules_blackout_order']]);
    expect((await owner.agent.get(`/api/properties/${property}/stay-rules`).expect(200)).body).toMatchObject(RULES);
  });

  it("refuses an owner's or co-owner's stay that breaks the rules, naming each broken rule, and saves one that keeps them", async () => {
    const { property, owner, coOwner } = await withRules();
    const refused = async (agent: typeof owner.agent, body: object) => {
      const res = await agent.post('/api/events').query({ propertyId: property }).send(body).expect(422);
      expect(res.body.code).toBe('stay_rules_broken');
      return res.body.errors.map((e: { code: string; params: object }) => ({ code: e.code, params: e.params }));
    };
    // Three days' notice, one night, and in the summer's blackout.
    expect(await refused(owner.agent, stay('2026-06-04', '2026-06-05'))).toEqual([
      { code: 'stay_notice', params: { days: 7 } },
      { code: 'stay_min_nights', params: { min: 2, nights: 1 } },
    ]);
    expect(await refused(coOwner.agent, stay('2026-07-30', '2026-08-03'))).toEqual([{ code: 'stay_blackout', params: { from: '2026-07-01', to: '2026-07-31', label: 'Fellesferie' } }]);
    expect(await refused(owner.agent, stay('2026-08-01', '2026-08-10'))).toEqual([{ code: 'stay_max_nights', params: { max: 7, nights: 9 } }]);

    await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-08-01', '2026-08-08')).expect(201);
    await coOwner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-09-01', '2026-09-03')).expect(201);
    // 7 + 2 nights taken: one more is the tenth, two more break the year's limit.
    expect(await refused(owner.agent, stay('2026-10-01', '2026-10-03'))).toEqual([{ code: 'stay_yearly_limit', params: { year: 2026, limit: 10, used: 9, total: 11 } }]);
    // An event within one day is no stay: no night, no rule.
    await owner.agent.post('/api/events').query({ propertyId: property }).send({ title: 'Vaktmester', startTime: '2026-06-02T08:00:00Z', endTime: '2026-06-02T10:00:00Z' }).expect(201);
    expect((await owner.agent.get('/api/calendar-window').query({ propertyId: property, startDate: '2026-06-01', endDate: '2026-12-31' }).expect(200)).body.events).toHaveLength(3);
  });

  it('checks a moved stay again without counting itself, and lets a renamed one be', async () => {
    const { property, owner } = await withRules();
    const created = (await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-08-01', '2026-08-08')).expect(201)).body;
    // Moved by a week it keeps its 7 nights, and its own old nights do not count against the year.
    await owner.agent.put(`/api/events/${created.id}`).query({ propertyId: property }).send({ startTime: '2026-08-08T00:00:00+02:00', endTime: '2026-08-15T00:00:00+02:00' }).expect(200);
    const res = await owner.agent.put(`/api/events/${created.id}`).query({ propertyId: property }).send({ startTime: '2026-07-20T00:00:00+02:00', endTime: '2026-07-25T00:00:00+02:00' }).expect(422);
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual(['stay_blackout']);
    await owner.agent.put(`/api/events/${created.id}`).query({ propertyId: property }).send({ title: 'Sommer' }).expect(200);
    const [kept] = (await owner.agent.get('/api/calendar-window').query({ propertyId: property, startDate: '2026-08-01', endDate: '2026-09-01' }).expect(200)).body.events;
    expect(kept).toMatchObject({ title: 'Sommer', startTime: '2026-08-07T22:00:00.000Z' });
  });

  it("does not limit an admin's events, and counts a stay over New Year in each year", async () => {
    const { property, owner, admin } = await withRules({ ...RULES, minNoticeDays: null, maxOwnerNightsPerYear: 3, blackouts: [] });
    const staffs = (await admin.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-06-02', '2026-06-03', 'Vedlikehold')).expect(201)).body;
    // Staff's override is in the activity log.
    const [row] = await t.app.get(DataSource).query(`SELECT actor_id, details FROM admin_audit_log WHERE action = 'event.create' AND details->>'eventId' = $1`, [String(staffs.id)]);
    expect(row).toMatchObject({ actor_id: admin.user.id, details: { title: 'Vedlikehold', propertyId: property } });
    // 29 Dec – 2 Jan: three nights in 2026 and one in 2027.
    await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-12-29', '2027-01-02')).expect(201);
    const res = await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2027-01-10', '2027-01-13')).expect(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'stay_yearly_limit', params: { year: 2027, limit: 3, used: 1, total: 4 } })]);
  });
});
