import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** The login name; always the e-mail address it was created with. Cannot be changed by the user. */
  @Column({ type: 'varchar', length: 255 })
  username: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  /** argon2id hash; never leaves the users module. */
  @Column({ name: 'password', type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ type: 'boolean', default: false })
  isMiniAdmin: boolean;

  @Column({ type: 'boolean', default: false })
  isBlocked: boolean;

  @Column({ type: 'text', nullable: true })
  blockReason: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  blockedAt: Date | null;

  /** A message from staff shown to the user on their calendar. */
  @Column({ type: 'text', nullable: true })
  adminInfo: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  adminInfoUpdatedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phoneNumber: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  accountNumber: string | null;

  /** SHA-256 of the personal iCal link's token; the link is checked against this. */
  @Column({ type: 'varchar', length: 64, nullable: true, select: true })
  calendarTokenHash: string | null;

  /** The token sealed with the server secret, so the user and admins can copy the link again. */
  @Column({ type: 'text', nullable: true })
  calendarTokenSealed: string | null;

  /** Whether sign-in asks for a TOTP code too (auth/two-factor.service.ts keeps the secret in its own table). */
  @Column({ type: 'boolean', default: false })
  twoFactorEnabled: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
