import { BadGatewayException, BadRequestException, Inject, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import { type ListQuery, findPage, asBoolean, whereIdIn, containing } from '../common/list-query';
import { Sealer } from '../common/secrets';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort } from '../database/database.port';
import { PropertyAccess } from '../properties/property-access.service';
import { handOverToHeirSql } from '../properties/properties.types';
import { EventBus } from '../common/events/domain-events';
import { UsersService } from '../users/users.service';
import { Beds24AuthError, Beds24Client, Beds24Credential, Beds24Error } from './beds24-client';
import { Beds24Config, Beds24CredentialKind } from './beds24-config.entity';
import { Beds24OwnerResponse, Beds24TestResponse, DEFAULT_WINDOW_DAYS, SaveBeds24ConfigDto } from './beds24.dto';

/** Why a configuration whose credential Beds24 refuses stops syncing (stored as its lastError). */
export const NEW_KEY_NEEDED = 'Beds24 avviste nøkkelen, også etter en ny innlogging: en ny API-nøkkel (invitasjonskode) trengs';

export const CONFIG_NOT_FOUND = () => new NotFoundException(coded('beds24_config_not_found', 'Beds24-konfigurasjonen finnes ikke'));

/** A credential as Beds24 accepted it: what is stored, and the access token that came with it, if any. */
interface ResolvedCredential {
  secret: string;
  kind: Beds24CredentialKind;
  token: { value: string; expiresAt: Date } | null;
}

/** Beds24 refused a key in one of the ways that mean "not this kind of key" (rather than "cannot answer now"). */
const refused = (e: unknown) => e instanceof Beds24AuthError || (e instanceof Beds24Error && e.kind === 'http' && [400, 401, 403, 404].includes(e.httpStatus ?? 0));

/**
 * Beds24 configurations: one per property, set up by staff for its owner (never an administrator) and reached in the
 * back office through them (their first property's), with the credential sealed at rest. Saving a new
 * key asks Beds24 at once what it is (the apiKey field takes an invite code, which must be exchanged within
 * minutes, or a token) and stores only what works; a key Beds24 refuses is never stored.
 */
@Injectable()
export class Beds24Service implements OnModuleInit {
  private readonly sealer: Sealer;

  constructor(
    @InjectRepository(Beds24Config) private readonly configs: Repository<Beds24Config>,
    private readonly users: UsersService,
    private readonly client: Beds24Client,
    private readonly bookings: ExternalBookingsService,
    private readonly database: DatabasePort,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly access: PropertyAccess,
    private readonly bus: EventBus,
  ) {
    this.sealer = new Sealer(config.sessionSecret!, 'beds24-credential');
  }

  /** An owner who leaves with their account leaves a shared property's connection to another member (handOverToHeirSql). */
  onModuleInit(): void {
    this.bus.onInTransaction('users.owner.deleting', async ({ ownerId }, { tx }) => {
      await tx.query(handOverToHeirSql('beds24_config'), [ownerId]);
    });
  }

  /** The configurations with their owners; react-admin's sort, range and filter (q, userId, syncEnabled, needsCredentials). */
  async list(query: ListQuery): Promise<{ rows: { config: Beds24Config; owner: Beds24OwnerResponse }[]; total: number }> {
    const qb = this.configs.createQueryBuilder('c').innerJoin('users', 'u', 'u.id = c.user_id');
    const page = await findPage(qb, query, {
      sortable: {
        ...Object.fromEntries(['propId', 'syncEnabled', 'createdAt'].map((p) => [p, `c.${p}`])),
        ...Object.fromEntries(['lastAttemptAt', 'lastError', 'eventCount'].map((p) => [p, `c.sync.${p}`])),
        // The API's field keeps its name (docs/api.md "Names"); the column is the sources' shared last_synced.
        lastSync: 'c.sync.lastSynced',
        id: 'c.userId',
        userId: 'c.userId',
        userName: 'u.name',
      },
      filters: {
        q: (b, q) => b.andWhere('(u.name ILIKE :q OR u.email ILIKE :q OR u.username ILIKE :q OR CAST(c.prop_id AS text) ILIKE :q)', { q: containing(q) }),
        id: (b, id) => whereIdIn(b, 'c.userId', id, 'ids'),
        userId: (b, id) => whereIdIn(b, 'c.userId', id, 'userIds'),
        syncEnabled: (b, value) => b.andWhere('c.syncEnabled = :syncEnabled', { syncEnabled: asBoolean(value) }),
        needsCredentials: (b, value) => b.andWhere('c.needsCredentials = :needs', { needs: asBoolean(value) }),
      },
      key: 'c.id',
    });
    return { rows: await this.withOwners(page.rows), total: page.total };
  }

