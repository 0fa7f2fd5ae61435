import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A note on an external booking of any source (an iCal feed's, Beds24's), shared by the property's members. It is
 * keyed by the booking's API id (`<kind>-<source id>-<hash of its UID>`), so it stays with a booking that leaves its
 * source and comes back.
 */
@Entity('external_booking_notes')
export class ExternalBookingNote {
  @PrimaryGeneratedColumn()
  id: number;

  /** The property whose calendar holds the booking (one note per property and booking); `userId` is its author. */
  @Column({ type: 'int' })
  propertyId: number;

  @Column({ type: 'int' })
  userId: number;

  /** The booking's API id. */
  @Column({ type: 'varchar', length: 512 })
  eventExternalId: string;

  @Column({ type: 'text' })
  notes: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
