import { OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsRowId } from '../common/ids';
import { IsDecimal } from '../common/money';
import { IsOmittable } from '../common/optional';
import { toSingleLine } from '../common/text/control-characters';
import { OptionalPropertyId } from '../properties/property-id.dto';
import { PriceRange } from './price-range.entity';

/**
 * POST /api/prices (admins): a price interval of a property (`propertyId`, or the person `userId`'s first property;
 * propertyId wins when both are given). The documented texts.
 */
export class CreatePriceDto {
  /** Whom it is registered for; without propertyId, their first property is the interval's. */
  @ValidateIf((dto: CreatePriceDto) => dto.propertyId === undefined || dto.userId !== undefined)
  @IsRowId({ message: 'Bruker må velges' })
  @IsDefined({ message: 'Bruker må velges' })
  userId?: number;

  /** The property the interval is the price of. */
  @OptionalPropertyId()
  propertyId?: number;

  @Transform(toSingleLine)
  @MaxLength(255, { message: 'Navnet kan ikke være lengre enn 255 tegn' })
  @IsNotEmpty({ message: 'Navn er påkrevd' })
  @IsString({ message: 'Navn er påkrevd' })
  name: string;

  @IsDecimal(10, { required: 'Pris fra er påkrevd', invalid: 'Pris fra må være et tall med høyst to desimaler' })
  priceFrom: string;

  @IsDecimal(10, { required: 'Pris til er påkrevd', invalid: 'Pris til må være et tall med høyst to desimaler' })
  priceTo: string;

  /** 0-100, at most two decimals. */
  @IsDecimal(5, { required: 'Rabatt er påkrevd', invalid: 'Rabatt må være mellom 0 og 100' })
  discountPercent: string;

  @IsOmittable()
  @IsBoolean({ message: 'Aktiv må være sann eller usann' })
  isActive?: boolean;
}

/** PUT /api/prices/{id}: the edited record; its property and owner stay. */
export class UpdatePriceDto extends OmitType(CreatePriceDto, ['userId', 'propertyId'] as const) {}

/** GET /api/prices: staff may name a person (`?userId=`: that person's first property) instead of `?propertyId=`. */
export class PricesQuery {
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;
}

export class PriceResponse {
  id: number;
  /** Whom it was registered for. */
  userId: number;
  /** The property it is the price of. */
  propertyId: number;
  name: string;
  /** numeric(10,2) as a string. @example 1500.00 */
  priceFrom: string;
  /** @example 2500.00 */
  priceTo: string;
  /** numeric(5,2) as a string. @example 10.00 */
  discountPercent: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function mapPrice(p: PriceRange): PriceResponse {
  return {
    id: p.id, userId: p.userId, propertyId: p.propertyId, name: p.name, priceFrom: p.priceFrom, priceTo: p.priceTo, discountPercent: p.discountPercent, isActive: p.isActive,
    createdAt: p.createdAt, updatedAt: p.updatedAt,
  };
}

export class DeletedPriceResponse {
  message: string;
  id: number;
}
