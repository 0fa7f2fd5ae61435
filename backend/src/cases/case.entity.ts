import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const CASE_DEPARTMENTS = ['it_dept', 'customer_service', 'homeowner_service', 'finance_dept', 'insurance'] as const;
export type CaseDepartment = (typeof CASE_DEPARTMENTS)[number];
/** The dialog's categories and the server's extra 'appointment'; the older page's support, info, complaint. */
export const CASE_CATEGORIES = ['technical', 'billing', 'account', 'calendar', 'other', 'appointment', 'support', 'info', 'complaint'] as const;
export type CaseCategory = (typeof CASE_CATEGORIES)[number];
export const CASE_PRIORITIES = ['low', 'medium', 'high'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];
export const CASE_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** An owner's (userId) question to customer service, assigned to an admin and/or a department. */
@Entity('cases')
export class Case {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  /**
   * The property the case is about, for staff's context (docs/product/cases.md#who-may-do-what): one of the owner's,
   * by default their first; null for a person with none. The case stays the owner's own: other members do not read it.
   */
  @Column({ type: 'int', nullable: true })
  propertyId: number | null;

  @Column({ type: 'int', nullable: true })
  adminId: number | null;

  /** A question about a payout's line names both (docs/product/cases.md#a-question-about-a-payout); null once removed. */
  @Column({ type: 'int', nullable: true })
  payoutId: number | null;

  @Column({ type: 'int', nullable: true })
  payoutLineId: number | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  department: CaseDepartment | null;

  /** K-<year>-<five digits>, unique. */
  @Column({ type: 'varchar', length: 20, unique: true })
  caseNumber: string;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 50 })
  category: CaseCategory;

  @Column({ type: 'varchar', length: 20, default: 'medium' })
  priority: CasePriority;

  @Column({ type: 'varchar', length: 30, default: 'open' })
  status: CaseStatus;

  @Column({ type: 'boolean', default: false })
  isClosed: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  closedById: number | null;

  /** Kept with each message, so lists need no count or join over the messages. */
  @Column({ type: 'int', default: 0 })
  messageCount: number;

  /** The start of the newest message, for the list. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  lastMessage: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastMessageAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A message on a case (docs/product/cases.md#data-and-states). isAdminMessage says which side wrote it; the other side's view marks it read. */
@Entity('case_messages')
export class CaseMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  caseId: number;

  @Column({ type: 'int', nullable: true })
  senderId: number | null;

  @Column({ type: 'int', nullable: true })
  targetUserId: number | null;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'boolean', default: false })
  isAdminMessage: boolean;

  @Column({ type: 'boolean', default: false })
  isRead: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** One file on one message; the bytes live in the FileStore (fileId). */
@Entity('case_attachments')
export class CaseAttachment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  caseId: number;

  @Column({ type: 'int' })
  messageId: number;

  @Column({ type: 'uuid' })
  fileId: string;

  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  @Column({ type: 'varchar', length: 100 })
  fileType: string;

  @Column({ type: 'int' })
  fileSize: number;

  @Column({ type: 'int', nullable: true })
  uploaderId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
