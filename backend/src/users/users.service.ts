import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import { DataSource, EntityManager, ILike, In, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Clock } from '../common/adapters/clock';
import { coded, isUniqueViolation } from '../common/http-exception.filter';
import { asBoolean, containing, findPage, ListQuery, ListSpec, whereIdIn } from '../common/list-query';
import { EventBus, type AfterCommit } from '../common/events/domain-events';
import type { RequestContext } from '../common/request-context';
import { SessionsService } from '../common/sessions/sessions.service';
import { DatabasePort, LOCK_ADMINS, LOCK_FIRST_ADMIN } from '../database/database.port';
import type { Language, UserLanguages } from '../common/user-language';
import { LanguagePreference } from './user-language.entity';
import { AccountNumberLog } from './account-number-log.entity';
import { CreateUserDto, PASSWORD_MIN, UpdateProfileDto, UpdateUserDto } from './user.dto';
import { User } from './user.entity';
import { forLog } from '../common/text/control-characters';
import { userSearchQuery, userSearchVector } from './user-search';
import './users.events';
import { Argon2Gate } from './argon2-gate';
import { accountKey } from '../common/text/account-key';
import { isCommonPassword, refuseCommonPassword } from './password-rules';
import type { HeldWork, WorkChoice } from './work-handover.types';

const SEARCH_VECTOR = userSearchVector({ name: 'u.name', username: 'u.username', email: 'u.email', phone: 'u.phone_number' });

const USER_LIST: ListSpec<User> = {
  sortable: Object.fromEntries(['id', 'name', 'username', 'email', 'lastLoginAt', 'createdAt', 'isAdmin', 'isBlocked'].map((f) => [f, `u.${f}`])),
  filters: {
    // Word prefixes of name, username, e-mail and phone, from the users_search_idx index (user-search.ts).
    q: (qb, q) => {
      const query = userSearchQuery(String(q));
      if (query === null) return;
      qb.andWhere(`${SEARCH_VECTOR} @@ to_tsquery('simple', :userSearch)`, { userSearch: query });
    },
    id: (qb, id) => whereIdIn(qb, 'u.id', id, 'ids'),
    isAdmin: (qb, value) => qb.andWhere('u.isAdmin = :isAdmin', { isAdmin: asBoolean(value) }),
    isBlocked: (qb, value) => qb.andWhere('u.isBlocked = :isBlocked', { isBlocked: asBoolean(value) }),
    // Staff (admins and mini admins): who may take appointments (docs/appointments.md).
    isStaff: (qb, value) => qb.andWhere('(u.isAdmin OR u.isMiniAdmin) = :isStaff', { isStaff: asBoolean(value) }),
  },
  key: 'u.id',
};

/** Refusals of a change that would leave no active (unblocked) admin; see docs/roles.md. */
const LAST_ADMIN_DELETE = () => new ConflictException(coded('last_admin', 'Den siste aktive administratoren kan ikke slettes'));
const LAST_ADMIN_BLOCK = () => new ConflictException(coded('last_admin_block', 'Den siste aktive administratoren kan ikke blokkeres'));
const LAST_ADMIN_DEMOTE = () => new ConflictException(coded('last_admin_demote', 'Den siste aktive administratoren kan ikke miste administratorrettighetene'));

/** What ensureFirstAdmin did: made the first admin (with the password it generated, if none was configured) or made an existing account admin again. */
export interface FirstAdmin {
  outcome: 'created' | 'restored';
  username: string;
  generatedPassword?: string;
}

/** Who set a password and how, for the activity timeline (docs/security.md#the-audit-log). */
export interface PasswordChange {
  /** The person who set it: the user themselves (own change, reset link) or an admin. */
  actorId: number;
  via: 'own' | 'admin' | 'reset_link';
  context?: RequestContext;
  /** The session that stays signed in (an own change keeps the current one). */
  keepSid?: string;
}

