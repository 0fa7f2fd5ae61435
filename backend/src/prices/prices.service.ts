import { BadRequestException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { toMinor } from '../common/money';
import { handOverToHeirSql } from '../properties/properties.types';
import { PropertyAccess } from '../properties/property-access.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { PriceRange } from './price-range.entity';
import { CreatePriceDto, UpdatePriceDto } from './prices.dto';

const notFound = () => new NotFoundException(coded('price_not_found', 'Prisintervallet finnes ikke'));

/**
 * Price intervals, each a property's (docs/product/payouts-and-prices.md#who-may-do-what): its members read them, staff
 * read any property's, admins write.
 */
@Injectable()
export class PricesService implements OnModuleInit {
  constructor(
    @InjectRepository(PriceRange) private readonly prices: Repository<PriceRange>,
    private readonly users: UsersService,
    private readonly access: PropertyAccess,
    private readonly events: EventBus,
  ) {}

  /** A leaving person's intervals in properties others share pass to another member (handOverToHeirSql). */
  onModuleInit(): void {
    this.events.onInTransaction('users.owner.deleting', async ({ ownerId }, { tx }) => {
      await tx.query(handOverToHeirSql('price_ranges'), [ownerId]);
    });
  }

  /**
   * The intervals of the property the viewer names (or their first), as PropertyAccess allows 'read'; staff may name a
   * person instead (`userId`: that person's first property). Staff who name none and hold none read none.
   */
  async list(viewer: User, propertyId: number | undefined, userId: number | undefined): Promise<PriceRange[]> {
    const staff = viewer.isAdmin || viewer.isMiniAdmin;
    const property = propertyId === undefined && userId !== undefined && staff
      ? await this.access.firstOf(await this.users.get(userId), 'read')
      : await this.access.readable(viewer, propertyId);
    return property ? this.prices.find({ where: { propertyId: property.id }, order: { name: 'ASC', id: 'ASC' } }) : [];
  }

  /** A property's intervals, for what other domains estimate from them (the nights' forgone income). */
  forProperty(propertyId: number): Promise<PriceRange[]> {
    return this.prices.find({ where: { propertyId }, order: { name: 'ASC', id: 'ASC' } });
  }

  /**
   * An interval of the property `propertyId`, or else of the person `userId`'s first property (propertyId wins when both
   * are given); registered for `userId` when they are a member of it, else for its owner.
   */
  async create(admin: User, dto: CreatePriceDto): Promise<PriceRange> {
    const property = dto.propertyId !== undefined
      ? (await this.access.resolve(admin, dto.propertyId, 'write')).property
      : (await this.access.firstOf(await this.users.get(dto.userId!), 'write'))!;
    const fields = checked(dto);
    const userId = await this.access.registrantOf(property.id, dto.userId);
    const saved = await this.prices.save(this.prices.create({ ...fields, userId, propertyId: property.id }));
    return this.prices.findOneByOrFail({ id: saved.id });
  }

  async update(id: number, dto: UpdatePriceDto): Promise<PriceRange> {
    if (!(await this.prices.existsBy({ id }))) throw notFound();
    await this.prices.update({ id }, checked(dto));
    return this.prices.findOneByOrFail({ id });
  }

  async remove(id: number): Promise<PriceRange> {
    const price = await this.prices.findOneBy({ id });
    if (!price) throw notFound();
    await this.prices.delete({ id });
    return price;
  }
}

/** The rules past the fields (docs/product/payouts-and-prices.md#validation-and-limits): prices not negative, price to not below price from, discount 0-100. */
function checked(dto: UpdatePriceDto) {
  const refuse = (field: string, code: string, message: string) => new BadRequestException({ ...coded(code, message), errors: [{ field, message }] });
  if (toMinor(dto.priceFrom) < 0n) throw refuse('priceFrom', 'price_negative', 'Prisen kan ikke være negativ');
  if (toMinor(dto.priceTo) < toMinor(dto.priceFrom)) throw refuse('priceTo', 'price_to_below_from', 'Pris til kan ikke være lavere enn pris fra');
  const discount = toMinor(dto.discountPercent);
  if (discount < 0n || discount > 10_000n) throw refuse('discountPercent', 'discount_out_of_range', 'Rabatt må være mellom 0 og 100');
  return { name: dto.name, priceFrom: dto.priceFrom, priceTo: dto.priceTo, discountPercent: dto.discountPercent, isActive: dto.isActive ?? true };
}