  private async withOwners(configs: Beds24Config[]): Promise<{ config: Beds24Config; owner: Beds24OwnerResponse }[]> {
    if (!configs.length) return [];
    const owners = new Map((await this.users.list({ filter: { id: configs.map((c) => c.userId) }, paged: false })).rows.map((u) => [u.id, u]));
    return configs.map((config) => {
      const o = owners.get(config.userId)!;
      return { config, owner: { id: o.id, name: o.name, email: o.email, username: o.username } };
    });
  }

  async get(userId: number): Promise<{ config: Beds24Config; owner: Beds24OwnerResponse }> {
    const config = await this.configs.findOneBy({ userId });
    if (!config) throw CONFIG_NOT_FOUND();
    return (await this.withOwners([config]))[0];
  }

  /** The property's connection, if it has one. */
  findByProperty(propertyId: number): Promise<Beds24Config | null> {
    return this.configs.findOneBy({ propertyId });
  }

  findById(id: number): Promise<Beds24Config | null> {
    return this.configs.findOneBy({ id });
  }

  /** Creates or changes the user's configuration (a new one needs apiKey and propId). */
  async save(userId: number, dto: SaveBeds24ConfigDto): Promise<Beds24Config> {
    const user = await this.users.get(userId);
    if (user.isAdmin) throw new BadRequestException(coded('beds24_admin_user', 'Administratorer kan ikke ha en Beds24-konfigurasjon'));
    const existing = await this.configs.findOneBy({ userId });
    if (!existing && (!dto.apiKey || dto.propId === undefined)) {
      throw new BadRequestException(coded('beds24_key_and_property_required', 'API key and property ID are required'));
    }
    const credential = dto.apiKey ? await this.resolveCredential(dto.apiKey) : null;
    const now = this.clock.now();
    // Another property's bookings are removed without a pull (below); a sync switched off keeps showing what it has.
    const propertyChanged = !!existing && dto.propId !== undefined && dto.propId !== existing.propId;
    // A new connection is the owner's first property's (made here if they have none yet), found before the write.
    const propertyId = existing?.propertyId ?? (await this.access.firstOf(user, 'write'))!.id;
    const saved = await this.database.transaction(async (tx) => {
      const row: Beds24Config = existing ?? tx.create(Beds24Config, {
        userId, propertyId, syncEnabled: true, syncHistoricalDays: DEFAULT_WINDOW_DAYS, syncFutureDays: DEFAULT_WINDOW_DAYS, sync: { nextSyncAt: now },
      });
      if (credential) this.setCredential(row, credential);
      // Another property's bookings are not this one's: they go at once, not only when a pull misses them.
      if (propertyChanged) {
        await this.bookings.removeSources(tx, 'beds24', [existing.id]);
        row.lastPullHash = null;
        Object.assign(row.sync, { eventCount: 0, emptyPulls: 0, nextSyncAt: now });
      }
      if (dto.propId !== undefined) row.propId = dto.propId;
      if (dto.syncEnabled !== undefined) {
        if (dto.syncEnabled && !row.syncEnabled) row.sync.nextSyncAt = now;
        row.syncEnabled = dto.syncEnabled;
      }
      if (dto.syncHistoricalDays !== undefined) row.syncHistoricalDays = dto.syncHistoricalDays;
      if (dto.syncFutureDays !== undefined) row.syncFutureDays = dto.syncFutureDays;
      return tx.save(Beds24Config, row);
    });
    if (propertyChanged) await this.bookings.sourceChanged({ kind: 'beds24', id: saved.id, userId, propertyId: saved.propertyId });
    return saved;
  }

  private setCredential(row: Beds24Config, credential: ResolvedCredential): void {
    Object.assign(row, {
      credentialSealed: this.sealer.seal(credential.secret),
      credentialKind: credential.kind,
      credentialLast4: credential.secret.slice(-4),
      accessTokenSealed: credential.token ? this.sealer.seal(credential.token.value) : null,
      accessTokenExpiresAt: credential.token?.expiresAt ?? null,
      needsCredentials: false,
    });
    Object.assign(row.sync, { consecutiveFailures: 0, nextSyncAt: this.clock.now() });
  }

  /**
   * What a key is, asked of Beds24 in this order: an invite code (exchanged now for a refresh token: codes are
   * single-use and expire within minutes), a refresh token, a long-life token. A key none of them accepts is refused.
   */
  private async resolveCredential(apiKey: string): Promise<ResolvedCredential> {
    try {
      try {
        const exchanged = await this.client.exchangeInviteCode(apiKey);
        return { secret: exchanged.refreshToken, kind: 'refresh', token: { value: exchanged.token, expiresAt: exchanged.expiresAt } };
      } catch (e) {
        if (!refused(e)) throw e;
      }
      const asRefresh: Beds24Credential = { kind: 'refresh', secret: apiKey, token: null };
      try {
        await this.client.checkRefreshToken(asRefresh);
        return { secret: apiKey, kind: 'refresh', token: asRefresh.token };
      } catch (e) {
        if (!refused(e)) throw e;
      }
      try {
        const details = await this.client.details({ kind: 'longLife', secret: apiKey, token: null });
        if (details.validToken) return { secret: apiKey, kind: 'longLife', token: null };
      } catch (e) {
        if (!refused(e)) throw e;
      }
    } catch (e) {
      if (e instanceof Beds24Error) throw new BadGatewayException(coded('beds24_unreachable', 'Kunne ikke kontakte Beds24: {error}', { error: e.message }));
      throw e;
    }
    throw new BadRequestException(coded('beds24_key_rejected', 'Beds24 godtok ikke API-nøkkelen (verken invitasjonskode eller token)'));
  }

