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
    const { agent } = await t.loginAs('admin');
    await agent.delete(`/api/admin/users/${owner.id}`).expect(200);
    const rows = await db.query('SELECT actor_id, target_user_id, action FROM admin_audit_log WHERE target_user_id = $1', [owner.id]);
    expect(rows).toEqual([{ actor_id: admin.id, target_user_id: owner.id, action: 'test.action' }]);
  });
});
