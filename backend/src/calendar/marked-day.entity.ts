import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const MARKER_TYPES = ['busy', 'vacation', 'holiday', 'other'] as const;
export type MarkerType = (typeof MARKER_TYPES)[number];

/** A whole day marked in a property's calendar (busy, vacation, holiday, other). One per property and date. */
@Entity('marked_days')
export class MarkedDay {
  @PrimaryGeneratedColumn()
  id: number;

  /** The property the day is marked in (one mark per property and date); `userId` is who marked it. */
  @Column({ type: 'int' })
  propertyId: number;

  @Column({ type: 'int' })
  userId: number;

  /** 'YYYY-MM-DD' */
  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'varchar', length: 20 })
  markerType: MarkerType;

  @Column({ type: 'varchar', length: 20, default: '#8b5cf6' })
  color: string;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
