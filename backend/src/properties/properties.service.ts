import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { coded } from '../common/http-exception.filter';
import { containing, findPage, type ListQuery } from '../common/list-query';
import { toMinor } from '../common/money';
import type { RequestContext } from '../common/request-context';
import { DatabasePort } from '../database/database.port';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { PropertyAccess, type PropertyGrant, seesMoney } from './property-access.service';
import { PropertyMember, type PropertyRole } from './property-member.entity';
import { Property } from './property.entity';
import type { CreatePropertyDto, ShareDto, UpdateMemberDto, UpdatePropertyDto } from './properties.dto';

export interface MyProperty { property: Property; role: PropertyRole; share: string | null; canSeeMoney: boolean }
export interface Member { member: PropertyMember; name: string; email: string }

const memberNotFound = () => new NotFoundException(coded('property_member_not_found', 'Personen er ikke medlem av eiendommen'));
const HUNDRED = toMinor('100');

/**
 * Properties and their members (docs/product/properties.md). Who may do what is PropertyAccess's one rule; this
 * service does the work, each change of members in one transaction with its activity row.
 */
@Injectable()
export class PropertiesService {
  constructor(
    private readonly access: PropertyAccess,
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  /** The caller's properties, the first they joined first (their own made at first need, for an owner with none). */
  async mine(user: User): Promise<MyProperty[]> {
    if (!user.isAdmin && !user.isMiniAdmin) await this.access.resolve(user, undefined, 'read');
    const rows = await this.db
      .getRepository(Property)
      .createQueryBuilder('p')
      .innerJoin(PropertyMember, 'm', 'm.propertyId = p.id AND m.userId = :userId', { userId: user.id })
      .addSelect(['m.role', 'm.share', 'm.canSeeMoney'])
      .where('p.deletedAt IS NULL')
      .orderBy('m.joinedAt', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .getRawAndEntities<{ m_role: PropertyRole; m_share: string | null; m_can_see_money: boolean }>();
    return rows.entities.map((property, i) => ({ property, role: rows.raw[i].m_role, share: rows.raw[i].m_share, canSeeMoney: seesMoney({ role: rows.raw[i].m_role, canSeeMoney: rows.raw[i].m_can_see_money }) }));
  }

  get(user: User, id: number): Promise<PropertyGrant> {
    return this.access.resolve(user, id, 'read');
  }

  async update(user: User, id: number, dto: UpdatePropertyDto, context?: RequestContext): Promise<Property> {
    const { property } = await this.access.resolve(user, id, 'write');
    return this.database.transaction(async (tx) => {
      const before = { name: property.name, address: property.address };
      const changes: Partial<Property> = {};
      if (dto.name !== undefined) changes.name = dto.name;
      if (dto.address !== undefined) changes.address = dto.address === '' ? null : dto.address;
      await tx.update(Property, { id }, changes);
      const after = await tx.findOneByOrFail(Property, { id });
      await this.audit.record(user.id, null, 'property.updated', { propertyId: id, before, after: { name: after.name, address: after.address } }, tx, context);
      return after;
    });
  }

  async members(user: User, id: number): Promise<Member[]> {
    await this.access.resolve(user, id, 'read');
    return this.membersOf(id);
  }

  private async membersOf(propertyId: number): Promise<Member[]> {
    const members = await this.db.getRepository(PropertyMember).find( { where: { propertyId }, order: { joinedAt: 'ASC', userId: 'ASC' } });
    const people = await this.users.byIds(members.map((m) => m.userId));
    return members.map((member) => ({ member, name: people.get(member.userId)?.name ?? '', email: people.get(member.userId)?.email ?? '' }));
  }

  /** A member's role, or whether a viewer sees money: the owner's (or an admin's) to change; the last owner stays one. */
  async updateMember(user: User, id: number, userId: number, dto: UpdateMemberDto, context?: RequestContext): Promise<Member> {
    await this.access.resolve(user, id, 'manage');
    await this.database.transaction(async (tx) => {
      await lockMembers(tx, id);
      const member = await tx.findOneBy(PropertyMember, { propertyId: id, userId });
      if (!member) throw memberNotFound();
      const before = { role: member.role, canSeeMoney: member.canSeeMoney };
      if (dto.role !== undefined && dto.role !== member.role) {
        if (member.role === 'owner') await assertAnotherOwner(tx, id, userId);
        member.role = dto.role;
        // A viewer holds no share; one who becomes a co-owner or owner starts with none until the shares are set again.
        if (dto.role === 'viewer') member.share = null;
      }
      if (dto.canSeeMoney !== undefined) member.canSeeMoney = dto.canSeeMoney;
      await tx.save(member);
      await this.audit.record(user.id, userId, 'property.member.changed', { propertyId: id, before, after: { role: member.role, canSeeMoney: member.canSeeMoney } }, tx, context);
    });
    // Read after the commit: the names come from users, which is not part of this transaction.
    return (await this.membersOf(id)).find((m) => m.member.userId === userId)!;
  }

  /** The owner (or an admin) removes a member, or a member leaves; the last owner can do neither. */
  async removeMember(user: User, id: number, userId: number, context?: RequestContext): Promise<void> {
    await this.access.resolve(user, id, userId === user.id ? 'read' : 'manage');
    await this.database.transaction(async (tx) => {
      await lockMembers(tx, id);
      const member = await tx.findOneBy(PropertyMember, { propertyId: id, userId });
      if (!member) throw memberNotFound();
      if (member.role === 'owner') await assertAnotherOwner(tx, id, userId);
      await tx.delete(PropertyMember, { propertyId: id, userId });
      await this.audit.record(user.id, userId, userId === user.id ? 'property.member.left' : 'property.member.removed', { propertyId: id, role: member.role }, tx, context);
    });
  }

  /**
   * Every owner's and co-owner's share at once (the owner's, or an admin's): each a member holding that role, every
   * one of them named, adding up to exactly 100.
   */
  async setShares(user: User, id: number, shares: ShareDto[], context?: RequestContext): Promise<Member[]> {
    await this.access.resolve(user, id, 'manage');
    await this.database.transaction(async (tx) => {
      await lockMembers(tx, id);
      const holders = (await tx.find(PropertyMember, { where: { propertyId: id } })).filter((m) => m.role !== 'viewer');
      const given = new Map(shares.map((s) => [s.userId, s.share]));
      if (given.size !== shares.length || holders.length !== given.size || holders.some((m) => !given.has(m.userId))) {
        throw new BadRequestException(coded('property_shares_members', 'Oppgi en andel for hver eier og medeier, og bare for dem'));
      }
      const sum = shares.reduce((total, s) => total + toMinor(s.share), 0n);
      if (sum !== HUNDRED) {
        const shown = `${sum / 100n}.${String(sum % 100n).padStart(2, '0')}`;
        throw new BadRequestException(coded('property_shares_sum', 'Andelene må til sammen bli 100 (nå {{sum}})', { sum: shown }));
      }
      for (const holder of holders) await tx.update(PropertyMember, { propertyId: id, userId: holder.userId }, { share: given.get(holder.userId)! });
      await this.audit.record(user.id, null, 'property.shares.changed', { propertyId: id, shares: shares.map((s) => ({ userId: s.userId, share: s.share })) }, tx, context);
    });
    return this.membersOf(id);
  }

  /** The back office's list: every property, or a person's (?userId=), searched by name or address (?q=). */
  async list(query: ListQuery, filter: { userId?: number; q?: string }): Promise<{ rows: { property: Property; owners: string[]; members: number }[]; total: number }> {
    const qb = this.db.getRepository(Property).createQueryBuilder('p').where('p.deletedAt IS NULL');
    if (filter.userId !== undefined) qb.andWhere('EXISTS (SELECT 1 FROM property_members mu WHERE mu.property_id = p.id AND mu.user_id = :userId)', { userId: filter.userId });
    if (filter.q) qb.andWhere('(p.name ILIKE :q OR p.address ILIKE :q)', { q: containing(filter.q) });
    const { rows, total } = await findPage(qb, query, {
      sortable: { id: 'p.id', name: 'p.name', address: 'p.address', createdAt: 'p.createdAt' },
      filters: { q: (b, v) => b.andWhere('(p.name ILIKE :fq OR p.address ILIKE :fq)', { fq: containing(v) }) },
      key: 'p.id',
    });
    // Two statements for every listed property's owners and member count, never one per row.
    const ids = rows.map((p) => p.id);
    const members = ids.length === 0 ? [] : await this.db.getRepository(PropertyMember).find({ where: { propertyId: In(ids) }, order: { joinedAt: 'ASC', userId: 'ASC' } });
    const names = await this.users.namesOf(members.filter((m) => m.role === 'owner').map((m) => m.userId));
    const byId = new Map<number, { owners: string[]; members: number }>();
    for (const m of members) {
      const entry = byId.get(m.propertyId) ?? { owners: [], members: 0 };
      entry.members++;
      if (m.role === 'owner') entry.owners.push(names.get(m.userId) ?? '');
      byId.set(m.propertyId, entry);
    }
    return { rows: rows.map((property) => ({ property, owners: byId.get(property.id)?.owners ?? [], members: byId.get(property.id)?.members ?? 0 })), total };
  }

  /** Staff make a property for an owner, who becomes its owner with the whole share. */
  async create(admin: User, dto: CreatePropertyDto, context?: RequestContext): Promise<Property> {
    const owner = await this.users.get(dto.ownerUserId);
    return this.database.transaction(async (tx) => {
      const property = await tx.save(tx.create(Property, { name: dto.name, address: dto.address ?? null }));
      await tx.insert(PropertyMember, { propertyId: property.id, userId: owner.id, role: 'owner', share: '100', canSeeMoney: true });
      await this.audit.record(admin.id, owner.id, 'property.created', { propertyId: property.id, name: property.name }, tx, context);
      return property;
    });
  }

  /** Staff delete a property: it is unknown from then on (its rows are kept, for the books). */
  async remove(admin: User, id: number, context?: RequestContext): Promise<Property> {
    const { property } = await this.access.resolve(admin, id, 'manage');
    await this.database.transaction(async (tx) => {
      await tx.update(Property, { id }, { deletedAt: new Date() });
      await this.audit.record(admin.id, null, 'property.deleted', { propertyId: id, name: property.name }, tx, context);
    });
    return property;
  }
}

/** Changes of one property's members take turns, so two owners cannot each remove the other. */
const lockMembers = (tx: EntityManager, id: number) => tx.query('SELECT id FROM properties WHERE id = $1 FOR UPDATE', [id]);

async function assertAnotherOwner(tx: EntityManager, propertyId: number, userId: number): Promise<void> {
  const [row] = await tx.query(`SELECT count(*)::int AS n FROM property_members WHERE property_id = $1 AND role = 'owner' AND user_id <> $2`, [propertyId, userId]);
  if (row.n === 0) throw new ConflictException(coded('property_last_owner', 'Eiendommen må ha minst én eier'));
}
