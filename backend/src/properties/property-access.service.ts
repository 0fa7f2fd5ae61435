import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { coded } from '../common/http-exception.filter';
import { DatabasePort } from '../database/database.port';
import type { User } from '../users/user.entity';
import { Property } from './property.entity';
import { PropertyMember, type PropertyRole } from './property-member.entity';
import { heirInPropertySql, memberPropertySql } from './properties.types';

/**
 * What a request does to a property's data:
 * - read: its calendar, bookings, members;
 * - money: its payouts and statements;
 * - write: anything an owner changes (events, feeds, the property's name);
 * - manage: its members (invite, change, remove).
 */
export type PropertyAction = 'read' | 'money' | 'write' | 'manage';

/** A property the caller may act on, and as whom: their membership role, or 'staff'. */
export interface PropertyGrant {
  property: Property;
  role: PropertyRole | 'staff';
}

/** The caller's membership as the statement reads it beside the property: nulls when they are no member. */
interface MembershipRow {
  m_role: PropertyRole | null;
  m_can_see_money: boolean | null;
}

/** Owners and co-owners always see a property's money; a viewer when the owner allows it. */
export function seesMoney(member: { role: PropertyRole; canSeeMoney: boolean }): boolean {
  return member.role !== 'viewer' || member.canSeeMoney;
}

export const propertyNotFound = () => new NotFoundException(coded('property_not_found', 'Eiendommen finnes ikke'));

/** Which member roles may do what; staff are decided apart (admins everything, mini admins reading). */
const ALLOWED: Record<PropertyAction, (member: { role: PropertyRole; canSeeMoney: boolean }) => boolean> = {
  read: () => true,
  money: seesMoney,
  write: (m) => m.role !== 'viewer',
  manage: (m) => m.role === 'owner',
};

/** A member as the access rule sees them. */
export interface MemberRights {
  userId: number;
  role: PropertyRole;
  canSeeMoney: boolean;
}

/** Of a property's members (PropertyAccess.members), the user ids of those whose role allows `action`. */
export const allowedTo = (members: readonly MemberRights[], action: PropertyAction): number[] => members.filter((m) => ALLOWED[action](m)).map((m) => m.userId);

const REFUSAL: Record<Exclude<PropertyAction, 'read'>, () => ForbiddenException> = {
  money: () => new ForbiddenException(coded('property_money_hidden', 'Du har ikke tilgang til utbetalingene for denne eiendommen')),
  write: () => new ForbiddenException(coded('property_read_only', 'Du kan bare se denne eiendommen, ikke endre den')),
  manage: () => new ForbiddenException(coded('property_owner_only', 'Bare eieren kan endre hvem som har tilgang')),
};

/**
 * The one access rule for property data (docs/product/properties.md#who-may-do-what): a member may do what their role
 * allows; staff reach every property (admins everything, mini admins reading); anyone else, and everyone for an
 * unknown or deleted property, hears that it does not exist (404), so ids reveal nothing. A member refused an action
 * their role does not allow hears why (403). A request that names no property acts on the person's first.
 */
@Injectable()
export class PropertyAccess {
  constructor(
    private readonly db: DataSource,
    private readonly database: DatabasePort,
  ) {}

  async resolve(user: User, propertyId: number | undefined, action: PropertyAction): Promise<PropertyGrant> {
    if (propertyId === undefined) return this.first(user, action);
    const found = await this.withMembership(user).andWhere('p.id = :propertyId', { propertyId }).getRawAndEntities<MembershipRow>();
    if (found.entities.length === 0) throw propertyNotFound();
    return this.decide(user, found.entities[0], found.raw[0], action);
  }

  /**
   * A person's first property, for staff acting on their calendar (the admin calendar routes), made for an owner who
   * has none yet, and for writing; null for reading staff who hold none.
   */
  async firstOf(person: User, action: 'read' | 'write'): Promise<Property | null> {
    return action === 'write' ? (await this.resolve(person, undefined, 'write')).property : this.readable(person, undefined);
  }

  /**
   * What a read may show: resolve(…, 'read')'s property, or null for staff who name none and hold none (their own
   * calendar is empty until they write to it, as it was before properties).
   */
  async readable(user: User, propertyId: number | undefined): Promise<Property | null> {
    try {
      return (await this.resolve(user, propertyId, 'read')).property;
    } catch (error) {
      if (propertyId === undefined && error instanceof NotFoundException) return null;
      throw error;
    }
  }

  /**
   * The members of a property whose role allows `action` (docs/product/properties.md#who-may-do-what), by user id: whom
   * its news reaches (a booking's news every member, a feed's trouble those who can mend it, payouts those who see money).
   */
  async memberIds(propertyId: number, action: PropertyAction): Promise<number[]> {
    return allowedTo(await this.members(propertyId), action);
  }

  // ---- what other domains ask of a property's members and names (their SQL may not name these tables) ----

