import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event for one endpoint, with what its last attempt gave and when the next is due (docs/product/webhooks.md#delivery). */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  endpointId: number;

  /** The Standard Webhooks message id (header webhook-id), the same on every attempt. */
  @Column({ type: 'varchar', length: 40 })
  messageId: string;

  @Column({ type: 'varchar', length: 40 })
  eventType: string;

  /** The body as sent: `{ type, timestamp, data }`. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: DeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ type: 'int', nullable: true })
  lastDurationMs: number | null;

  /** The receiver's HTTP status; null when no answer came (time-out, refused address, network). */
  @Column({ type: 'int', nullable: true })
  lastResponseStatus: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  /** When the next attempt is due; null once it succeeded or was given up. */
  @Column({ type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ type: 'timestamptz' })
  createdAt: Date;
}
