import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { coded } from '../common/http-exception.filter';
import { toMinor } from '../common/money';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { PriceRange } from './price-range.entity';
import { CreatePriceDto, UpdatePriceDto } from './prices.dto';

const notFound = () => new NotFoundException(coded('price_not_found', 'Prisintervallet finnes ikke'));

/** Price intervals: owners read their own; staff read anyone's; admins write. */
@Injectable()
export class PricesService {
  constructor(@InjectRepository(PriceRange) private readonly prices: Repository<PriceRange>, private readonly users: UsersService) {}

  /** The viewer's own rows, or for staff the named owner's. */
  async list(viewer: User, userId: number | undefined): Promise<PriceRange[]> {
    const ownerId = userId !== undefined && (viewer.isAdmin || viewer.isMiniAdmin) ? (await this.users.get(userId)).id : viewer.id;
    return this.prices.find({ where: { userId: ownerId }, order: { name: 'ASC', id: 'ASC' } });
  }

  async create(dto: CreatePriceDto): Promise<PriceRange> {
    const owner = await this.users.get(dto.userId);
    const fields = checked(dto);
    const saved = await this.prices.save(this.prices.create({ ...fields, userId: owner.id }));
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
