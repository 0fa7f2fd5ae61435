import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owners' stays held for staff's approval (docs/product/stays.md#stays-as-requests): a property's rules say whether a
 * stay is saved at once or held as a request; the stay is in the calendar meanwhile, marked as awaiting approval, and
 * each request keeps its decision (who, when, the note) after the stay it asked for is approved or removed.
 */
export class StayRequests1766450000000 implements MigrationInterface {
  name = 'StayRequests1766450000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE stay_rules ADD COLUMN approval varchar(10) NOT NULL DEFAULT 'instant' CHECK (approval IN ('instant', 'request'))`);
    await db.query('ALTER TABLE events ADD COLUMN awaiting_approval boolean NOT NULL DEFAULT false');
    await db.query(`
      CREATE TABLE stay_requests (
        id serial PRIMARY KEY,
        property_id int NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
        -- Null once the stay is gone: declined (removed with the decision) or withdrawn by its owner.
        event_id int REFERENCES events (id) ON DELETE SET NULL,
        requested_by_id int REFERENCES users (id) ON DELETE SET NULL,
        title varchar(500) NOT NULL,
        start_time timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        nights smallint NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'withdrawn')),
        note text,
        decided_by_id int REFERENCES users (id) ON DELETE SET NULL,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query('CREATE INDEX stay_requests_property_status ON stay_requests (property_id, status, start_time)');
    // One open request per stay: moving a stay that waits changes its request.
    await db.query(`CREATE UNIQUE INDEX stay_requests_one_pending ON stay_requests (event_id) WHERE status = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE stay_requests');
    await db.query('ALTER TABLE events DROP COLUMN awaiting_approval');
    await db.query('ALTER TABLE stay_rules DROP COLUMN approval');
  }
}