  /** The stored credential, ready for the client; new access tokens are kept (sealed) for reuse. Null: sealed under another secret. */
  credentialOf(config: Beds24Config): Beds24Credential | null {
    const secret = this.sealer.open(config.credentialSealed);
    if (secret === null) return null;
    const tokenValue = config.accessTokenSealed ? this.sealer.open(config.accessTokenSealed) : null;
    return {
      kind: config.credentialKind,
      secret,
      token: tokenValue && config.accessTokenExpiresAt ? { value: tokenValue, expiresAt: config.accessTokenExpiresAt } : null,
      saveToken: async (value, expiresAt) => {
        await this.configs.update({ id: config.id }, { accessTokenSealed: this.sealer.seal(value), accessTokenExpiresAt: expiresAt });
      },
    };
  }

  /** `notifiedAt`: when the sync announced it (written with it). */
  async markNeedsCredentials(config: Beds24Config, message: string, notifiedAt?: Date): Promise<void> {
    await this.configs.update({ id: config.id }, {
      needsCredentials: true, accessTokenSealed: null, accessTokenExpiresAt: null,
      sync: { lastError: message, lastErrorCode: 'beds24_needs_credentials', lastAttemptAt: this.clock.now(), ...(notifiedAt ? { failingNotifiedAt: notifiedAt } : {}) },
    });
  }

  async remove(userId: number): Promise<void> {
    const config = await this.configs.findOneBy({ userId });
    if (!config) throw CONFIG_NOT_FOUND();
    await this.database.transaction(async (tx) => {
      await this.bookings.removeSources(tx, 'beds24', [config.id]);
      await tx.delete(Beds24Config, { id: config.id });
    });
    await this.bookings.sourceChanged({ kind: 'beds24', id: config.id, userId, propertyId: config.propertyId });
  }

  /** 'Test connection': what the token may do (its scopes) and whether it reaches the configured property. */
  async testConnection(userId: number): Promise<Beds24TestResponse> {
    const { config } = await this.get(userId);
    const credential = this.credentialOf(config);
    if (!credential) return { ok: false, message: NEW_KEY_NEEDED, scopes: [], propertyAccess: null, onlyPropertyId: null };
    try {
      const details = await this.client.details(credential);
      const propertyAccess = details.onlyPropertyId === null || details.onlyPropertyId === config.propId;
      const canRead = details.scopes.some((s) => /^(read|all):bookings$/.test(s));
      const message = !details.validToken
        ? 'Beds24 sier at tokenet ikke er gyldig'
        : !propertyAccess
          ? `Nøkkelen gir bare tilgang til eiendom ${details.onlyPropertyId}, ikke ${config.propId}`
          : !canRead
            ? 'Nøkkelen mangler tilgangen read:bookings'
            : 'Tilkoblingen til Beds24 virker';
      return { ok: details.validToken && propertyAccess && canRead, message, scopes: details.scopes, propertyAccess, onlyPropertyId: details.onlyPropertyId };
    } catch (e) {
      if (e instanceof Beds24AuthError) {
        await this.markNeedsCredentials(config, NEW_KEY_NEEDED);
        return { ok: false, message: NEW_KEY_NEEDED, scopes: [], propertyAccess: null, onlyPropertyId: null };
      }
      if (e instanceof Beds24Error) return { ok: false, message: `Kunne ikke kontakte Beds24: ${e.message}`, scopes: [], propertyAccess: null, onlyPropertyId: null };
      throw e;
    }
  }

  /** The property's configuration when it syncs (switched on, its key usable): what a refresh of the property pulls. */
  async syncedIdsOf(propertyId: number): Promise<number[]> {
    const rows = await this.configs.query('SELECT id FROM beds24_config WHERE property_id = $1 AND sync_enabled AND NOT needs_credentials ORDER BY id', [propertyId]);
    return rows.map((r: { id: number }) => r.id);
  }

  /** Configurations whose next sync time has come (enabled, with a working credential). */
  async dueIds(now: Date, limit: number): Promise<number[]> {
    const rows = await this.configs.query(
      'SELECT id FROM beds24_config WHERE sync_enabled AND NOT needs_credentials AND next_sync_at <= $1 ORDER BY next_sync_at LIMIT $2',
      [now, limit],
    );
    return rows.map((r: { id: number }) => r.id);
  }
}
