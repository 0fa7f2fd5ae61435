import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Who did what to whom, and when: admins' changes to other users' data, and every security- or money-relevant event
 * about a person (their activity timeline, docs/security.md). Append-only: the database refuses UPDATE and DELETE.
 * The ids are plain numbers, not foreign keys, so a row outlives the accounts it names.
 */
@Entity('admin_audit_log')
export class AuditLogEntry {
  @PrimaryGeneratedColumn()
  id: number;

  /** Who did it; null for the system (or nobody signed in, such as a failed sign-in). */
  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  @Column({ type: 'int', nullable: true })
  targetUserId: number | null;

  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ type: 'jsonb', default: {} })
  details: Record<string, unknown>;

  /** The actor's browser and system, and the network they came from (request-context.ts); null when not from a request. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  browser: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  os: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipPrefix: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
