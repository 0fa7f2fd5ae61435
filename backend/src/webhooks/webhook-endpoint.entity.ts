import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An address staff subscribed to some of the portal's events (docs/product/webhooks.md). */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 2000 })
  url: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'text', array: true })
  events: string[];

  /** The signing secret ('whsec_…') sealed with the server secret; shown once, when made or rotated. */
  @Column({ type: 'text' })
  secretSealed: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** 'failing' when the portal turned it off (deliveries failed for 3 days); null otherwise. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  disabledReason: string | null;

  /** The first failed attempt since the last success. */
  @Column({ type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ type: 'int', nullable: true })
  createdById: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