  /** The names of these properties (deleted ones too: a row keeps naming the property it was of), by id; one read. */
  async namesOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; name: string }[] = await this.db.query('SELECT id, name FROM properties WHERE id = ANY($1)', [[...new Set(ids)]]);
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /** A live property's name and time zone, for work no person asked for (a background job's); null when unknown or deleted. */
  zoneOf(propertyId: number): Promise<Pick<Property, 'id' | 'name' | 'timezone'> | null> {
    return this.db.getRepository(Property).findOne({ where: { id: propertyId, deletedAt: IsNull() }, select: { id: true, name: true, timezone: true } });
  }

  /** zoneOf for several properties in one read (the deleted ones left out). */
  zonesOf(ids: readonly number[]): Promise<Pick<Property, 'id' | 'name' | 'timezone'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.getRepository(Property).find({ where: { id: In([...ids]), deletedAt: IsNull() }, select: { id: true, name: true, timezone: true }, order: { name: 'ASC', id: 'ASC' } });
  }

  /** Whether the person is a member of the property (any role) and it is not deleted. */
  async isMember(userId: number, propertyId: number): Promise<boolean> {
    const [row] = await this.db.query(`SELECT ${memberPropertySql('$1', '$2')} AS id`, [userId, propertyId]);
    return row?.id != null;
  }

  /** The property's owner whom its money is paid to and its statement names: the earliest to join in the owner role. */
  async payeeOf(propertyId: number): Promise<number | null> {
    const [row] = await this.db.query(
      `SELECT m.user_id FROM property_members m WHERE m.property_id = $1 AND m.role = 'owner' ORDER BY m.joined_at, m.user_id LIMIT 1`,
      [propertyId],
    );
    return row ? Number(row.user_id) : null;
  }

  /**
   * Whom a row staff register for the property (a payout, a price interval) is for: `userId` when they are a member,
   * else the member a leaving person's rows would pass to (an owner first, then the earliest to join); `userId` itself
   * for a property without members.
   */
  async registrantOf(propertyId: number, userId: number | undefined): Promise<number> {
    const [row] = await this.db.query(
      `SELECT coalesce(
         (SELECT m.user_id FROM property_members m WHERE m.property_id = $1 AND m.user_id = $2),
         ${heirInPropertySql('$1', '0')},
         $2) AS user_id`,
      [propertyId, userId ?? null],
    );
    return Number(row.user_id);
  }

  /** A property's members with their rights, by user id, for a caller that needs more than one of memberIds' answers. */
  members(propertyId: number): Promise<MemberRights[]> {
    return this.db.getRepository(PropertyMember).find({ where: { propertyId }, select: { userId: true, role: true, canSeeMoney: true }, order: { userId: 'ASC' } });
  }

  /** A property with the caller's membership of it (none: nulls), in one statement. */
  private withMembership(user: User) {
    return this.db
      .getRepository(Property)
      .createQueryBuilder('p')
      .leftJoin(PropertyMember, 'm', 'm.propertyId = p.id AND m.userId = :userId', { userId: user.id })
      .addSelect(['m.role', 'm.canSeeMoney'])
      .where('p.deletedAt IS NULL');
  }

  /**
   * The person's first property (the earliest they joined), made for an owner who has none yet, and for staff who
   * write to a calendar of their own (as the migration gave staff holding owner data one).
   */
  private async first(user: User, action: PropertyAction): Promise<PropertyGrant> {
    const first = () =>
      this.withMembership(user).andWhere('m.userId IS NOT NULL').orderBy('m.joinedAt', 'ASC').addOrderBy('p.id', 'ASC').limit(1).getRawAndEntities<MembershipRow>();
    let found = await first();
    if (found.entities.length === 0 && (!isStaff(user) || action === 'write')) {
      await this.makeFirst(user);
      found = await first();
    }
    if (found.entities.length === 0) throw propertyNotFound();
    return this.decide(user, found.entities[0], found.raw[0], action);
  }

  /**
   * Every owner account has a property: one made at the migration, or here at first need, named after them. Made
   * once however many requests ask at once (`first_of_user` is unique).
   */
  private async makeFirst(user: User): Promise<void> {
    await this.database.transaction(async (tx) => {
      const made = await tx.query(
        `INSERT INTO properties (name, first_of_user) VALUES ($1, $2) ON CONFLICT (first_of_user) DO NOTHING RETURNING id`,
        [user.name.slice(0, 100), user.id],
      );
      if (made.length > 0) {
        await tx.query(`INSERT INTO property_members (property_id, user_id, role, share, can_see_money) VALUES ($1, $2, 'owner', 100, true)`, [made[0].id, user.id]);
      }
    });
  }

  private decide(user: User, property: Property, membership: MembershipRow, action: PropertyAction): PropertyGrant {
    const role = membership.m_role;
    if (user.isAdmin) return { property, role: role ?? 'staff' };
    if (role === null) {
      if (!user.isMiniAdmin) throw propertyNotFound();
      if (action !== 'read' && action !== 'money') throw REFUSAL.write();
      return { property, role: 'staff' };
    }
    if (!ALLOWED[action]({ role, canSeeMoney: membership.m_can_see_money === true })) {
      // A viewer is told they only look, whatever the change; others what their role lacks.
      throw role === 'viewer' && action !== 'money' ? REFUSAL.write() : REFUSAL[action as Exclude<PropertyAction, 'read'>]();
    }
    return { property, role };
  }
}

const isStaff = (user: User) => user.isAdmin || user.isMiniAdmin;
