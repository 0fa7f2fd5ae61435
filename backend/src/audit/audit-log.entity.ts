import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What an admin did to another user's data: who, what, when. */
@Entity('admin_audit_log')
export class AuditLogEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  @Column({ type: 'int', nullable: true })
  targetUserId: number | null;

  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ type: 'jsonb', default: {} })
  details: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
