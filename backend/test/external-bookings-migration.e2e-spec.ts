import { DataSource } from 'typeorm';
import { ExternalBookingsStore } from '../src/bookings/external-bookings.store';
import { migrations } from '../src/database/migrations';
import { CalendarPollIndexes1764400000000 } from '../src/database/migrations/1764400000000-calendar-poll-indexes';
import { SyncMessageCodes1764600000000 } from '../src/database/migrations/1764600000000-sync-message-codes';
import { migrationDatabase } from './helpers/migration-database';

const OLD_COLUMNS = 'id, feed_id, user_id, uid, recurrence_id, start_time, ends_at, all_day, start_date, end_date, summary, description, location, status, kind, sequence, revision, sync_generation, updated_at';

describe('migration to the external bookings store', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it('moves every imported row across with its id, revision and updated_at, and drops the old table', async () => {
    const before = migrations.indexOf(CalendarPollIndexes1764400000000) + 1;
    ds = await db.upTo(before);
    const [user] = await ds.query(`INSERT INTO users (username, name, email, password) VALUES ('vert@example.com', 'Vert', 'vert@example.com', 'x') RETURNING id`);
    const [on] = await ds.query(`INSERT INTO ical_feeds (user_id, name, url, sync_generation) VALUES ($1, 'Airbnb', 'https://example.com/a.ics', 7) RETURNING id`, [user.id]);
    const [off] = await ds.query(`INSERT INTO ical_feeds (user_id, name, url, enabled, sync_generation) VALUES ($1, 'VRBO', 'https://example.com/b.ics', false, 2) RETURNING id`, [user.id]);
    await ds.query(
      `INSERT INTO ical_feed_events (id, feed_id, user_id, uid, recurrence_id, start_time, ends_at, all_day, start_date, end_date, summary, description, location, status, kind, sequence, revision, sync_generation, updated_at) VALUES
        (41, $1, $3, 'stay@airbnb.com', '', '2027-04-01T22:00:00Z', '2027-04-04T22:00:00Z', true, '2027-04-02', '2027-04-05', 'Reserved', 'HM123', NULL, 'confirmed', 'guest', 0, 3, 7, '2026-11-01T10:00:00Z'),
        (42, $1, $3, 'series', '2027-04-10T08:00:00Z', '2027-04-10T08:00:00Z', '2027-04-10T09:00:00Z', false, NULL, NULL, 'Vask', NULL, 'Hytta', 'tentative', 'event', 2, 0, 6, '2026-10-01T10:00:00Z'),
        (90, $2, $3, 'blocked@vrbo.com', '', '2027-05-01T22:00:00Z', '2027-05-03T22:00:00Z', true, '2027-05-02', '2027-05-04', '', NULL, NULL, 'confirmed', 'blocked', 1, 1, 2, '2026-09-01T10:00:00Z')`,
      [on.id, off.id, user.id],
    );
    const oldRows = await ds.query(`SELECT ${OLD_COLUMNS} FROM ical_feed_events ORDER BY id`);
    // Notes are keyed by the API id, which the old read built from the feed and a hash of UID and recurrence id.
    const oldIds = (await ds.query(`SELECT 'ical-' || feed_id || '-' || left(md5(uid || '|' || recurrence_id), 16) AS id FROM ical_feed_events WHERE feed_id = $1 ORDER BY id`, [on.id])).map((r: { id: string }) => r.id);

    // Up to this change's two migrations (external bookings, then the sync message codes), so undoing two undoes them.
    ds = await db.upTo(migrations.indexOf(SyncMessageCodes1764600000000) + 1);
    const moved = await ds.query(
      `SELECT id, source_id AS feed_id, user_id, external_uid AS uid, recurrence_id, start_time, ends_at, all_day, start_date, end_date, summary, description, location, status, kind, sequence, revision, sync_generation, updated_at
       FROM external_bookings WHERE source_kind = 'ical' ORDER BY id`,
    );
    expect(moved.map((r: Record<string, unknown>) => ({ ...r, id: String(r.id), sync_generation: Number(r.sync_generation) }))).toEqual(
      oldRows.map((r: Record<string, unknown>) => ({ ...r, id: String(r.id) })),
    );
    expect((await ds.query(`SELECT to_regclass('ical_feed_events') AS t`))[0].t).toBeNull();
    expect(await ds.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'ical_feeds' AND column_name = 'sync_generation'`)).toEqual([]);

    // The read path (which needs every later migration: they are run for it and undone after) finds them under the
    // same API ids, and still hides the disabled feed's.
    ds = await db.upTo(migrations.length);
    const read = await new ExternalBookingsStore(ds).listForPerson(user.id, { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2028-01-01T00:00:00Z') });
    expect(read.map((b) => b.id)).toEqual(oldIds);
    for (let n = migrations.length; n > migrations.indexOf(SyncMessageCodes1764600000000) + 1; n--) await ds.undoLastMigration({ transaction: 'each' });
    // New rows and new pulls never reuse an id or a generation of the moved rows.
    const [row] = await ds.query(`INSERT INTO external_bookings (source_kind, source_id, user_id, external_uid, start_time, ends_at, all_day, sync_generation)
      VALUES ('beds24', 1, $1, '4711', now(), now(), false, 0) RETURNING id`, [user.id]);
    expect(Number(row.id)).toBeGreaterThan(90);
    expect(Number((await ds.query(`SELECT nextval('external_bookings_pull_seq') AS g`))[0].g)).toBeGreaterThan(7);
  });

  it('rolls back to the old table with the imported rows', async () => {
    await ds.query(`DELETE FROM external_bookings WHERE source_kind = 'beds24'`);
    const rows = await ds.query(`SELECT id, source_id AS feed_id, external_uid AS uid, revision, updated_at FROM external_bookings ORDER BY id`);
    await ds.undoLastMigration({ transaction: 'each' });
    await ds.undoLastMigration({ transaction: 'each' });
    expect(await ds.query('SELECT id, feed_id, uid, revision, updated_at FROM ical_feed_events ORDER BY id')).toEqual(rows);
    expect((await ds.query(`SELECT to_regclass('external_bookings') AS t`))[0].t).toBeNull();
  });
});
