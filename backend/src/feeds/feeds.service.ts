import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { coded } from '../common/http-exception.filter';
import { asBoolean, containing, findPage, ListQuery, whereIdIn } from '../common/list-query';
import { Clock } from '../common/adapters/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { CreateFeedDto, DEFAULT_FEED_COLOR, UpdateFeedDto } from './feeds.dto';
import { IcalFeed } from './ical-feed.entity';
import { DatabasePort } from '../database/database.port';
import { EventBus } from '../common/events/domain-events';
import { handOverToHeirSql } from '../properties/properties.types';
import { PropertyAccess, type PropertyAction } from '../properties/property-access.service';

export interface FeedWithOwner { feed: IcalFeed; owner: { id: number; name: string; email: string; username: string } }

const feedNotFound = () => new NotFoundException(coded('feed_not_found', 'Kalenderfeeden finnes ikke'));

/**
 * Feed records, each a property's (docs/product/feeds.md): its members read them, owners and co-owners manage them,
 * staff as the property access rule allows. Access is decided in accessibleFeed and create only.
 */
@Injectable()
export class FeedsService implements OnModuleInit {
  constructor(
    @InjectRepository(IcalFeed) private readonly feeds: Repository<IcalFeed>,
    private readonly bookings: ExternalBookingsService,
    private readonly users: UsersService,
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: PropertyAccess,
    private readonly bus: EventBus,
  ) {}

  /**
   * A person who leaves with their account leaves a shared property's feeds in place: those they added pass to another
   * member (handOverToHeirSql), in the deletion's transaction; those of a property they alone held go with the account.
   */
  onModuleInit(): void {
    this.bus.onInTransaction('users.owner.deleting', async ({ ownerId }, { tx }) => {
      await tx.query(handOverToHeirSql('ical_feeds'), [ownerId]);
    });
  }

  listOf(propertyId: number): Promise<IcalFeed[]> {
    return this.feeds.find({ where: { propertyId }, order: { id: 'ASC' } });
  }

  /**
   * The feed if the actor may do `action` to its property (read: every member; write: owners and co-owners; staff as
   * the access rule says). Anyone else is told it does not exist; a viewer changing it, that they only look.
   */
  async accessibleFeed(actor: User, id: number, action: PropertyAction = 'write'): Promise<IcalFeed> {
    const feed = await this.feeds.findOneBy({ id });
    if (!feed) throw feedNotFound();
    try {
      await this.access.resolve(actor, feed.propertyId, action);
    } catch (error) {
      throw error instanceof NotFoundException ? feedNotFound() : error;
    }
    return feed;
  }

  async create(actor: User, dto: CreateFeedDto, propertyId?: number): Promise<IcalFeed> {
    let owner = actor;
    if (dto.userId !== undefined && dto.userId !== actor.id) {
      if (!actor.isAdmin) throw new ForbiddenException(coded('feed_for_others_admin_only', 'Bare administratorer kan legge til kalendere for andre'));
      owner = await this.users.get(dto.userId);
    }
    const named = dto.propertyId ?? propertyId;
    const property = named === undefined && owner !== actor
      ? (await this.access.firstOf(owner, 'write'))!
      : (await this.access.resolve(actor, named, 'write')).property;
    // Each feed costs a fetch every few minutes: the limit keeps one property from turning the service into a crawler.
    const max = this.config.feeds.maxPerUser;
    if ((await this.feeds.countBy({ propertyId: property.id })) >= max) {
      throw new ConflictException(coded('feed_limit_reached', `Du kan ha høyst ${max} kalenderfeeder`, { max }));
    }
    return this.feeds.save(this.feeds.create({
      userId: owner.id, propertyId: property.id, name: dto.name, url: dto.url, color: dto.color ?? DEFAULT_FEED_COLOR, enabled: dto.enabled ?? true,
      sync: { nextSyncAt: this.clock.now() },
    }));
  }

  async update(actor: User, id: number, dto: UpdateFeedDto): Promise<IcalFeed> {
    const feed = await this.accessibleFeed(actor, id);
    if (dto.url !== undefined && dto.url !== feed.url) {
      // A new address is a new source: forget the old validators and fetch it at once.
      Object.assign(feed, { url: dto.url, etag: null, lastModified: null, contentHash: null });
      Object.assign(feed.sync, { nextSyncAt: this.clock.now(), consecutiveFailures: 0 });
    }
    if (dto.name !== undefined) feed.name = dto.name;
    if (dto.color !== undefined) feed.color = dto.color;
    const switched = dto.enabled !== undefined && dto.enabled !== feed.enabled;
    if (switched) {
      feed.enabled = dto.enabled!;
      if (dto.enabled) feed.sync.nextSyncAt = this.clock.now();
    }
    const saved = await this.feeds.save(feed);
    // Its bookings are shown or hidden from now on.
    if (switched) await this.bookings.sourceChanged({ kind: 'ical', id: feed.id, userId: feed.userId, propertyId: feed.propertyId });
    return saved;
  }

