import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export interface EventSource {
  type: string;
  feedName?: string;
  [key: string]: unknown;
}

/** An event the user (or an admin for them) put in the calendar, or a booking synced from a channel. */
@Entity('events')
export class CalendarEvent {
  @PrimaryGeneratedColumn()
  id: number;

  /** The property the event belongs to; `userId` is who it was made by or for (docs/product/calendar.md). */
  @Column({ type: 'int' })
  propertyId: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 500 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'timestamptz' })
  startTime: Date;

  /** Optional; without it the event counts as one hour. */
  @Column({ type: 'timestamptz', nullable: true })
  endTime: Date | null;

  /** endTime, or startTime + 1 hour: what range queries and the GiST index use. */
  @Column({ type: 'timestamptz' })
  endsAt: Date;

  @Column({ type: 'boolean', default: false })
  allDay: boolean;

  @Column({ type: 'varchar', length: 20, default: '#ef4444' })
  color: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  adminColorOverride: string | null;

  @Column({ type: 'jsonb', default: [] })
  routes: string[];

  /** Set for bookings and external events (e.g. { type: 'beds24' }): such events are binding and not deletable. */
  @Column({ type: 'jsonb', nullable: true })
  source: EventSource | null;

  @Column({ type: 'boolean', default: false })
  isCollaborative: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  collaborationCode: string | null;

  @Column({ type: 'boolean', default: false })
  isBlocked: boolean;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  @Column({ type: 'text', nullable: true })
  organizer: string | null;

  @Column({ type: 'text', nullable: true })
  categories: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  transparency: string | null;

  @Column({ type: 'text', nullable: true })
  rrule: string | null;

  @Column({ type: 'int', default: 0 })
  sequence: number;

  @Column({ type: 'boolean', default: false })
  isPrivate: boolean;

  @Column({ type: 'boolean', default: false })
  syncToExternal: boolean;

  @Column({ type: 'boolean', default: false })
  csvProtected: boolean;

  /** The admin who created it on the user's behalf, if any. */
  @Column({ type: 'int', nullable: true })
  createdById: number | null;

  /** An owner's stay held for staff's approval (docs/product/stays.md#stays-as-requests); its request is in stays. */
  @Column({ type: 'boolean', default: false })
  awaitingApproval: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
