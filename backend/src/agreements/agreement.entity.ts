import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const MEETING_TYPES = ['general', 'support', 'consultation', 'review'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];
export const AGREEMENT_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** A meeting between staff (adminId) and an owner (userId): the Agreement. */
@Entity('admin_agreements')
export class Agreement {
  @PrimaryGeneratedColumn()
  id: number;

  /** The admin who made it; null once that account is gone. */
  @Column({ type: 'int', nullable: true })
  adminId: number | null;

  /** The owner the meeting was made with (the mails' greeting, the back office's owner column). */
  @Column({ type: 'int' })
  userId: number;

  /**
   * The property the meeting is about: its members read it (docs/product/agreements.md#who-may-do-what). Filled with
   * the owner's first property when a row is written without one (the database's trigger).
   */
  @Column({ type: 'int', nullable: true })
  propertyId: number | null;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'timestamptz' })
  meetingDate: Date;

  @Column({ type: 'timestamptz', nullable: true })
  endDate: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  meetingLocation: string | null;

  @Column({ type: 'varchar', length: 20, default: 'general' })
  meetingType: MeetingType;

  @Column({ type: 'varchar', length: 20, default: 'scheduled' })
  status: AgreementStatus;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  /** Set by the one reminder run that claimed it (agreement-reminders.ts); cleared when the meeting moves. */
  @Column({ type: 'boolean', default: false })
  reminderSent: boolean;

  /** The calendar invitation's SEQUENCE: raised on every change the owner is mailed about. */
  @Column({ type: 'int', default: 0 })
  icsSequence: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A note on an agreement; private ones are for staff and never reach the owner. */
@Entity('agreement_notes')
export class AgreementNote {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  agreementId: number;

  @Column({ type: 'int', nullable: true })
  authorId: number | null;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'boolean', default: false })
  isPrivate: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
