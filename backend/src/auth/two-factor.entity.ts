import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A user's TOTP secret (docs/security.md): sealed with the server secret, so a database copy alone cannot make codes. */
@Entity('user_two_factor')
export class UserTwoFactor {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  /** The active secret; null until setup is confirmed with a code. */
  @Column({ type: 'text', nullable: true })
  secretSealed: string | null;

  /** The secret of a setup not yet confirmed; replaced by each new setup. */
  @Column({ type: 'text', nullable: true })
  pendingSecretSealed: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  enabledAt: Date | null;

  /** The 30-second step of the last accepted code: a code is accepted once (a later step only). */
  @Column({ type: 'bigint', nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  lastUsedStep: number | null;
}

/** A single-use recovery code, hashed with the password hasher (argon2id). */
@Entity('user_recovery_codes')
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 255 })
  codeHash: string;

  /**
   * `<key id>.<HMAC-SHA256 of the code>` under a key derived from the server secret: finds the one row to verify.
   * Null for codes made before it existed; another key id after the secret changed (two-factor.service.ts).
   */
  @Column({ type: 'varchar', length: 80, nullable: true })
  lookup: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
