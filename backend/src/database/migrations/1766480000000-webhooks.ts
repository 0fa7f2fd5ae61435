import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/product/webhooks.md): the addresses staff subscribed to the portal's events, each with its signing
 * secret sealed with the server secret, and one delivery per event and address, with what its last attempt gave and
 * when the next is due.
 */
export class Webhooks1766480000000 implements MigrationInterface {
  name = 'Webhooks1766480000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_endpoints (
        id serial PRIMARY KEY,
        url varchar(2000) NOT NULL,
        description varchar(500),
        events text[] NOT NULL,
        -- 'whsec_…' sealed (AES-256-GCM under SESSION_SECRET): never stored as it is.
        secret_sealed text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        -- 'failing': turned off after its deliveries failed for 3 days; null when staff turned it off or it is on.
        disabled_reason varchar(20),
        -- The first failed attempt since the last success: null while deliveries succeed.
        failing_since timestamptz,
        created_by_id int REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`
      CREATE TABLE webhook_deliveries (
        id serial PRIMARY KEY,
        endpoint_id int NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        -- The Standard Webhooks message id (webhook-id), the same on every attempt: receivers drop repeats by it.
        message_id varchar(40) NOT NULL,
        event_type varchar(40) NOT NULL,
        payload text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        last_attempt_at timestamptz,
        last_duration_ms int,
        last_response_status int,
        last_error varchar(300),
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL
      )
    `);
    await db.query('CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)');
    await db.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE webhook_deliveries');
    await db.query('DROP TABLE webhook_endpoints');
  }
}
