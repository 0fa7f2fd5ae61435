import { DataSource } from 'typeorm';
import { TestApp } from './helpers/test-app';

/** PGlite has one session; the pg-shaped pool must keep a transaction to itself while others wait. */
describe('database driver isolation', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('a rolled-back transaction stays rolled back while other requests run', async () => {
    const db = t.app.get(DataSource);
    const user = await t.createUser('user', { name: 'Før' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));

    const tx = db
      .transaction(async (m) => {
        await m.query('UPDATE users SET name = $1 WHERE id = $2', ['Under transaksjon', user.id]);
        await gate;
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);

    // Meanwhile, other work runs through the same app; it must never see or commit the open transaction's write.
    const others = Promise.all([
      db.query('SELECT name FROM users WHERE id = $1', [user.id]),
      db.query('UPDATE users SET phone_number = $1 WHERE id = $2', ['999', user.id]),
    ]);
    setTimeout(release, 50);
    expect(await tx).toBe('roll back');
    const [[seen]] = await others;
    expect(seen.name).toBe('Før');
    const [after] = await db.query('SELECT name, phone_number FROM users WHERE id = $1', [user.id]);
    expect(after).toEqual({ name: 'Før', phone_number: '999' });
  });
});
