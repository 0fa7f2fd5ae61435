/** The payouts page's sums, in integer øre (shared/money): the four cards and the twelve months. */
import { sumOre, toOre } from '../../shared/money';
import type { Payout, PayoutStatus } from './types';

export interface YearSummary {
  /** Everything registered, offsets subtracted. */
  net: bigint;
  /** Paid plus sent. */
  paidOut: bigint;
  pending: bigint;
  /** What was offset, as a positive remainder (shown negative). */
  offset: bigint;
}

/** An amount as it counts toward the net: an offset is taken away. */
const signed = (p: Payout) => (p.status === 'offset' ? -toOre(p.amount) : toOre(p.amount));
const ofStatus = (payouts: Payout[], ...statuses: PayoutStatus[]) => sumOre(payouts.filter((p) => statuses.includes(p.status)).map((p) => toOre(p.amount)));

export function summarize(payouts: Payout[]): YearSummary {
  return {
    net: sumOre(payouts.map(signed)),
    paidOut: ofStatus(payouts, 'paid', 'sent'),
    pending: ofStatus(payouts, 'pending'),
    offset: ofStatus(payouts, 'offset'),
  };
}

export interface MonthSummary {
  month: number;
  /** The month's net: its payouts (corrections included), offsets subtracted. */
  total: bigint;
  statuses: PayoutStatus[];
  notes: string[];
  count: number;
}

/** Months 1-12, each with its payouts' net, their distinct statuses and notes. */
export function byMonth(payouts: Payout[]): MonthSummary[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const own = payouts.filter((p) => p.month === month);
    return {
      month,
      total: sumOre(own.map(signed)),
      statuses: [...new Set(own.map((p) => p.status))],
      notes: own.map((p) => p.notes).filter((n): n is string => !!n),
      count: own.length,
    };
  });
}
