import { User } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import { ServiceContext } from '../helpers/service-context';

/**
 * The first admin and the account number on UsersService (docs/operations.md, first start; docs/security.md#security-mails),
 * without HTTP. Over HTTP: users.e2e-spec.ts, account-number.e2e-spec.ts.
 */
describe('UsersService', () => {
  let s: ServiceContext;
  let users: UsersService;

  beforeAll(async () => {
    s = await ServiceContext.start();
    users = s.get(UsersService);
  });
  afterAll(() => s.close());

  // First: the fresh database has no admin yet.
  it('makes one first admin however many instances start at once, then none while an active admin exists', async () => {
    const starts = await Promise.all([users.ensureFirstAdmin('Sjef@Example.com', undefined), users.ensureFirstAdmin('sjef@example.com', undefined)]);
    const made = starts.filter((start) => start !== null);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ outcome: 'created', username: 'sjef@example.com', generatedPassword: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
    const admin = (await users.findByUsername('sjef@example.com'))!;
    expect(admin).toMatchObject({ isAdmin: true, name: 'Administrator' });
    // The password shown once is the one that signs in.
    expect(await users.verifyPassword(admin, made[0]!.generatedPassword!)).toBe(true);
    expect(await users.ensureFirstAdmin('sjef@example.com', 'annet-passord-123')).toBeNull();
  });

  it('gives the account named by ADMIN_EMAIL its admin rights back when no active admin is left, password unchanged', async () => {
    const repo = s.db.getRepository(User);
    const admin = (await users.findByUsername('sjef@example.com'))!;
    await repo.update({ id: admin.id }, { isBlocked: true, blockReason: 'Ferie', blockedAt: new Date() });
    expect(await users.ensureFirstAdmin('SJEF@example.com', 'ignored-password-123')).toEqual({ outcome: 'restored', username: 'sjef@example.com' });
    const restored = await repo.findOneByOrFail({ id: admin.id });
    expect(restored).toMatchObject({ isAdmin: true, isBlocked: false, blockReason: null, blockedAt: null, passwordHash: admin.passwordHash });
    expect(await repo.countBy({ isAdmin: true })).toBe(1);
  });

  it("logs, audits masked and announces a changed account number, and only a changed one", async () => {
    const owner = await s.createUser('user', { accountNumber: '12345678903' });
    const told = s.collect('users.account_number.changed');
    const profile = { name: owner.name, email: owner.email, phoneNumber: null };
    await users.updateProfile(owner, { ...profile, accountNumber: '12345678903' });
    expect(told).toEqual([]);
    await users.updateProfile(await users.get(owner.id), { ...profile, email: 'ny@example.com', accountNumber: '98765432109' });
    expect(told).toEqual([expect.objectContaining({ userId: owner.id, actorId: owner.id, last4: '2109', mailTo: owner.email })]);
    expect((await users.accountNumberLog(owner.id)).map((l) => [l.oldAccountNumber, l.newAccountNumber, l.changeReason])).toEqual([['12345678903', '98765432109', 'Endret av bruker']]);
    const [audit] = await s.db.query(`SELECT details FROM admin_audit_log WHERE target_user_id = $1 AND action = 'account_number.changed'`, [owner.id]);
    expect(audit.details).toEqual({ from: '•••••••8903', to: '•••••••2109' });
  });
});
