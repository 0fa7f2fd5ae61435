import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One double booking of a property: two calendar entries (a < b by id) and the days they share, [fromDate, toDate). */
@Entity('booking_conflicts')
export class BookingConflict {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  propertyId: number;

  /** The property's owner when it was found: whom the back office lists it under. */
  @Column({ type: 'int' })
  userId: number;

  /** The entries' ids as the calendar gives them: an own event's number as text, or an external booking's API id. */
  @Column({ type: 'varchar', length: 80 })
  aId: string;

  @Column({ type: 'varchar', length: 80 })
  bId: string;

  /** 'own', 'ical' or 'beds24'. */
  @Column({ type: 'varchar', length: 20 })
  aKind: string;

  @Column({ type: 'varchar', length: 20 })
  bKind: string;

  /** The feed's or Beds24 configuration's id; null for own events. */
  @Column({ type: 'int', nullable: true })
  aSourceId: number | null;

  @Column({ type: 'int', nullable: true })
  bSourceId: number | null;

  @Column({ type: 'text' })
  aTitle: string;

  @Column({ type: 'text' })
  bTitle: string;

  @Column({ type: 'date' })
  fromDate: string;

  /** Exclusive: the first day the two no longer share. */
  @Column({ type: 'date' })
  toDate: string;

  @Column({ type: 'timestamptz' })
  detectedAt: Date;

  /** Set when the pair stopped conflicting; the row stays so the pair is never announced twice. */
  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;
}