type Role = 'owner' | 'mini_admin' | 'admin';
const roleOf = (user: Pick<User, 'isAdmin' | 'isMiniAdmin'>): Role => (user.isAdmin ? 'admin' : user.isMiniAdmin ? 'mini_admin' : 'owner');

@Injectable()
export class UsersService implements UserLanguages {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(LanguagePreference) private readonly languages: Repository<LanguagePreference>,
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly sessions: SessionsService,
    private readonly events: EventBus,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  hashPassword(password: string): Promise<string> {
    const { memoryKib, timeCost, parallelism } = this.config.passwordHashing;
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: memoryKib, timeCost, parallelism });
  }

  async verifyPassword(user: User, password: string): Promise<boolean> {
    return this.argon2Gate.run(user.id, () => argon2.verify(user.passwordHash, password).catch(() => false), { failed: (ok) => !ok, account: accountKey(user.username) });
  }

  /** One argon2 verification for `userId`, through the per-user gate (argon2-gate.ts); false for a malformed hash. */
  verifyHash(userId: number, hash: string, secret: string): Promise<boolean> {
    return this.argon2Gate.run(userId, () => argon2.verify(hash, secret).catch(() => false), { failed: (ok) => !ok });
  }

  /** A hash made for `userId`'s own request, through the same gate. */
  hashFor(userId: number, secret: string): Promise<string> {
    return this.argon2Gate.run(userId, () => this.hashPassword(secret));
  }

  /**
   * Whether a password or code check for this person would be refused now (their argon2 queue is full), asked
   * before a request costs anything else: the user by id (a session) or by sign-in name (a password step).
   */
  hashingRefused(who: { userId?: number; account?: string }): boolean {
    return this.argon2Gate.refuses(who);
  }
  private readonly argon2Gate = new Argon2Gate();

  /**
   * The guard needs this on every request, so it skips the query builder: the statement is built once from the
   * entity's metadata and the row maps straight onto a User (the bench showed the builder at ~15% of a request).
   * The session store reads the same columns joined to the session (selectColumns), so usually this is not called.
   */
  async findById(id: number): Promise<User | null> {
    this.selectById ??= `SELECT ${this.selectColumns('u')} FROM users u WHERE u.id = $1`;
    const [row] = await this.db.query(this.selectById, [id]);
    return row ? this.fromRow(row) : null;
  }
  private selectById?: string;

  selectColumns(alias: string): string {
    return this.users.metadata.columns.map((c) => `${alias}."${c.databaseName}" AS "${c.propertyName}"`).join(', ');
  }

  joinOn(userId: string, alias: string): string {
    return `LEFT JOIN users ${alias} ON ${alias}.id = ${userId}`;
  }

  fromRow(row: Record<string, unknown>): User {
    return Object.assign(new User(), row);
  }

  /**
   * Names by id, for other domains that show who owns or did something (docs/architecture.md#where-data-lives: they
   * read users through this service, never the table); an id without a user is left out.
   */
  async namesOf(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.users.find({ select: { id: true, name: true }, where: { id: In(unique) } });
    return new Map(rows.map((u) => [u.id, u.name]));
  }

  /** The users of `ids` by id (a deleted account is simply missing), for a domain that needs more than the name. */
  async byIds(ids: number[]): Promise<Map<number, User>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    return new Map((await this.users.findBy({ id: In(unique) })).map((u) => [u.id, u]));
  }

  /** The users whose name or username contains `text` (case-insensitive): another domain's search by its owners' names. */
  async idsNamedLike(text: unknown): Promise<number[]> {
    const like = ILike(containing(text));
    return (await this.users.find({ select: { id: true }, where: [{ name: like }, { username: like }] })).map((u) => u.id);
  }

  /** The language the person reads mails and notifications in (common/user-language.ts): nb unless they said en. */
  async languageOf(userId: number): Promise<Language> {
    const preference = await this.languages.findOneBy({ userId });
    return preference?.language === 'en' ? 'en' : 'nb';
  }

  async setLanguage(userId: number, language: Language): Promise<void> {
    await this.languages.upsert({ userId, language }, ['userId']);
  }

  /** Records whether the user signs in with a second factor, in the caller's transaction (TwoFactorService's). */
  async setTwoFactorEnabled(tx: EntityManager, userId: number, enabled: boolean): Promise<void> {
    // A plain UPDATE: the flag is no edit of the account, so updated_at stays.
    await tx.query('UPDATE users SET two_factor_enabled = $2 WHERE id = $1', [userId, enabled]);
  }

  /** The admins who are not blocked, by id: who is told of what concerns every admin. */
  async activeAdminIds(): Promise<number[]> {
    const rows = await this.users.find({ select: { id: true }, where: { isAdmin: true, isBlocked: false }, order: { id: 'ASC' } });
    return rows.map((u) => u.id);
  }

  /** Of `ids`, the staff (admins and mini admins), blocked or not unless `activeOnly`. */
  async staffAmong(ids: number[], activeOnly = false): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.users.find({
      select: { id: true },
      where: [{ id: In(ids), isAdmin: true, ...(activeOnly ? { isBlocked: false } : {}) }, { id: In(ids), isMiniAdmin: true, ...(activeOnly ? { isBlocked: false } : {}) }],
      order: { id: 'ASC' },
    });
    return rows.map((u) => u.id);
  }

  findByUsername(username: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username: username.trim() }).getOne();
  }

  async get(id: number): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundException(coded('user_not_found', 'Bruker ikke funnet'));
    return user;
  }

  /** The back-office user list: ?q searches name, username and e-mail; id, isAdmin, isBlocked match exactly. */
  list(query: ListQuery): Promise<{ rows: User[]; total: number }> {
    return findPage(this.users.createQueryBuilder('u'), query, USER_LIST);
  }

  /** An account made by an admin (there is no sign-up), with its activity row in the same transaction. */
  async create(dto: CreateUserDto, actorId: number | null, context?: RequestContext): Promise<User> {
    const taken = () => new ConflictException(coded('username_taken', 'En bruker med denne e-postadressen finnes allerede'));
    if (await this.findByUsername(dto.username)) throw taken();
    refuseCommonPassword(dto.password, 'password');
    const isAdmin = dto.isAdmin ?? false;
    const username = dto.username.toLowerCase();
    const user = this.users.create({
      username,
      name: dto.name,
      email: dto.email ?? username,
      passwordHash: await this.hashPassword(dto.password),
      isAdmin,
      // Ticking full admin clears mini admin: the two roles are exclusive.
      isMiniAdmin: isAdmin ? false : (dto.isMiniAdmin ?? false),
      phoneNumber: dto.phoneNumber ?? null,
      accountNumber: dto.accountNumber ?? null,
    });
    // Two creates of one username at once both pass the check above; the unique index refuses the second.
    return this.database
      .transaction(async (tx) => {
        const saved = await tx.save(user);
        if (saved.accountNumber) await this.logAccountNumber(tx, saved.id, actorId, null, saved.accountNumber, 'Opprettet');
        // The role it was given and the account number it starts with, masked as on every page but the owner's own.
        // Without an actor the account was seeded outside any request (a benchmark's or a test's fixture): no row.
        if (actorId !== null) await this.audit.record(actorId, saved.id, 'account.created', { role: roleOf(saved), accountNumber: maskAccountNumber(saved.accountNumber) }, tx, context);
        return saved;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken() : error;
      });
  }

  async update(id: number, dto: UpdateUserDto, actor: User, context?: RequestContext): Promise<User> {
    if (id === actor.id && (dto.isAdmin === false || dto.isMiniAdmin === true)) {
      throw new ForbiddenException(coded('own_admin_rights', 'Du kan ikke fjerne dine egne administratorrettigheter'));
    }
    if (dto.username !== undefined) {
      const other = await this.findByUsername(dto.username);
      if (other && other.id !== id) throw new ConflictException(coded('username_taken', 'En bruker med denne e-postadressen finnes allerede'));
    }
    const result = await this.database.transaction(async (tx) => {
      // Only a demotion can leave no active admin; other edits need not wait for the lock.
      const user = dto.isAdmin === false ? await this.lockedTarget(tx, id, LAST_ADMIN_DEMOTE) : await this.targetIn(tx, id);
      const before = { username: user.username, email: user.email, role: roleOf(user) };
      if (dto.username !== undefined) user.username = dto.username.toLowerCase();
      if (dto.name !== undefined) user.name = dto.name;
      if (dto.email !== undefined) user.email = dto.email;
      if (dto.phoneNumber !== undefined) user.phoneNumber = dto.phoneNumber;
      if (dto.isAdmin !== undefined) user.isAdmin = dto.isAdmin;
      if (dto.isMiniAdmin !== undefined) user.isMiniAdmin = dto.isMiniAdmin;
      if (user.isAdmin) user.isMiniAdmin = false;
      if (dto.adminInfo !== undefined && dto.adminInfo !== user.adminInfo) {
        user.adminInfo = dto.adminInfo;
        user.adminInfoUpdatedAt = new Date();
      }
      const result = await this.saveWithAccountNumber(tx, user, dto.accountNumber, actor.id, 'Endret av administrator', context);
      await this.recordAccountChanges(tx, user, before, actor.id, context);
      return { ...result, previousEmail: before.email };
    });
    return this.announceChanges(result, actor.id);
  }

  async updateProfile(user: User, dto: UpdateProfileDto, context?: RequestContext): Promise<User> {
    const before = { username: user.username, email: user.email, role: roleOf(user) };
    user.name = dto.name;
    user.email = dto.email;
    if (dto.phoneNumber !== undefined) user.phoneNumber = dto.phoneNumber;
    const result = await this.database.transaction(async (tx) => {
      const saved = await this.saveWithAccountNumber(tx, user, dto.accountNumber, user.id, 'Endret av bruker', context);
      await this.recordAccountChanges(tx, user, before, user.id, context);
      return { ...saved, previousEmail: before.email };
    });
    return this.announceChanges(result, user.id);
  }

  /** Saves the user and logs a changed account number in `tx`; says whether the number changed (announce it after the commit). */
  private async saveWithAccountNumber(tx: EntityManager, user: User, accountNumber: string | null | undefined, actorId: number, reason: string, context?: RequestContext): Promise<{ saved: User; accountNumberChanged: boolean }> {
    const old = user.accountNumber;
    const accountNumberChanged = accountNumber !== undefined && (old ?? null) !== (accountNumber ?? null);
    if (accountNumber !== undefined) user.accountNumber = accountNumber;
    const saved = await tx.save(user);
    if (accountNumberChanged) {
      await this.logAccountNumber(tx, user.id, actorId, old, accountNumber, reason);
      // The timeline shows the numbers masked but for their last four digits, as every page outside the owner's own.
      await this.audit.record(actorId, user.id, 'account_number.changed', { from: maskAccountNumber(old), to: maskAccountNumber(accountNumber ?? null) }, tx, context);
    }
    return { saved, accountNumberChanged };
  }

  /**
   * The activity rows of a changed sign-in name, e-mail or role, in the change's transaction. The addresses are left
   * out: the row outlives them, and the person's profile shows the current one.
   */
  private async recordAccountChanges(tx: EntityManager, user: User, before: { username: string; email: string; role: Role }, actorId: number, context?: RequestContext): Promise<void> {
    if (user.username !== before.username) await this.audit.record(actorId, user.id, 'username.changed', {}, tx, context);
    if (user.email !== before.email) await this.audit.record(actorId, user.id, 'email.changed', {}, tx, context);
    const role = roleOf(user);
    if (role !== before.role) await this.audit.record(actorId, user.id, 'role.changed', { from: before.role, to: role }, tx, context);
  }

  /**
   * After the commit: a changed account number is told to the owner and the active admins (notifications, and a mail
   * to the address the account had before this save); a changed e-mail to the previous address
   * (docs/security.md#security-mails). Someone who took the session over cannot send the news to their own address.
   */
  private async announceChanges({ saved, accountNumberChanged, previousEmail }: { saved: User; accountNumberChanged: boolean; previousEmail: string }, actorId: number): Promise<User> {
    if (accountNumberChanged) {
      await this.events.emit('users.account_number.changed', { userId: saved.id, actorId, userName: saved.name, last4: lastDigits(saved.accountNumber), admins: await this.activeAdminIds(), mailTo: previousEmail });
    }
    if (saved.email !== previousEmail) await this.events.emit('users.email.changed', { userId: saved.id, actorId, previousEmail });
    return saved;
  }

  /** After two-factor sign-in was turned off by the person (TwoFactorService): they are mailed (docs/security.md#security-mails). */
  async twoFactorTurnedOff(userId: number): Promise<void> {
    await this.events.emit('users.two_factor.disabled', { userId });
  }

  private logAccountNumber(tx: EntityManager, userId: number, changedById: number | null, oldValue: string | null, newValue: string | null, reason: string) {
    return tx.insert(AccountNumberLog, { userId, changedById, oldAccountNumber: oldValue, newAccountNumber: newValue, changeReason: reason });
  }

  /** The account-number history for the back office: who changed it and when, newest first, with the changer's name. */
  async accountNumberHistory(userId: number): Promise<{ log: AccountNumberLog; changedByName: string | null }[]> {
    await this.get(userId);
    const rows = await this.db
      .getRepository(AccountNumberLog)
      .createQueryBuilder('l')
      .leftJoin(User, 'u', 'u.id = l.changedById')
      .addSelect('u.name', 'changed_by_name')
      .where('l.userId = :userId', { userId })
      .orderBy('l.id', 'DESC')
      .getRawAndEntities<{ changed_by_name: string | null }>();
    return rows.entities.map((log, i) => ({ log, changedByName: rows.raw[i].changed_by_name ?? null }));
  }

  accountNumberLog(userId: number): Promise<AccountNumberLog[]> {
    return this.db.getRepository(AccountNumberLog).find({ where: { userId }, order: { id: 'DESC' } });
  }

  /** Changing one's own password keeps the current session and ends every other one. */
  async changeOwnPassword(user: User, newPassword: string, currentSid: string, context?: RequestContext): Promise<void> {
    await this.setPassword(user.id, newPassword, { actorId: user.id, via: 'own', context, keepSid: currentSid });
  }

  /**
   * Sets a password (own change, admin change, reset link) with its activity row, ends the user's sessions and mails
   * the user. Other domains that hold credentials derived from the old password (reset links) retire them in the same
   * transaction, on the in-transaction event `users.password.setting`, so users need not know them.
   */
  async setPassword(userId: number, newPassword: string, change: PasswordChange): Promise<void> {
    refuseCommonPassword(newPassword, 'newPassword');
    const passwordHash = await this.hashFor(userId, newPassword);
    await this.database.transaction(async (tx) => {
      await tx.update(User, { id: userId }, { passwordHash });
      await this.audit.record(change.actorId, userId, 'password.changed', { via: change.via }, tx, change.context);
      await this.events.publishInTransaction(tx, 'users.password.setting', { userId });
    });
    await this.sessions.endAllFor(userId, change.keepSid);
    // Every way a password is set passes here, so each is mailed (docs/security.md#security-mails).
    await this.events.emit('users.password.changed', { userId, via: change.via });
  }

  /** Blocks the account; work it holds as staff is handed over or cancelled first, as `choice` says (docs/roles.md#removing-a-person). */
  async block(id: number, reason: string, actor: User, context?: RequestContext, choice?: WorkChoice): Promise<User> {
    if (id === actor.id) throw new ForbiddenException(coded('cannot_block_self', 'Du kan ikke blokkere deg selv'));
    const { user, after } = await this.database.transaction(async (tx) => {
      const target = await this.lockedTarget(tx, id, LAST_ADMIN_BLOCK);
      const after = target.isBlocked ? [] : await this.settleWork(tx, target, choice, actor.id, context);
      Object.assign(target, { isBlocked: true, blockReason: reason, blockedAt: new Date() });
      const saved = await tx.save(target);
      // The reason is the text the blocked person is shown when they try to sign in.
      await this.audit.record(actor.id, id, 'account.blocked', { reason }, tx, context);
      return { user: saved, after };
    });
    await this.sessions.endAllFor(id);
    await this.runAfterCommit(after);
    return user;
  }

  async unblock(id: number, actor: User, context?: RequestContext): Promise<User> {
    if (id === actor.id) throw new ForbiddenException(coded('cannot_unblock_self', 'Du kan ikke oppheve blokkering av deg selv'));
    return this.database.transaction(async (tx) => {
      const user = await this.targetIn(tx, id);
      const wasBlocked = user.isBlocked;
      Object.assign(user, { isBlocked: false, blockReason: null, blockedAt: null });
      const saved = await tx.save(user);
      if (wasBlocked) await this.audit.record(actor.id, id, 'account.unblocked', {}, tx, context);
      return saved;
    });
  }

  /** The back office's delete: never one's own account, never the last active admin. */
  async remove(id: number, actor: User, context?: RequestContext, choice?: WorkChoice): Promise<User> {
    if (id === actor.id) throw new ForbiddenException(coded('cannot_delete_self', 'Du kan ikke slette din egen konto her'));
    return this.deleteAccount(id, actor.id, 'admin', context, choice);
  }

  /**
   * A user deleting their own account (Settings). Admins cannot: the service would lose an admin without anyone
   * deciding who takes over; another admin removes their rights first (docs/roles.md).
   */
  async deleteOwnAccount(user: User, context?: RequestContext): Promise<User> {
    if (user.isAdmin) throw new ForbiddenException(coded('admin_cannot_delete_self', 'En administrator kan ikke slette sin egen konto. Be en annen administrator fjerne administratorrettighetene dine først.'));
    return this.deleteAccount(user.id, user.id, 'own', context);
  }

  /**
   * Deletes the account and, through foreign keys, everything it owns (its sessions too), then closes its sockets.
   * Nothing goes unnoticed (docs/roles.md#removing-a-person): work the person holds as staff is handed over or
   * cancelled first, as `choice` says (else 409 `staff_has_work`), and the staff on an owner's upcoming meetings and
   * open cases, which the foreign keys take with the owner, are told after the commit.
   * The activity row names the account by id without a foreign key, so it outlives it (docs/security.md#the-audit-log).
   */
  private async deleteAccount(id: number, actorId: number, via: 'own' | 'admin', context?: RequestContext, choice?: WorkChoice): Promise<User> {
    const { user, after } = await this.database.transaction(async (tx) => {
      const target = await this.lockedTarget(tx, id, LAST_ADMIN_DELETE);
      const after = await this.settleWork(tx, target, choice, actorId, context);
      const now = this.clock.now();
      after.push(await this.events.publishInTransaction(tx, 'users.owner.deleting', { ownerId: id, ownerName: target.name, now }));
      await tx.delete(User, { id });
      await this.audit.record(actorId, id, 'account.deleted', { via }, tx, context);
      return { user: target, after };
    });
    await this.sessions.endAllFor(id);
    await this.runAfterCommit(after);
    return user;
  }

  /**
   * What `staffId` holds, counted by the domains that give people work (appointments, cases) on the in-transaction
   * event, so a removal can count, hand over or cancel it without users knowing them (docs/roles.md#removing-a-person).
   */
  private async countHeld(tx: EntityManager, staffId: number): Promise<HeldWork> {
    const held: HeldWork = { appointments: 0, meetings: 0, cases: 0 };
    await this.events.publishInTransaction(tx, 'users.work.counting', { staffId, now: this.clock.now(), held });
    return held;
  }

  /**
   * In the removal's transaction, with the person's row locked (a booking or an assignment that names them waits for
   * the commit and then fails rather than vanish with them): what they hold is refused without a choice, handed to
   * the successor, or cancelled, and the choice is audited. Answers what to tell once committed.
   */
  private async settleWork(tx: EntityManager, target: User, choice: WorkChoice | undefined, actorId: number, context?: RequestContext): Promise<AfterCommit[]> {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [target.id]);
    const held = await this.countHeld(tx, target.id);
    if (held.appointments + held.meetings + held.cases === 0) return [];
    if (!choice) {
      throw new ConflictException(coded('staff_has_work', 'Personen har kommende timer, avtaler eller åpne saker. Velg hvem som skal overta dem, eller avlys dem og gi eierne beskjed.', { ...held }));
    }
    const now = this.clock.now();
    const after: AfterCommit[] = [];
    if ('handOverTo' in choice) {
      const successor = await tx.findOneBy(User, { id: choice.handOverTo });
      const fits = successor && successor.id !== target.id && !successor.isBlocked && (held.cases > 0 ? successor.isAdmin : successor.isAdmin || successor.isMiniAdmin);
      if (!successor || !fits) {
        throw new BadRequestException(coded('successor_invalid', 'Velg en aktiv ansatt som kan overta (en administrator når det er saker)', { ...held }));
      }
      after.push(await this.events.publishInTransaction(tx, 'users.work.handing_over', { from: { id: target.id, name: target.name }, successorId: successor.id, now }));
      await this.audit.record(actorId, target.id, 'work.handed_over', { to: successor.id, toName: successor.name, ...held }, tx, context);
      await this.audit.record(actorId, successor.id, 'work.taken_over', { from: target.id, fromName: target.name, ...held }, tx, context);
    } else {
      after.push(await this.events.publishInTransaction(tx, 'users.work.cancelling', { staffId: target.id, actorId, now }));
      await this.audit.record(actorId, target.id, 'work.cancelled', { ...held }, tx, context);
    }
    return after;
  }

  /** The notifications and mails of a committed removal; the bus logs one that fails, which never fails the removal. */
  private async runAfterCommit(after: AfterCommit[]): Promise<void> {
    for (const tell of after) await tell();
  }

  /** The user `id` as the transaction sees it. */
  private async targetIn(tx: EntityManager, id: number): Promise<User> {
    const user = await tx.findOneBy(User, { id });
    if (!user) throw new NotFoundException(coded('user_not_found', 'Bruker ikke funnet'));
    return user;
  }

  /**
   * The user `id` read under LOCK_ADMINS, for a change that takes them out of the active admins (delete, block,
   * demote): refused with `refusal` when they are an active admin and no other active admin remains. The lock is
   * held until the caller's transaction ends, so a second such change counts after the first has committed: two
   * admins removing each other at once leave one (docs/roles.md).
   */
  private async lockedTarget(tx: EntityManager, id: number, refusal: () => Error): Promise<User> {
    await tx.query('SELECT pg_advisory_xact_lock($1, 0)', [LOCK_ADMINS]);
    const user = await this.targetIn(tx, id);
    if (user.isAdmin && !user.isBlocked) {
      const others = await tx.createQueryBuilder(User, 'u').where('u.isAdmin AND NOT u.isBlocked AND u.id <> :id', { id }).getCount();
      if (others === 0) throw refusal();
    }
    return user;
  }

  async setCalendarToken(userId: number, tokenHash: string, sealed: string): Promise<void> {
    await this.users.update({ id: userId }, { calendarTokenHash: tokenHash, calendarTokenSealed: sealed });
  }

  async recordLogin(user: User): Promise<void> {
    user.lastLoginAt = new Date();
    await this.users.update({ id: user.id }, { lastLoginAt: user.lastLoginAt });
  }

  /**
   * At every start: when no active (unblocked) administrator exists, one is made from ADMIN_EMAIL (default
   * admin@example.com). On an empty database that account is created with ADMIN_PASSWORD, or a generated password
   * printed once; when the account exists (every admin was blocked or deleted, by a restore or an older version), it
   * is unblocked and made admin with its password unchanged. The check and the change run in one transaction under a
   * waiting advisory lock, so instances booting together do it once. What this call did, or null when it did
   * nothing; a generated password comes back for the start banner (main.ts) and never goes to the log. See
   * docs/roles.md.
   */
  async ensureFirstAdmin(email: string | undefined, password: string | undefined): Promise<FirstAdmin | null> {
    if ((await this.users.countBy({ isAdmin: true, isBlocked: false })) > 0) return null;
    const username = (email ?? 'admin@example.com').toLowerCase();
    const generated = !password;
    const secret = password ?? randomBytes(12).toString('base64url');
    // Hashed before the lock (argon2 takes a while), so the lock is held for a few statements only.
    const passwordHash = await this.hashPassword(secret);
    const outcome = await this.database.transaction(async (tx): Promise<'created' | 'restored' | false> => {
      await tx.query('SELECT pg_advisory_xact_lock($1, 0)', [LOCK_FIRST_ADMIN]);
      if ((await tx.countBy(User, { isAdmin: true, isBlocked: false })) > 0) return false;
      const existing = await tx.createQueryBuilder(User, 'u').where('lower(u.username) = :username', { username }).getOne();
      if (existing) {
        await tx.update(User, { id: existing.id }, { isAdmin: true, isMiniAdmin: false, isBlocked: false, blockReason: null, blockedAt: null });
        return 'restored';
      }
      await tx.save(tx.create(User, { username, name: 'Administrator', email: username, passwordHash, isAdmin: true, isMiniAdmin: false }));
      return 'created';
    });
    if (!outcome) return null;
    if (outcome === 'restored') {
      this.logger.warn(`No active admin was left: ${forLog(username)} is an admin again (unblocked, password unchanged).`);
      return { outcome, username };
    }
    this.logger.log(`First admin created: ${forLog(username)}`);
    // Taken as given, so a start never fails on it; the admin should change it (docs/security.md#passwords).
    if (!generated && (secret.length < PASSWORD_MIN || isCommonPassword(secret))) {
      this.logger.warn(`ADMIN_PASSWORD is shorter than ${PASSWORD_MIN} characters or a common password: change it after signing in.`);
    }
    return { outcome, username, ...(generated && { generatedPassword: secret }) };
  }

  /** For login: unknown users cost the same time as known ones. */
  async dummyVerify(password: string): Promise<void> {
    if (!this.dummyHash) this.dummyHash = await this.hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(this.dummyHash, password).catch(() => false);
  }
  private dummyHash?: string;

  static unauthorized() {
    return new UnauthorizedException(coded('invalid_credentials', 'Ugyldig brukernavn eller passord'));
  }
}

/** The last four digits of an account number ('' for none): all that is shown of it outside the user's own pages. */
export function lastDigits(accountNumber: string | null): string {
  return (accountNumber ?? '').replace(/\D/g, '').slice(-4);
}

/** An account number with every digit but the last four hidden, separators kept ('1234.56.78901' → '••••.••.•8901'). */
export function maskAccountNumber(accountNumber: string | null): string | null {
  if (accountNumber === null) return null;
  let shown = 4;
  return [...accountNumber].reverse().map((c) => (/\d/.test(c) ? (shown-- > 0 ? c : '•') : c)).reverse().join('');
}
