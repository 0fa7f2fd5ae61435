import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { IsNull, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import type { RequestContext } from '../common/request-context';
import { Sealer } from '../common/secrets';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort } from '../database/database.port';
import { MailQueue } from '../mail/mail-queue.service';
import { REQUIRE_STAFF_2FA } from '../system/system-settings.dto';
import { SystemSettingsService } from '../system/system-settings.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import './auth.events';
import { RecoveryCode, UserTwoFactor } from './two-factor.entity';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps; a code of the step before or after is taken too. */
const TOTP_SHAPE = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const STEP_MS = TOTP_SHAPE.period * 1000;
const WINDOW = 1;
const ISSUER = 'Eierportal';
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 10 characters without look-alikes (no 0/o, 1/l/i), shown as two groups of five. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const TOTP_FORMAT = /^\d{6}$/;
const RECOVERY_FORMAT = /^[a-z0-9]{10}$/;

const RESET_MAIL = {
  nb: { subject: 'Tofaktorinnlogging er slått av', body: 'Hei {name},\n\nEn administrator har slått av tofaktorinnloggingen på kontoen din i Eierportalen. Du logger nå inn med passordet alene. Slå den på igjen under Innstillinger: {link}\n\nVar ikke dette etter avtale med deg, kontakt oss straks.' },
  en: { subject: 'Two-factor sign-in was turned off', body: 'Hello {name},\n\nAn administrator turned off two-factor sign-in on your Eierportalen account. You now sign in with your password alone. Turn it on again under Settings: {link}\n\nIf you did not ask for this, contact us at once.' },
} as const;

export type CodeCheck = 'totp' | 'recovery' | 'invalid' | 'used' | 'malformed';

export const CODE_INVALID = () => coded('two_factor_code_invalid', 'Koden er feil eller utløpt');
export const CODE_USED = () => coded('two_factor_code_used', 'Koden er allerede brukt. Vent på neste kode.');
export const CODE_MALFORMED = () => coded('two_factor_code_malformed', 'Koden må være seks sifre fra appen eller en gjenopprettingskode');

