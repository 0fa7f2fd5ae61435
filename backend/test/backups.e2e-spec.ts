import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { backedUpTables, currentSchemaVersion } from '../src/backups/backup-file';
import { BACKUP_JOB_ID } from '../src/backups/backup-scheduler';
import { BackupsService } from '../src/backups/backups.service';
import { CalendarService } from '../src/calendar/calendar.service';
import { FileStore } from '../src/common/adapters/file-store';
import { DatabasePort, LOCK_BACKUP } from '../src/database/database.port';
import { ScheduledJobs } from '../src/jobs/scheduled-jobs.service';
import { PayoutsService } from '../src/payouts/payouts.service';
import { PricesService } from '../src/prices/prices.service';
import type { User } from '../src/users/user.entity';
import { PASSWORD, TestApp } from './helpers/test-app';

type Agent = ReturnType<typeof request.agent>;

/** A PNG's signature and a little more: FileStore keeps only the file types it recognises. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR\u0000\u0001\u00ff binary \n\r\t "quoted" æøå')]);

describe('backups and restore', () => {
  let t: TestApp;
  let ds: DataSource;
  let admin: Agent;
  let adminUser: User;
  let owner: User;
  let dir: string;

  beforeAll(async () => {
    t = await TestApp.start({ BACKUP_KEEP_AUTOMATIC: '2' });
    ds = t.app.get(DataSource);
    dir = t.app.get(BackupsService).dir;
    ({ agent: admin, user: adminUser } = await t.loginAs('admin'));
    owner = await t.createUser('user', { name: 'Kari «Nordmann»' });
    await seed(owner);
    await t.jobsDone();
  });
  afterAll(() => t.close());

  /** Rows in every backed-up table, with awkward values: money, bytes, JSON, dates, nulls, quotes, newlines, emoji. */
  async function seed(user: User) {
    const calendar = t.app.get(CalendarService);
    const property = await t.propertyOf(user);
    await calendar.createEvent(user, property, { title: 'Eiersperre tid', description: 'Linje 1\nLinje 2 "sitat" \\ 🎉', startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-10T14:00:00Z' });
    await calendar.createEvent(user, property, { title: 'Ferie', startTime: '2027-02-01T10:00:00Z', endTime: '2027-02-03T14:00:00Z' });
    await calendar.createMarkedDay(user, property.id, { date: '2027-01-11', markerType: 'vacation', notes: 'Påske' });
    await calendar.saveNote(user, property, 'ical-1-abc', 'Gjest kommer sent');
    // Written straight to its table, not due for years: FeedsService.create would have the job workers try it at
    // once, writing its sync state while the tests compare tables.
    await ds.query(`INSERT INTO ical_feeds (user_id, name, url, next_sync_at) VALUES ($1, 'Airbnb', 'https://airbnb.example/calendar.ics', '2100-01-01')`, [user.id]);
    await t.app.get(PayoutsService).create(adminUser, { userId: user.id, month: 3, year: 2026, amount: '12345.67' });
    await t.app.get(PricesService).create(adminUser, { userId: user.id, name: 'Høysesong', priceFrom: '1500.50', priceTo: '2500', discountPercent: '12.5' });
    await t.app.get(FileStore).put(PNG, 'bilde.png');
    // A large file stored before files were kept in chunks, its bytes in the row itself: that row becomes a line of
    // several MB in the file (hex), read and written slice by slice across many gzip chunks.
    const large = Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 7)]);
    await ds.query(
      "INSERT INTO stored_files (content, byte_size, content_type, sha256, original_name) VALUES ($1, $2, 'image/png', encode(sha256($1), 'hex'), 'stor.png')",
      [large, large.length],
    );
    await admin.put('/api/system-settings/calendar.eventColor').send({ value: '#16a34a' }).expect(200);
    const [{ id: achievement }] = await ds.query(`INSERT INTO achievements (name, requirement) VALUES ('Første booking', '{"bookings": 1, "nested": [1, "to"]}') RETURNING id`);
    await ds.query('INSERT INTO user_achievements (user_id, achievement_id, progress, unlocked_at) VALUES ($1, $2, 1, $3)', [user.id, achievement, '2026-05-01T08:30:00.123456Z']);
    const [{ id: badge }] = await ds.query(`INSERT INTO badges (name, level) VALUES ('Gull', 3) RETURNING id`);
    await ds.query('INSERT INTO user_badges (user_id, badge_id) VALUES ($1, $2)', [user.id, badge]);
    await ds.query('INSERT INTO user_points (user_id, total_points) VALUES ($1, 10)', [user.id]);
    await ds.query(`INSERT INTO point_transactions (user_id, points, reason, achievement_id) VALUES ($1, 10, 'achievement', $2)`, [user.id, achievement]);
    await ds.query(`INSERT INTO user_streaks (user_id, streak_type, current_streak, last_activity_date) VALUES ($1, 'login', 4, '2026-05-31')`, [user.id]);
  }

  /**
   * Every backed-up table's rows as PostgreSQL prints them, sorted. The trail of backups and restores themselves
   * (written after the file is made) is left out.
   */
  async function contents(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of await backedUpTables(ds)) {
      const rows: { j: string }[] = await ds.query(`SELECT row_to_json(r)::text AS j FROM "${table.name}" r`);
      out[table.name] = rows.map((r) => r.j).filter((j) => !(table.name === 'admin_audit_log' && /"action":"backup\./.test(j))).sort();
    }
    return out;
  }

  const fileOf = (name: string) => path.join(dir, name);
  const lines = (name: string) => gunzipSync(readFileSync(fileOf(name))).toString('utf8').split('\n');
  const writeLines = (name: string, text: string[]) => writeFileSync(fileOf(name), gzipSync(Buffer.from(text.join('\n'))));

  it('a backup holds every product table except sessions, with the schema version, counts and a checksum', async () => {
    const { body } = await admin.post('/api/admin/backups').expect(201);
    expect(body).toMatchObject({
      filename: expect.stringMatching(/^eierportal-backup-20260601-120000-[0-9a-f]{6}\.ndjson\.gz$/),
      createdAt: '2026-06-01T12:00:00.000Z',
      isAutomatic: false,
      summary: { eventsCount: 2, icalFeedsCount: 1, icalEventNotesCount: 1, markedDaysCount: 1 },
      schemaVersion: await currentSchemaVersion(ds),
      restorable: true,
    });
    expect(body.size).toBe(readFileSync(fileOf(body.filename)).length);
    // Written under a temporary name and renamed: nothing else is left in the folder.
    expect(readdirSync(dir)).toEqual([body.filename]);
    const text = lines(body.filename);
    const header = JSON.parse(text[0].slice(1));
    expect(header).toMatchObject({ format: 'eierportal-backup', formatVersion: 1, schemaVersion: await currentSchemaVersion(ds), automatic: false });
    expect(header.tables).toEqual(expect.arrayContaining(['users', 'events', 'stored_files', 'achievements', 'user_streaks', 'system_settings', 'payouts']));
    expect(header.tables).not.toContain('session');
    expect(header.tables).not.toContain('migrations');
    expect(header.tables).not.toContain('backups');
    // Parents before children, so a restore inserts in file order.
    expect(header.tables.indexOf('users')).toBeLessThan(header.tables.indexOf('events'));
    expect(header.tables.indexOf('achievements')).toBeLessThan(header.tables.indexOf('point_transactions'));
    const end = JSON.parse(text.at(-2)!.slice(1));
    expect(end).toMatchObject({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), rows: expect.objectContaining({ events: 2, stored_files: 2, user_badges: 1 }) });
    expect((await admin.get('/api/admin/backups').expect(200)).body).toEqual([body]);
    // Private: the file 0600, its folder 0700.
    expect(statSync(fileOf(body.filename)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('rows with files are written slice by slice, yet each line is exactly the row as row_to_json prints it', async () => {
    const backup = await t.app.get(BackupsService).create(false, null);
    const text = lines(backup.filename);
    const at = text.findIndex((l) => l.startsWith('T{"table":"stored_files"'));
    const { columns } = JSON.parse(text[at].slice(1));
    const written = text.slice(at + 1, at + 3);
    expect(written.every((l) => l.startsWith('R'))).toBe(true);
    const expected: { j: string }[] = await ds.query(`SELECT row_to_json(r)::text AS j FROM (SELECT ${columns.map((c: string) => `"${c}"`).join(', ')} FROM stored_files) r`);
    // The large file (1 MB and more) spans several slices.
    expect(Math.max(...written.map((l) => l.length))).toBeGreaterThan(2 * 1024 * 1024);
    expect(written.map((l) => l.slice(1)).sort()).toEqual(expected.map((r) => r.j).sort());
  });

  it('backup, wipe, restore gives back identical rows in every table, and new rows get fresh ids', async () => {
    const before = await contents();
    const backup = await t.app.get(BackupsService).create(false, adminUser.id);
    const tables = (await backedUpTables(ds)).map((x) => `"${x.name}"`);
    await ds.query(`TRUNCATE session, password_reset_tokens, ${tables.join(', ')} RESTART IDENTITY`);
    expect((await contents()).users).toEqual([]);
    // The admin's account went with the wipe, so the restore is asked of the service, as an admin would over HTTP.
    const restored = await t.app.get(BackupsService).restore(backup.filename, adminUser.id);
    expect(restored).toMatchObject({ filename: backup.filename, summary: backup.summary });
    expect(await contents()).toEqual(before);
    // Sequences continue after the restored ids.
    const event = await t.app.get(CalendarService).createEvent(owner, await t.propertyOf(owner), { title: 'Ny', startTime: '2027-03-01T10:00:00Z', endTime: '2027-03-01T14:00:00Z' });
    const ids = (await ds.query('SELECT id FROM events')).map((r: { id: number }) => r.id);
    expect(event.id).toBe(Math.max(...ids));
    expect(new Set(ids).size).toBe(3);
    const files = await ds.query('SELECT id, original_name FROM stored_files');
    expect((await t.app.get(FileStore).get(files.find((f: { original_name: string }) => f.original_name === 'bilde.png').id))!.content).toEqual(PNG);
    expect((await t.app.get(FileStore).get(files.find((f: { original_name: string }) => f.original_name === 'stor.png').id))!.content.length).toBe(PNG.length + 1024 * 1024);
    // The wipe took the logins with it.
    admin = (await t.loginAs(adminUser)).agent;
  });

  it('restore over HTTP puts back what changed since the backup; logins of accounts it keeps stay', async () => {
    const ownerAgent = (await t.loginAs(owner)).agent;
    const before = await contents();
    const { filename } = (await admin.post('/api/admin/backups').expect(201)).body;
    // An account made after the backup, logged in: the restore removes it, and its login with it.
    const newcomer = (await t.loginAs('user')).agent;
    await newcomer.get('/api/user').expect(200);
    await ds.query('DELETE FROM events');
    await t.app.get(CalendarService).createMarkedDay(owner, (await t.propertyOf(owner)).id, { date: '2027-05-01', markerType: 'busy' });
    await admin.put('/api/system-settings/calendar.eventColor').send({ value: '#000000' }).expect(200);
    const trailBefore = await ds.query('SELECT id, action FROM admin_audit_log ORDER BY id');
    const { body } = await admin.post(`/api/admin/backups/restore/${filename}`).expect(200);
    expect(body).toMatchObject({ filename, rows: expect.any(Number), summary: { eventsCount: 3, markedDaysCount: 1 } });
    // Every table as at the backup, but the audit trail: it keeps what was written since, and the restore's own row.
    const { admin_audit_log: trailAfterRestore, ...restored } = await contents();
    const { admin_audit_log: trailAtBackup, ...backedUp } = before;
    expect(restored).toEqual(backedUp);
    expect(trailAfterRestore).toEqual(expect.arrayContaining(trailAtBackup));
    const trail = await ds.query('SELECT id, action FROM admin_audit_log ORDER BY id');
    expect(trail).toEqual([...trailBefore, { id: expect.any(Number), action: 'backup.restore' }]);
    expect(trailBefore.map((r: { action: string }) => r.action)).toContain('system_setting.changed');
    expect((await t.anon().get('/api/system-settings').expect(200)).body).toEqual([expect.objectContaining({ key: 'calendar.eventColor', value: '#16a34a' })]);
    await admin.get('/api/admin/backups').expect(200);
    await ownerAgent.get('/api/user').expect(200);
    await newcomer.get('/api/user').expect(401);
  });

  it('the audit trail survives a restore: rows written after the backup stay, missing ones come back, none is rewritten', async () => {
    const { filename } = (await admin.post('/api/admin/backups').expect(201)).body;
    const atBackup: { id: number; action: string }[] = await ds.query('SELECT id, action FROM admin_audit_log ORDER BY id');
    // After the backup: a sign-in and a setting change, both in the trail.
    await t.loginAs(owner);
    await admin.put('/api/system-settings/calendar.eventColor').send({ value: '#123456' }).expect(200);
    const beforeRestore: { id: number; action: string }[] = await ds.query('SELECT id, action FROM admin_audit_log ORDER BY id');
    expect(beforeRestore.length).toBe(atBackup.length + 2);
    await admin.post(`/api/admin/backups/restore/${filename}`).expect(200);
    const after: { id: number; action: string }[] = await ds.query('SELECT id, action FROM admin_audit_log ORDER BY id');
    expect(after).toEqual([...beforeRestore, { id: expect.any(Number), action: 'backup.restore' }]);
    // The owner's timeline still shows the sign-in made after the backup.
    const ownerAgent = (await t.loginAs(owner)).agent;
    const timeline = (await ownerAgent.get('/api/user/activity').expect(200)).body as { action: string }[];
    expect(timeline.filter((e) => e.action === 'login').length).toBeGreaterThanOrEqual(2);
    // New rows continue after the kept ones.
    await admin.put('/api/system-settings/calendar.eventColor').send({ value: '#16a34a' }).expect(200);
    const [{ max }] = await ds.query('SELECT max(id)::int AS max FROM admin_audit_log');
    expect(max).toBeGreaterThan(after.at(-1)!.id);
  });

  it('a backup carries no login, reset link or login-limit count, and two-factor secrets only sealed', async () => {
    const { agent } = await t.loginAs(owner);
    const { body: setup } = await agent.post('/api/user/2fa/setup').expect(200);
    await admin.post(`/api/admin/users/${owner.id}/reset-password`).expect(200);
    await ds.query(`INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (repeat('a', 64), 3, now())`);
    const [{ n: links }] = await ds.query('SELECT count(*)::int AS n FROM password_reset_tokens');
    const { filename } = (await admin.post('/api/admin/backups').expect(201)).body;
    const text = lines(filename);
    const tables = JSON.parse(text[0].slice(1)).tables as string[];
    for (const table of ['session', 'password_reset_tokens', 'rate_limit_hits']) expect(tables).not.toContain(table);
    const sids: { sid: string }[] = await ds.query('SELECT sid FROM session');
    const whole = text.join('\n');
    for (const { sid } of sids) expect(whole).not.toContain(sid);
    expect(whole).not.toContain(setup.secret);
    expect(whole).toContain('secret_sealed');
    // A restore voids every pending reset link rather than bringing back an old one.
    expect(links).toBeGreaterThan(0);
    await admin.post(`/api/admin/backups/restore/${filename}`).expect(200);
    expect((await ds.query('SELECT count(*)::int AS n FROM password_reset_tokens'))[0].n).toBe(0);
  });

  describe('a file that cannot be restored changes nothing and says why', () => {
    let good: string;
    beforeAll(async () => {
      good = (await admin.post('/api/admin/backups').expect(201)).body.filename;
      // A change after the backup: a restore that went ahead would remove it.
      await t.app.get(CalendarService).createMarkedDay(owner, (await t.propertyOf(owner)).id, { date: '2027-06-01', markerType: 'other' });
    });

    async function refused(filename: string, status: number, code: string | RegExp) {
      const before = await contents();
      const { body } = await admin.post(`/api/admin/backups/restore/${encodeURIComponent(filename)}`).expect(status);
      expect(body).toMatchObject({ code: typeof code === 'string' ? code : expect.stringMatching(code), message: expect.any(String) });
      expect(await contents()).toEqual(before);
      return body;
    }

    it('corrupted bytes in the compressed stream', async () => {
      // Damage to gzip's own check at the end: every line reads, the checksum holds, zlib refuses the file last.
      const tail = readFileSync(fileOf(good));
      tail[tail.length - 6] ^= 0xff;
      writeFileSync(fileOf('crc.ndjson.gz'), tail);
      await refused('crc.ndjson.gz', 422, 'backup_corrupt');
      const bytes = readFileSync(fileOf(good));
      for (let i = 40; i < 60; i++) bytes[Math.floor(bytes.length / 2) + i] ^= 0xff;
      writeFileSync(fileOf('corrupt.ndjson.gz'), bytes);
      // zlib finds most damage itself (bad data, its own CRC); what decompresses anyway fails the checksum.
      await refused('corrupt.ndjson.gz', 422, /^backup_(corrupt|checksum)$/);
    });

    it('a row changed after the backup was made (valid gzip, wrong checksum)', async () => {
      writeLines('edited.ndjson.gz', lines(good).map((l) => l.replace('Gjest kommer sent', 'Gjest kommer tidlig')));
      const body = await refused('edited.ndjson.gz', 422, 'backup_checksum');
      expect(body.message).toBe('Sikkerhetskopien stemmer ikke med sjekksummen sin');
    });

    it('a file cut short, in the middle of the compressed stream or at a line', async () => {
      const bytes = readFileSync(fileOf(good));
      writeFileSync(fileOf('half.ndjson.gz'), bytes.subarray(0, Math.floor(bytes.length / 2)));
      await refused('half.ndjson.gz', 422, 'backup_truncated');
      const text = lines(good);
      writeLines('short.ndjson.gz', text.slice(0, Math.floor(text.length / 2)));
      await refused('short.ndjson.gz', 422, 'backup_truncated');
    });

    it('a file that is no backup of this portal', async () => {
      writeFileSync(fileOf('plain.gz'), 'just some text\n');
      await refused('plain.gz', 422, 'backup_foreign');
      writeLines('other.json.gz', ['{"users":[]}']);
      await refused('other.json.gz', 422, 'backup_foreign');
      const text = lines(good);
      const header = JSON.parse(text[0].slice(1));
      writeLines('fewer-tables.ndjson.gz', ['H' + JSON.stringify({ ...header, tables: header.tables.slice(1) }), ...text.slice(1)]);
      await refused('fewer-tables.ndjson.gz', 422, 'backup_foreign');
    });

    it('a backup from a newer version of the portal, and one from an older version', async () => {
      const text = lines(good);
      const header = JSON.parse(text[0].slice(1));
      const current = await currentSchemaVersion(ds);
      writeLines('future.ndjson.gz', ['H' + JSON.stringify({ ...header, schemaVersion: 'Future9999999999999' }), ...text.slice(1)]);
      const body = await refused('future.ndjson.gz', 422, 'backup_newer_version');
      expect(body).toMatchObject({ params: { version: 'Future9999999999999', current }, message: `Sikkerhetskopien er laget av en nyere versjon (Future9999999999999) enn denne (${current})` });
      writeLines('past.ndjson.gz', ['H' + JSON.stringify({ ...header, schemaVersion: 'SystemSettings1765400000000' }), ...text.slice(1)]);
      await refused('past.ndjson.gz', 422, 'backup_older_version');
    });

    it('a row the database refuses rolls the whole restore back', async () => {
      // Checksummed correctly but holding an event of a user the file does not have: the foreign key refuses it
      // after every earlier table was already replaced in the transaction.
      const text = lines(good).slice(0, -2);
      const at = text.findIndex((l) => l.startsWith('T{"table":"events"'));
      const row = JSON.parse(text[at + 1].slice(1));
      text.splice(at + 1, 0, 'R' + JSON.stringify({ ...row, id: 999, user_id: 424242 }));
      const { createHash } = await import('node:crypto');
      const sha256 = createHash('sha256').update(text.map((l) => l + '\n').join('')).digest('hex');
      const rows = JSON.parse(lines(good).at(-2)!.slice(1)).rows;
      writeLines('orphan.ndjson.gz', [...text, 'E' + JSON.stringify({ sha256, rows: { ...rows, events: rows.events + 1 } }), '']);
      await refused('orphan.ndjson.gz', 422, 'backup_restore_failed');
    });

    it('names with a path in them are refused before any file is opened; an unknown name is not found', async () => {
      writeFileSync(path.join(dir, '..', 'outside.ndjson.gz'), readFileSync(fileOf(good)));
      for (const name of ['../outside.ndjson.gz', '..%2Foutside.ndjson.gz', '/etc/passwd', '.hidden.gz', 'a..gz', 'x\\..\\y.gz']) {
        await refused(name, 400, 'backup_invalid_filename');
      }
      await refused('nope.ndjson.gz', 404, 'backup_not_found');
    });
  });

  // A writer racing the backup's step-by-step passes makes several passes before the backup settles on one
  // transaction (each write now also bumps its owner's calendar-window version): about 20 s alone, more under load.
  it('writes made while a backup runs do not break it: the file is one snapshot', async () => {
    const database = t.app.get(DatabasePort);
    const base = await contents();
    let done = false;
    let pairs = 0;
    // A user and their event, always written together; a snapshot sees both or neither.
    const writer = (async () => {
      while (!done || pairs === 0) {
        await database.transaction(async (tx) => {
          const [{ id }] = await tx.query(`INSERT INTO users (username, email, name, password) VALUES ($1, $1, 'Samtidig', 'x') RETURNING id`, [`samtidig${pairs}@example.com`]);
          await tx.query(`INSERT INTO events (user_id, title, start_time, end_time, ends_at) VALUES ($1, 'Samtidig', '2027-08-01T10:00:00Z', '2027-08-01T14:00:00Z', '2027-08-01T14:00:00Z')`, [id]);
        });
        pairs++;
      }
    })();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const backup = await t.app.get(BackupsService).create(false, null).finally(() => (done = true));
    await writer;
    // On the embedded engine the step-by-step tries each saw the writes, and the backup was taken in one transaction.
    const gaveUp = warn.mock.calls.some(([m]) => /kept changing/.test(String(m)));
    warn.mockRestore();
    expect(gaveUp).toBe(database.singleSession);
    const text = lines(backup.filename);
    const rowsOf = (table: string) => {
      const at = text.findIndex((l) => l.startsWith(`T{"table":"${table}"`));
      const out: Record<string, unknown>[] = [];
      for (let i = at + 1; text[i].startsWith('R'); i++) out.push(JSON.parse(text[i].slice(1)));
      return out;
    };
    const users = rowsOf('users');
    const events = rowsOf('events');
    expect(users.length - base.users.length).toBe(events.length - base.events.length);
    const userIds = new Set(users.map((u) => u.id));
    expect(events.filter((e) => !userIds.has(e.user_id))).toEqual([]);
    // And it restores.
    await t.app.get(BackupsService).restore(backup.filename, adminUser.id);
    expect((await contents()).events.length).toBe(events.length);
  }, 120_000);

  it('on the embedded engine a backup takes short steps, never one transaction that would hold up every request', async () => {
    const database = t.app.get(DatabasePort);
    const snapshot = jest.spyOn(database, 'snapshot');
    const transactions = jest.spyOn(ds, 'transaction');
    try {
      const backup = await t.app.get(BackupsService).create(false, null);
      // On PostgreSQL the snapshot has its own connection and holds up nobody.
      expect(snapshot).toHaveBeenCalledTimes(database.singleSession ? 0 : 1);
      if (database.singleSession) expect(transactions).not.toHaveBeenCalled();
      expect(lines(backup.filename).at(-2)).toMatch(/^E\{"sha256":"[0-9a-f]{64}"/);
    } finally {
      snapshot.mockRestore();
      transactions.mockRestore();
    }
  });

  it('the daily backup is a registered job that runs and keeps the newest automatic backups', async () => {
    const jobs = (await admin.get('/api/admin/jobs').expect(200)).body;
    expect(jobs).toEqual(expect.arrayContaining([expect.objectContaining({ id: BACKUP_JOB_ID, schedule: '0 17 2 * * *' })]));
    const manual = (await admin.get('/api/admin/backups').expect(200)).body.filter((b: { isAutomatic: boolean }) => !b.isAutomatic);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.set(new Date(Date.UTC(2026, 5, 2 + i, 0, 17)));
      const run = (await admin.post(`/api/admin/jobs/${BACKUP_JOB_ID}/run`).expect(200)).body;
      expect(run).toMatchObject({ lastError: null, lastResult: { filename: expect.stringMatching(/-auto\.ndjson\.gz$/), pruned: i < 2 ? 0 : 1 } });
      made.push(run.lastResult.filename);
    }
    const list = (await admin.get('/api/admin/backups').expect(200)).body;
    expect(list.filter((b: { isAutomatic: boolean }) => b.isAutomatic).map((b: { filename: string }) => b.filename)).toEqual([made[2], made[1]]);
    expect(list.filter((b: { isAutomatic: boolean }) => !b.isAutomatic)).toEqual(manual);
    expect(existsSync(fileOf(made[0]))).toBe(false);
    expect(existsSync(fileOf(made[2]))).toBe(true);
    // Three whole backups of the database the racing writer above filled: seconds each, far more on a loaded machine.
  }, 90_000);

  it('the daily tick goes through the job queue like every scheduled job', async () => {
    const before = (await admin.get('/api/admin/backups').expect(200)).body.length;
    t.clock.set('2026-06-10T00:17:00Z');
    expect(await t.app.get(ScheduledJobs).enqueue(BACKUP_JOB_ID)).toEqual(expect.any(String));
    await t.jobsDone();
    const list = (await admin.get('/api/admin/backups').expect(200)).body;
    // One more automatic backup, and the oldest automatic one pruned: the count stays.
    expect(list).toHaveLength(before);
    expect(list[0]).toMatchObject({ isAutomatic: true, createdAt: '2026-06-10T00:17:00.000Z' });
  });

  it('one backup or restore at a time: a second one is refused while the first runs', async () => {
    // The daily backups above moved the clock on by days: a restore asks for a fresh proof (docs/security.md#re-authentication).
    await admin.post('/api/user/reauth').send({ password: PASSWORD }).expect(200);
    const { filename } = (await admin.post('/api/admin/backups').expect(201)).body;
    const held = await t.app.get(DatabasePort).tryLock(LOCK_BACKUP, 0, async () => {
      expect((await admin.post('/api/admin/backups').expect(409)).body).toMatchObject({ code: 'backup_busy', message: 'En sikkerhetskopiering eller gjenoppretting pågår allerede' });
      expect((await admin.post(`/api/admin/backups/restore/${filename}`).expect(409)).body).toMatchObject({ code: 'backup_busy' });
      return true;
    });
    expect(held).toEqual({ acquired: true, value: true });
  });

  it('a backup file copied into the folder from elsewhere joins the history and can be restored', async () => {
    const original = (await admin.post('/api/admin/backups').expect(201)).body;
    writeFileSync(fileOf('flyttet.ndjson.gz'), readFileSync(fileOf(original.filename)));
    writeFileSync(fileOf('soppel.gz'), gzipSync('ikke en sikkerhetskopi'));
    // A whole backup from before the last migration: listed, but this version cannot restore it.
    const text = lines(original.filename).slice(0, -2);
    text[0] = 'H' + JSON.stringify({ ...JSON.parse(text[0].slice(1)), schemaVersion: 'SystemSettings1765400000000' });
    const { createHash } = await import('node:crypto');
    const sha256 = createHash('sha256').update(text.map((l) => l + '\n').join('')).digest('hex');
    writeLines('gammel.ndjson.gz', [...text, 'E' + JSON.stringify({ ...JSON.parse(lines(original.filename).at(-2)!.slice(1)), sha256 }), '']);
    const list = (await admin.get('/api/admin/backups').expect(200)).body;
    const moved = list.find((b: { filename: string }) => b.filename === 'flyttet.ndjson.gz');
    expect(moved).toEqual({ ...original, id: expect.any(Number), filename: 'flyttet.ndjson.gz' });
    expect(list.find((b: { filename: string }) => b.filename === 'gammel.ndjson.gz')).toMatchObject({ schemaVersion: 'SystemSettings1765400000000', restorable: false, summary: original.summary });
    expect(list.map((b: { filename: string }) => b.filename)).not.toContain('soppel.gz');
    // Listed once: the next list does not add it again.
    expect((await admin.get('/api/admin/backups').expect(200)).body).toHaveLength(list.length);
    await admin.post('/api/admin/backups/restore/flyttet.ndjson.gz').expect(200);
  });

  it('a temporary file a crashed backup left behind is removed by the next backup', async () => {
    writeFileSync(fileOf('.eierportal-backup-20260601-115900-dddddd.ndjson.gz.tmp'), 'halvferdig');
    const { filename } = (await admin.post('/api/admin/backups').expect(201)).body;
    expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(readdirSync(dir)).toContain(filename);
  });

  it('only admins reach the backup routes', async () => {
    const { filename } = (await admin.post('/api/admin/backups').expect(201)).body;
    const agents: [string, Agent][] = [
      ['anonymous', t.anon()],
      ['owner', (await t.loginAs(owner)).agent],
      ['otherUser', (await t.loginAs('user')).agent],
      ['miniAdmin', (await t.loginAs('miniAdmin')).agent],
    ];
    for (const [who, agent] of agents) {
      const expected = who === 'anonymous' ? 401 : 403;
      expect([who, (await agent.get('/api/admin/backups')).status]).toEqual([who, expected]);
      expect([who, (await agent.post('/api/admin/backups')).status]).toEqual([who, expected]);
      expect([who, (await agent.post(`/api/admin/backups/restore/${filename}`)).status]).toEqual([who, expected]);
    }
    await admin.get('/api/admin/backups').expect(200);
  });
});

describe('the backup folder at start', () => {
  it('a folder and backup files an earlier version left readable by others become 0700 and 0600', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'eierportal-backup-modes-'));
    const folder = path.join(root, 'backups');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const old = path.join(folder, 'eierportal-backup-20260101-020000-abcdef-auto.ndjson.gz');
    writeFileSync(old, gzipSync('H{}\n'), { mode: 0o644 });
    chmodSync(old, 0o644);
    const t = await TestApp.start({ BACKUP_DIR: folder });
    try {
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(old).mode & 0o777).toBe(0o600);
    } finally {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
