import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Data-model tables for shared events (docs/product/calendar.md#data-and-states); no screen uses them yet. */
@Entity('event_collaborators')
export class EventCollaborator {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  eventId: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 20, default: 'guest' })
  role: string;

  @CreateDateColumn({ type: 'timestamptz' })
  joinedAt: Date;
}

@Entity('event_suggestions')
export class EventSuggestion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  eventId: number;

  @Column({ type: 'int' })
  suggestedBy: number;

  @Column({ type: 'varchar', length: 30 })
  type: string;

  @Column({ type: 'text', nullable: true })
  originalValue: string | null;

  @Column({ type: 'text', nullable: true })
  suggestedValue: string | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: string;

  @Column({ type: 'int', nullable: true })
  resolvedBy: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
