import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/adapters/clock';
import { TOKEN_PREFIX, type BearerTokenLookup, type RequestToken, type TokenRefusal } from '../common/bearer-token';
import { coded } from '../common/http-exception.filter';
import type { RequestContext } from '../common/request-context';
import { SESSION_USER_LOOKUP, type SessionUser, type SessionUserLookup } from '../common/session-user';
import { STAFF_TOKEN_SCOPES, type TokenScopeName } from '../common/token-scope.decorator';
import { DatabasePort } from '../database/database.port';
import { ApiToken } from './api-token.entity';
import { TokenMails } from './token-mails';
import type { CreateTokenDto } from './tokens.dto';

/** A person's tokens at most: enough for every script they run, few enough to keep the list readable. */
export const MAX_TOKENS_PER_USER = 50;
/** How stale `last_used_at` may be: a call writes it only when it is older, so most calls cost no write. */
const LAST_USED_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 3600 * 1000;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether `user` may give a token `scope`: the staff scopes only to staff who may do that themselves. */
function mayGive(user: SessionUser, scope: TokenScopeName): boolean {
  if (!STAFF_TOKEN_SCOPES.includes(scope)) return true;
  return scope === 'admin:read' ? user.isAdmin || user.isMiniAdmin : user.isAdmin;
}

/**
 * Personal API tokens (docs/product/auth-and-users.md#api-tokens, docs/security.md#api-tokens): made, listed and
 * revoked by their owner in a signed-in session, and looked up for each token call (BEARER_TOKEN_LOOKUP). The token
 * is 32 random bytes, so its SHA-256 is as hard to reverse as the token is to guess: no slow hash is needed, and the
 * lookup is one indexed read.
 */
@Injectable()
export class TokensService implements BearerTokenLookup {
  private readSql?: string;

  constructor(
    @InjectRepository(ApiToken) private readonly tokens: Repository<ApiToken>,
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly mails: TokenMails,
    @Inject(SESSION_USER_LOOKUP) private readonly users: SessionUserLookup,
  ) {}

  list(userId: number): Promise<ApiToken[]> {
    return this.tokens.find({ where: { userId }, order: { id: 'DESC' } });
  }

  /** A new token for `user`; the answer holds the secret, which is not kept. The owner is mailed. */
  async create(user: SessionUser, dto: CreateTokenDto, context?: RequestContext): Promise<{ saved: ApiToken; token: string }> {
    const scopes = [...new Set(dto.scopes)];
    const refused = scopes.find((scope) => !mayGive(user, scope));
    if (refused) throw new ForbiddenException(coded('token_scope_staff_only', `Tilgangen ${refused} er bare for ansatte`, { scope: refused }));
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const saved = await this.database.transaction(async (tx) => {
      // Counted with the owner's tokens locked, so two creations at once cannot both pass the cap.
      const held = await tx.getRepository(ApiToken).createQueryBuilder('t').setLock('pessimistic_write').where('t.userId = :userId', { userId: user.id }).getMany();
      if (held.length >= MAX_TOKENS_PER_USER) {
        throw new ConflictException(coded('token_limit', `Du kan ha høyst ${MAX_TOKENS_PER_USER} API-nøkler; trekk tilbake en du ikke bruker`, { max: MAX_TOKENS_PER_USER }));
      }
      const row = await tx.getRepository(ApiToken).save(tx.getRepository(ApiToken).create({
        userId: user.id,
        name: dto.name,
        scopes,
        tokenHash: hashOf(token),
        tokenStart: token.slice(0, TOKEN_PREFIX.length + 4),
        createdAt: now,
        expiresAt: new Date(now.getTime() + dto.expiresInDays * DAY_MS),
        lastUsedAt: null,
      }));
      await this.audit.record(user.id, user.id, 'token.created', { name: row.name, scopes, expiresAt: row.expiresAt.toISOString() }, tx, context);
      return row;
    });
    // Told once committed, as GitHub mails a new personal access token (docs/security.md#security-mails).
    await this.mails.created(user.id, { name: saved.name, scopes, days: dto.expiresInDays });
    return { saved, token };
  }

  /** Revokes (deletes) one of the user's tokens: its next call answers 401. */
  async revoke(user: SessionUser, id: number, context?: RequestContext): Promise<void> {
    await this.database.transaction(async (tx) => {
      const row = await tx.getRepository(ApiToken).findOne({ where: { id, userId: user.id } });
      if (!row) throw new NotFoundException(coded('token_not_found', 'API-nøkkelen finnes ikke'));
      await tx.getRepository(ApiToken).delete({ id: row.id });
      await this.audit.record(user.id, user.id, 'token.revoked', { name: row.name }, tx, context);
    });
  }

  /**
   * The token and its owner in one statement (the owner's columns through SessionUserLookup, as the session store
   * reads a session's user). `last_used_at` is written only when it is a minute old.
   */
  async find(token: string): Promise<RequestToken | TokenRefusal> {
    this.readSql ??=
      `SELECT t.id AS "__id", t.scopes AS "__scopes", t.expires_at AS "__expires", t.last_used_at AS "__used", ${this.users.selectColumns('u')} ` +
      `FROM api_tokens t ${this.users.joinOn('t.user_id', 'u')} WHERE t.token_hash = $1`;
    const [row] = (await this.db.query(this.readSql, [hashOf(token)])) as Record<string, unknown>[];
    if (!row || row.id == null) return 'token_invalid';
    const { __id: id, __scopes: scopes, __expires: expires, __used: used, ...userRow } = row;
    const now = this.clock.now();
    if (new Date(expires as string).getTime() <= now.getTime()) return 'token_expired';
    const user = this.users.fromRow(userRow);
    if (user.isBlocked) return 'token_owner_blocked';
    if (used == null || now.getTime() - new Date(used as string).getTime() >= LAST_USED_INTERVAL_MS) {
      await this.db.query('UPDATE api_tokens SET last_used_at = $2 WHERE id = $1', [id, now]);
    }
    return { id: Number(id), scopes: (typeof scopes === 'string' ? JSON.parse(scopes) : scopes) as TokenScopeName[], user };
  }
}
