import { BadRequestException, ConflictException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { coded } from '../common/http-exception.filter';
import { toMinor } from '../common/money';
import { LINE_SIGN, type PayoutLineKind } from './payout-line.entity';

/** The most a payout holds: numeric(10,2). */
const MAX_PAYOUT_MINOR = 9_999_999_999n;

/** A payout's lines' sum as numeric(12,2) text and how many there are (sum '0.00' when none). */
export async function linesTotal(tx: EntityManager, payoutId: number): Promise<{ sum: string; count: number }> {
  const [row] = await tx.query('SELECT coalesce(sum(amount), 0)::numeric(12,2)::text AS sum, count(*)::int AS count FROM payout_lines WHERE payout_id = $1', [payoutId]);
  return { sum: row.sum, count: Number(row.count) };
}

/**
 * An explicit amount for a payout with lines must be their sum (docs/product/payouts-and-prices.md#payout-lines):
 * anything else is 409 payout_lines_mismatch, naming the sum. A payout without lines takes any allowed amount.
 */
export async function assertAmountMatchesLines(tx: EntityManager, payoutId: number, amount: string): Promise<void> {
  const { sum, count } = await linesTotal(tx, payoutId);
  if (count > 0 && toMinor(sum) !== toMinor(amount)) {
    throw new ConflictException({
      ...coded('payout_lines_mismatch', `Utbetalingen har linjer: beløpet må være summen av dem (${sum})`, { sum }),
      errors: [{ field: 'amount', message: `Utbetalingen har linjer: beløpet må være summen av dem (${sum})` }],
    });
  }
}

/** The sign rule of a line's kind (LINE_SIGN): 400 payout_line_sign, with the row of an import when there is one. */
export function assertLineSign(kind: PayoutLineKind, amount: string, row?: number): void {
  const sign = LINE_SIGN.get(kind);
  const minor = toMinor(amount);
  if ((sign === 'positive' && minor < 0n) || (sign === 'negative' && minor > 0n)) {
    const message = sign === 'positive' ? `En linje av typen ${kind} kan ikke være negativ` : `En linje av typen ${kind} er et fradrag og føres som et negativt beløp`;
    throw new BadRequestException({
      ...coded('payout_line_sign', message, { kind, sign: sign!, ...(row === undefined ? {} : { row }) }),
      errors: [{ field: 'amount', message }],
    });
  }
}

/**
 * After a change to a payout's lines, in the same transaction: the payout's amount becomes their sum. A sum below
 * zero (400 payout_lines_negative) or beyond what a payout holds (400 payout_lines_too_large) is refused, and the
 * change with it. Without lines (the last removed) the amount stays as it was.
 */
export async function followLines(tx: EntityManager, payoutId: number, row?: number): Promise<string | null> {
  const { sum, count } = await linesTotal(tx, payoutId);
  if (count === 0) return null;
  const at: Record<string, number> = row === undefined ? {} : { row };
  if (toMinor(sum) < 0n) throw new BadRequestException(coded('payout_lines_negative', `Linjene summerer til ${sum}: en utbetaling kan ikke være negativ`, { sum, ...at }));
  if (toMinor(sum) > MAX_PAYOUT_MINOR) throw new BadRequestException(coded('payout_lines_too_large', `Linjene summerer til ${sum}, mer enn en utbetaling kan være`, { sum, ...at }));
  await tx.query('UPDATE payouts SET amount = $2, updated_at = now() WHERE id = $1', [payoutId, sum]);
  return sum;
}