  async remove(actor: User, id: number): Promise<IcalFeed> {
    const feed = await this.accessibleFeed(actor, id);
    await this.database.transaction(async (tx) => {
      await tx.delete(IcalFeed, { id });
      await this.bookings.removeSources(tx, 'ical', [id]); // its imported events go with it
    });
    await this.bookings.sourceChanged({ kind: 'ical', id, userId: feed.userId, propertyId: feed.propertyId });
    return feed;
  }

  /**
   * One page of the all-feeds admin list, filtered and sorted in SQL (owner fields included): ?q searches name,
   * address and owner; enabled, stale (enabled, no success for staleHours), failing (enabled, its last sync failed:
   * the feed-health count's rule), userId, propertyId and id match exactly.
   */
  async listWithOwners(query: ListQuery, staleHours: number): Promise<{ rows: FeedWithOwner[]; total: number }> {
    const staleBefore = new Date(this.clock.now().getTime() - staleHours * 3_600_000);
    const isStale = '(f.enabled AND COALESCE(f.sync.lastSynced, f.createdAt) < :staleBefore)';
    const qb = this.feeds.createQueryBuilder('f').innerJoin('users', 'u', 'u.id = f.user_id');
    const page = await findPage(qb, query, {
      sortable: {
        ...Object.fromEntries(['id', 'userId', 'propertyId', 'name', 'url', 'enabled', 'createdAt'].map((p) => [p, `f.${p}`])),
        ...Object.fromEntries(['lastSynced', 'lastAttemptAt', 'lastError', 'consecutiveFailures', 'eventCount', 'nextSyncAt'].map((p) => [p, `f.sync.${p}`])),
        userName: 'u.name',
        userEmail: 'u.email',
        username: 'u.username',
      },
      filters: {
        q: (b, q) => b.andWhere('(f.name ILIKE :q OR f.url ILIKE :q OR u.name ILIKE :q OR u.email ILIKE :q OR u.username ILIKE :q)', { q: containing(q) }),
        id: (b, id) => whereIdIn(b, 'f.id', id, 'ids'),
        userId: (b, id) => whereIdIn(b, 'f.userId', id, 'userIds'),
        propertyId: (b, id) => whereIdIn(b, 'f.propertyId', id, 'propertyIds'),
        enabled: (b, value) => b.andWhere('f.enabled = :enabled', { enabled: asBoolean(value) }),
        stale: (b, value) => b.andWhere(asBoolean(value) ? isStale : `NOT ${isStale}`, { staleBefore }),
        failing: (b, value) => b.andWhere(asBoolean(value) ? '(f.enabled AND f.sync.lastError IS NOT NULL)' : 'NOT (f.enabled AND f.sync.lastError IS NOT NULL)'),
      },
      key: 'f.id',
    });
    return { rows: await this.withOwners(page.rows), total: page.total };
  }

  /** Every feed with its owner, for the all-feeds admin view. */
  async allWithOwners(): Promise<FeedWithOwner[]> {
    return this.withOwners(await this.feeds.find({ order: { id: 'ASC' } }));
  }

  private async withOwners(feeds: IcalFeed[]): Promise<FeedWithOwner[]> {
    if (!feeds.length) return [];
    const owners = new Map((await this.users.list({ filter: { id: [...new Set(feeds.map((f) => f.userId))] }, paged: false })).rows.map((u) => [u.id, u]));
    return feeds.map((feed) => {
      const o = owners.get(feed.userId)!;
      return { feed, owner: { id: o.id, name: o.name, email: o.email, username: o.username } };
    });
  }

  enabledFeedIds(): Promise<number[]> {
    return this.feeds.find({ select: { id: true }, where: { enabled: true }, order: { id: 'ASC' } }).then((r) => r.map((f) => f.id));
  }

  /** Feeds whose next sync time has come. */
  async dueFeedIds(now: Date, limit: number): Promise<number[]> {
    const rows = await this.db.query('SELECT id FROM ical_feeds WHERE enabled AND next_sync_at <= $1 ORDER BY next_sync_at LIMIT $2', [now, limit]);
    return rows.map((r: { id: number }) => r.id);
  }

  /**
   * The same calendar added twice to one property (same URL) imports every booking twice. Keeps the oldest feed of
   * each group and removes the others with their events.
   */
  async cleanupDuplicates(): Promise<{ found: number; removed: number }> {
    const removed = await this.database.transaction(async (tx) => {
      const rows: { id: number; user_id: number; property_id: number }[] = await tx.query(`
        SELECT id, user_id, property_id FROM (
          SELECT id, user_id, property_id, row_number() OVER (PARTITION BY property_id, lower(trim(trailing '/' from url)) ORDER BY id) AS n FROM ical_feeds
        ) ranked WHERE n > 1`);
      const ids = rows.map((r) => r.id);
      if (ids.length) await tx.query('DELETE FROM ical_feeds WHERE id = ANY($1::int[])', [ids]);
      await this.bookings.removeSources(tx, 'ical', ids);
      return rows;
    });
    for (const row of removed) await this.bookings.sourceChanged({ kind: 'ical', id: row.id, userId: row.user_id, propertyId: row.property_id });
    return { found: removed.length, removed: removed.length };
  }
}
