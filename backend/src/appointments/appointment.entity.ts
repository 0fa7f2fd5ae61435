import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const APPOINTMENT_LOCATIONS = ['phone', 'video', 'office'] as const;
export type AppointmentLocation = (typeof APPOINTMENT_LOCATIONS)[number];
export const APPOINTMENT_STATUSES = ['booked', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** A weekly range staff take meetings in: a weekday (1 Monday … 7 Sunday) and wall times in the business time zone. */
@Entity('appointment_hours')
export class AppointmentHours {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'smallint' })
  weekday: number;

  /** HH:mm */
  @Column({ type: 'varchar', length: 5 })
  startTime: string;

  /** HH:mm, after startTime */
  @Column({ type: 'varchar', length: 5 })
  endTime: string;

  /** The staff members who take meetings in this range; one who is no longer staff is skipped when slots are read. */
  @Column({ type: 'int', array: true, default: () => "'{}'" })
  staffUserIds: number[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A day (in the business time zone) without appointments, whatever the weekly hours say. */
@Entity('appointment_closed_dates')
export class AppointmentClosedDate {
  @PrimaryGeneratedColumn()
  id: number;

  /** YYYY-MM-DD */
  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  reason: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** An owner's booked slot with one staff member; the meeting itself is the agreement it made. */
@Entity('appointments')
export class Appointment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  /** Null once that staff member's account is gone (their upcoming ones were handed over or cancelled first: docs/roles.md#removing-a-person). */
  @Column({ type: 'int', nullable: true })
  staffUserId: number | null;

  /** The meeting; null only if staff deleted it in the back office. */
  @Column({ type: 'int', nullable: true })
  agreementId: number | null;

  @Column({ type: 'timestamptz' })
  startAt: Date;

  @Column({ type: 'timestamptz' })
  endAt: Date;

  @Column({ type: 'varchar', length: 20, default: 'booked' })
  status: AppointmentStatus;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 10 })
  location: AppointmentLocation;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Column({ type: 'int', nullable: true })
  cancelledBy: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
