import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, Matches } from 'class-validator';

/**
 * Money in the API: numeric(10,2) in the database, a decimal string in answers, a number or a decimal string in
 * requests. A number is taken as JavaScript writes it (0.1 → '0.1'), so a float artefact such as
 * 0.30000000000000004 is refused for its third decimal rather than silently rounded.
 */
const toDecimalText = ({ value }: { value: unknown }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : value);

/** Up to `digits` digits before the point (10,2 → 8) and at most two after it; a leading minus is read so its own rule can refuse it. */
const decimalPattern = (digits: number) => new RegExp(`^-?\\d{1,${digits}}(\\.\\d{1,2})?$`);

export interface MoneyMessages { required: string; invalid: string }

/** A required decimal(precision,2) field; `precision` 10 for money, 5 for a percentage. */
export function IsDecimal(precision: number, messages: MoneyMessages) {
  return applyDecorators(
    ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }], example: '1250.50' }),
    Transform(toDecimalText),
    // Registered in this order, checked in this order (the pipe stops at the first failure).
    IsDefined({ message: messages.required }),
    Matches(decimalPattern(precision - 2), { message: messages.invalid }),
  );
}

/** Integer hundredths (øre) of a decimal string: exact comparison and arithmetic without floats. */
export function toMinor(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  const minor = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -minor : minor;
}

/** '1234.5' → '1234.50': the database's way of writing numeric(…,2). */
export function fromMinor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
