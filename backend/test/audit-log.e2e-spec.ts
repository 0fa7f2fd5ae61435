import { DataSource } from 'typeorm';
import { AuditService } from '../src/audit/audit.service';
import { TestApp } from './helpers/test-app';

describe('the audit log is append-only', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('the database refuses UPDATE and DELETE on its rows, and keeps them when the accounts go', async () => {
    const admin = await t.createUser('admin');
    const owner = await t.createUser('user');
    await t.app.get(AuditService).record(admin.id, owner.id, 'test.action', { n: 1 });
    const db = t.app.get(DataSource);
    await expect(db.query("UPDATE admin_audit_log SET action = 'changed' WHERE target_user_id = $1", [owner.id])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM admin_audit_log WHERE target_user_id = $1', [owner.id])).rejects.toThrow(/append-only/);
    // Deleting the accounts it names leaves the row as it was.
    const { agent, user: deleter } = await t.loginAs('admin');
    await agent.delete(`/api/admin/users/${owner.id}`).expect(200);
    const rows = await db.query('SELECT actor_id, target_user_id, action FROM admin_audit_log WHERE target_user_id = $1 ORDER BY id', [owner.id]);
    // The deletion's own row names the gone account too.
    expect(rows).toEqual([
      { actor_id: admin.id, target_user_id: owner.id, action: 'test.action' },
      { actor_id: deleter.id, target_user_id: owner.id, action: 'account.deleted' },
    ]);
  });
});

describe('the activity timeline', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('owners read their own, newest first and paged; admins read anyone\'s; no route changes a row', async () => {
    const { agent, user } = await t.loginAs('user');
    const audit = t.app.get(AuditService);
    for (const action of ['first', 'second', 'third']) await audit.record(user.id, user.id, `test.${action}`, {});
    const own = await agent.get('/api/user/activity').expect(200);
    expect(own.body.map((e: { action: string }) => e.action).slice(0, 3)).toEqual(['test.third', 'test.second', 'test.first']);
    expect(own.body.at(-1).action).toBe('login');
    expect(own.body.at(-1)).toMatchObject({ actorId: user.id, actorName: user.name });
    const page = await agent.get('/api/user/activity').query({ range: '[0,1]' }).expect(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers['content-range']).toBe('activity 0-1/4');
    const { agent: admin } = await t.loginAs('admin');
    expect((await admin.get(`/api/admin/users/${user.id}/activity`).expect(200)).body).toHaveLength(4);
    const { agent: other } = await t.loginAs('user');
    expect((await other.get('/api/user/activity').expect(200)).body.map((e: { action: string }) => e.action)).toEqual(['login']);
    await agent.delete('/api/user/activity').expect(404);
    await agent.put('/api/user/activity').send({}).expect(404);
  });
});
