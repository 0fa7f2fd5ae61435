import { Column, Entity, PrimaryColumn } from 'typeorm';

/** express-session rows. user_id is copied out of sess so all of a user's sessions can be ended at once. */
@Entity('session')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid: string;

  @Column({ type: 'jsonb' })
  sess: Record<string, unknown>;

  @Column({ type: 'timestamptz' })
  expire: Date;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** The id the sessions list shows and ends a session by: the sid itself is the cookie's secret. */
  @Column({ type: 'uuid' })
  publicId: string;

  @Column({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  lastSeenAt: Date;
}
