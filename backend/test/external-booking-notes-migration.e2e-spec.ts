import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { ExternalBookingNotes1765710000000 } from '../src/database/migrations/1765710000000-external-booking-notes';
import { migrationDatabase } from './helpers/migration-database';

describe('migration to notes on external bookings of every source', () => {
  jest.setTimeout(60_000);
  const db = migrationDatabase();
  let ds: DataSource;

  it('keeps every note with its id, and new notes continue the numbering; undone, the old table is back', async () => {
    const index = migrations.indexOf(ExternalBookingNotes1765710000000);
    ds = await db.upTo(index);
    const [user] = await ds.query(`INSERT INTO users (username, name, email, password) VALUES ('vert@example.com', 'Vert', 'vert@example.com', 'x') RETURNING id`);
    await ds.query(`INSERT INTO ical_event_notes (user_id, event_external_id, notes) VALUES ($1, 'ical-3-0123456789abcdef', 'Nøkkel i postkassa'), ($1, 'ical-4-fedcba9876543210', 'Sen innsjekk')`, [user.id]);
    const before = await ds.query('SELECT id, user_id, event_external_id, notes, created_at FROM ical_event_notes ORDER BY id');

    ds = await db.upTo(index + 1);
    expect(await ds.query('SELECT id, user_id, event_external_id, notes, created_at FROM external_booking_notes ORDER BY id')).toEqual(before);
    const [added] = await ds.query(`INSERT INTO external_booking_notes (user_id, event_external_id, notes) VALUES ($1, 'beds24-9-0123456789abcdef', 'Beds24') RETURNING id`, [user.id]);
    expect(added.id).toBe(before[1].id + 1);
    // Still one note per user and booking.
    await expect(ds.query(`INSERT INTO external_booking_notes (user_id, event_external_id, notes) VALUES ($1, 'beds24-9-0123456789abcdef', 'to')`, [user.id])).rejects.toThrow();

    await ds.undoLastMigration();
    expect((await ds.query('SELECT count(*)::int AS n FROM ical_event_notes'))[0].n).toBe(3);
  });
});
