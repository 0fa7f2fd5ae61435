import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { StayRequestStatus } from './stays.types';

/**
 * An owner's stay held for staff's approval (docs/product/stays.md#stays-as-requests). The stay itself is the
 * calendar's event (`eventId`, marked as awaiting approval); the request keeps what was asked and what staff decided,
 * also after a declined stay left the calendar.
 */
@Entity('stay_requests')
export class StayRequest {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  propertyId: number;

  /** Null once the stay is gone (declined, or removed by its owner while it waited). */
  @Column({ type: 'int', nullable: true })
  eventId: number | null;

  @Column({ type: 'int', nullable: true })
  requestedById: number | null;

  @Column({ type: 'varchar', length: 500 })
  title: string;

  @Column({ type: 'timestamptz' })
  startTime: Date;

  @Column({ type: 'timestamptz' })
  endsAt: Date;

  @Column({ type: 'smallint' })
  nights: number;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: StayRequestStatus;

  /** Staff's words to the owner with the decision. */
  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'int', nullable: true })
  decidedById: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