/**
 * Two-factor sign-in with TOTP (docs/security.md, Two-factor sign-in): a secret made at setup becomes active once a
 * code from it is given; ten recovery codes, each usable once, stand in for a lost phone. A code is accepted once:
 * the step of the last accepted one is stored, and only a later step passes.
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger(TwoFactorService.name);
  private readonly sealer: Sealer;

  constructor(
    @InjectRepository(UserTwoFactor) private readonly twoFactor: Repository<UserTwoFactor>,
    @InjectRepository(RecoveryCode) private readonly recoveryCodes: Repository<RecoveryCode>,
    private readonly database: DatabasePort,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly settings: SystemSettingsService,
    private readonly mail: MailQueue,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sealer = new Sealer(config.sessionSecret ?? '', 'totp-secret');
    this.lookupKey = Buffer.from(hkdfSync('sha256', config.sessionSecret ?? '', 'eierportal', 'recovery-code-lookup', 32));
    // Names the key without revealing it, so rows made under an earlier secret are told apart.
    this.lookupKeyId = createHmac('sha256', this.lookupKey).update('key-id').digest('hex').slice(0, 8);
  }
  private readonly lookupKey: Buffer;
  private readonly lookupKeyId: string;

  /** The keyed lookup of a normalised recovery code (docs/security.md#two-factor-sign-in). */
  private lookupOf(normalized: string): string {
    return `${this.lookupKeyId}.${createHmac('sha256', this.lookupKey).update(normalized).digest('hex')}`;
  }

  /** Whether the service requires staff to use two-factor sign-in (REQUIRE_STAFF_2FA or the system setting). */
  async staffRequired(): Promise<boolean> {
    return this.config.requireStaff2fa || (await this.settings.flag(REQUIRE_STAFF_2FA));
  }

  /** True when this user must turn on two-factor sign-in before anything else (docs/security.md). */
  async mustSetUp(user: Pick<User, 'isAdmin' | 'isMiniAdmin' | 'twoFactorEnabled'>): Promise<boolean> {
    return (user.isAdmin || user.isMiniAdmin) && !user.twoFactorEnabled && (await this.staffRequired());
  }

  async status(user: User): Promise<{ enabled: boolean; recoveryCodesLeft: number; required: boolean }> {
    const left = user.twoFactorEnabled ? await this.recoveryCodes.countBy({ userId: user.id, usedAt: IsNull() }) : 0;
    return { enabled: user.twoFactorEnabled, recoveryCodesLeft: left, required: (user.isAdmin || user.isMiniAdmin) && (await this.staffRequired()) };
  }

  /** A new secret, kept as pending until `enable` confirms it; an earlier unconfirmed one is replaced. */
  async setup(user: User): Promise<{ secret: string; otpauthUrl: string }> {
    if (user.twoFactorEnabled) throw new ConflictException(coded('two_factor_already_enabled', 'Tofaktorinnlogging er allerede slått på'));
    const secret = new Secret({ size: 20 });
    await this.twoFactor.upsert({ userId: user.id, pendingSecretSealed: this.sealer.seal(secret.base32) }, ['userId']);
    const totp = new TOTP({ ...TOTP_SHAPE, issuer: ISSUER, label: user.username, secret });
    return { secret: secret.base32, otpauthUrl: totp.toString() };
  }

  /** Confirms the pending secret with a code from it; answers the recovery codes, shown this once. */
  async enable(user: User, code: string, context: RequestContext): Promise<string[]> {
    if (user.twoFactorEnabled) throw new ConflictException(coded('two_factor_already_enabled', 'Tofaktorinnlogging er allerede slått på'));
    const row = await this.twoFactor.findOneBy({ userId: user.id });
    const pending = row?.pendingSecretSealed ? this.sealer.open(row.pendingSecretSealed) : null;
    if (!pending) throw new BadRequestException(coded('two_factor_setup_missing', 'Start oppsettet av tofaktorinnlogging først'));
    const normalized = normalizeCode(code);
    if (!TOTP_FORMAT.test(normalized)) throw new BadRequestException(CODE_MALFORMED());
    const step = this.matchingStep(pending, normalized);
    if (step === null) throw new BadRequestException(CODE_INVALID());
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    // One at a time through the user's argon2 gate: ten hashes at once would take every hashing thread.
    const rows: { userId: number; codeHash: string; lookup: string }[] = [];
    for (const c of codes) rows.push({ userId: user.id, codeHash: await this.users.hashFor(user.id, c), lookup: this.lookupOf(c) });
    await this.database.transaction(async (tx) => {
      // Only the setup this request read is confirmed: a second enable at the same time finds no pending secret.
      const claimed = await tx
        .createQueryBuilder()
        .update(UserTwoFactor)
        .set({ secretSealed: row!.pendingSecretSealed, pendingSecretSealed: null, enabledAt: this.clock.now(), lastUsedStep: step })
        .where('userId = :userId AND pendingSecretSealed = :pending', { userId: user.id, pending: row!.pendingSecretSealed })
        .execute();
      if (!claimed.affected) throw new ConflictException(coded('two_factor_already_enabled', 'Tofaktorinnlogging er allerede slått på'));
      await tx.delete(RecoveryCode, { userId: user.id });
      await tx.insert(RecoveryCode, rows);
      await this.users.setTwoFactorEnabled(tx, user.id, true);
      await this.audit.record(user.id, user.id, 'two_factor.enabled', {}, tx, context);
    });
    return codes.map(showRecoveryCode);
  }

  /** Turns it off; the proof (password and code) was the session's recent re-authentication (RecentAuthGuard). */
  async disable(user: User, context: RequestContext): Promise<void> {
    if (!user.twoFactorEnabled) throw new ConflictException(coded('two_factor_not_enabled', 'Tofaktorinnlogging er ikke slått på'));
    await this.turnOff(user.id, user.id, 'two_factor.disabled', {}, context);
    await this.users.twoFactorTurnedOff(user.id);
  }

  /** An admin turns another user's two-factor sign-in off (a lost phone and no recovery codes); the user is told. */
  async reset(admin: User, userId: number, context: RequestContext): Promise<void> {
    const user = await this.users.get(userId);
    if (!user.twoFactorEnabled) throw new ConflictException(coded('two_factor_not_enabled', 'Tofaktorinnlogging er ikke slått på'));
    await this.turnOff(user.id, admin.id, 'two_factor.reset', {}, context);
    // The user is told in the app (auth.notifications.ts) and by mail.
    await this.events.emit('auth.two_factor.reset', { userId: user.id, actorId: admin.id });
    try {
      if (this.mail.enabled && user.email) {
        const text = RESET_MAIL[await this.users.languageOf(user.id)];
        await this.mail.enqueue({ to: user.email, subject: text.subject, text: text.body.replace('{name}', user.name).replace('{link}', `${this.config.publicUrl}/settings`) });
      }
    } catch (error) {
      this.logger.error(`two-factor reset notice to user ${user.id}: ${errorForLog(error)}`);
    }
  }

  /**
   * Checks a sign-in or confirmation code against the user's active secret and unused recovery codes, and uses it up
   * when it passes: a TOTP code's step is stored (only later steps pass after it), a recovery code is marked used.
   */
  async checkCode(userId: number, code: string): Promise<CodeCheck> {
    const normalized = normalizeCode(code);
    if (TOTP_FORMAT.test(normalized)) {
      const row = await this.twoFactor.findOneBy({ userId });
      const secret = row?.secretSealed ? this.sealer.open(row.secretSealed) : null;
      if (!secret) return 'invalid';
      const step = this.matchingStep(secret, normalized);
      if (step === null) return 'invalid';
      // One statement claims the step, so the same code sent twice at once passes once.
      const claimed = await this.twoFactor
        .createQueryBuilder()
        .update()
        .set({ lastUsedStep: step })
        .where('userId = :userId AND (lastUsedStep IS NULL OR lastUsedStep < :step)', { userId, step })
        .execute();
      return claimed.affected ? 'totp' : 'used';
    }
    if (RECOVERY_FORMAT.test(normalized)) {
      const match = await this.findRecoveryCode(userId, normalized);
      if (!match) return 'invalid';
      const claimed = await this.recoveryCodes.update({ id: match.id, usedAt: IsNull() }, { usedAt: this.clock.now() });
      return claimed.affected ? 'recovery' : 'used';
    }
    return 'malformed';
  }

  /**
   * The unused recovery code this is, or null: the row its keyed lookup names, verified once. Only when none matches
   * are rows without a lookup under today's key (made before the lookup existed, or under an earlier server secret)
   * verified, one at a time through the user's argon2 gate, and only while such rows are left unused.
   */
  private async findRecoveryCode(userId: number, normalized: string): Promise<RecoveryCode | null> {
    const keyed = await this.recoveryCodes.findOneBy({ userId, lookup: this.lookupOf(normalized), usedAt: IsNull() });
    if (keyed) return (await this.users.verifyHash(userId, keyed.codeHash, normalized)) ? keyed : null;
    const legacy = await this.recoveryCodes
      .createQueryBuilder('c')
      .where('c.userId = :userId AND c.usedAt IS NULL', { userId })
      .andWhere('(c.lookup IS NULL OR c.lookup NOT LIKE :current)', { current: `${this.lookupKeyId}.%` })
      .orderBy('c.id')
      .getMany();
    for (const row of legacy) if (await this.users.verifyHash(userId, row.codeHash, normalized)) return row;
    return null;
  }

  private async turnOff(userId: number, actorId: number, action: string, details: Record<string, unknown>, context: RequestContext): Promise<void> {
    await this.database.transaction(async (tx) => {
      await tx.delete(UserTwoFactor, { userId });
      await tx.delete(RecoveryCode, { userId });
      await this.users.setTwoFactorEnabled(tx, userId, false);
      await this.audit.record(actorId, userId, action, details, tx, context);
    });
  }

  /** The 30-second step whose code this is, within one step of now by the Clock; null when none matches. */
  private matchingStep(base32: string, code: string): number | null {
    const timestamp = this.clock.now().getTime();
    const totp = new TOTP({ ...TOTP_SHAPE, secret: Secret.fromBase32(base32) });
    const delta = totp.validate({ token: code, timestamp, window: WINDOW });
    return delta === null ? null : Math.floor(timestamp / STEP_MS) + delta;
  }
}

/** Spaces and dashes are how codes are shown and often typed; letters are taken in either case. */
function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

function newRecoveryCode(): string {
  return Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
}

const showRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Throws the matching error for a code that did not pass. */
export function refuseCode(check: CodeCheck, as: (body: { message: string; code: string }) => Error): asserts check is 'totp' | 'recovery' {
  if (check === 'malformed') throw as(CODE_MALFORMED());
  if (check === 'used') throw as(CODE_USED());
  if (check === 'invalid') throw as(CODE_INVALID());
}
