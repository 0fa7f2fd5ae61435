/**
 * The owner's year in figures (docs/product/insights.md#the-figures), as pure functions of a year's stays by their
 * nights and its payouts: no clock and no database. Nights are dates in the property's time zone (the stays arrive
 * so); amounts are decimal strings, summed and divided in øre as bigint, never as floats.
 */
import { fromMinor, toMinor } from '../common/money';
import { nightsOfYear, type StayNights } from '../stays/stays.types';
import type { PayoutStatus } from './payout.entity';

const DAY_MS = 86_400_000;

/** A guest's stay and the channel it came through. */
export interface ChannelStay {
  stay: StayNights;
  channel: string;
}

/** A payout as the figures read it: its month, amount (decimal text) and status (an offset counts as a minus). */
export interface PayoutAmount {
  month: number;
  amount: string;
  status: PayoutStatus;
}

/** What the figures are made of: the owners' stays, the guests' stays and the payouts; `money` false leaves money out. */
export interface YearInput {
  year: number;
  owner: readonly StayNights[];
  guests: readonly ChannelStay[];
  payouts: readonly PayoutAmount[] | null;
}

/** The nights of a period (a year or a month) and what became of them. */
export interface NightFigures {
  /** The period's nights that the owners did not use: what could be let (366 in a leap year without owner stays). */
  nightsAvailable: number;
  /** The nights guests booked, each date once however many bookings hold it. */
  nightsBooked: number;
  /** The nights of the owners' own stays. */
  ownerNights: number;
  /**
   * The booked nights among the available ones over the available nights, 0–1 to four decimals; null when the owners
   * used every night.
   */
  occupancy: number | null;
  /** The payouts' net (an offset subtracted), a decimal string; null without money. */
  payoutTotal: string | null;
}

export interface MonthFigures extends NightFigures {
  month: number;
}

export interface YearFigures extends NightFigures {
  year: number;
  /** Booked nights per channel; a night two channels hold counts for the first stay read that holds it. */
  nightsByChannel: Record<string, number>;
  /** payoutTotal over nightsBooked, rounded half up to the øre; null without money or booked nights. */
  payoutPerBookedNight: string | null;
  /** January to December. */
  byMonth: MonthFigures[];
}

/** The month (1-12) of a night given as a day number. */
const monthOf = (night: number) => new Date(night * DAY_MS).getUTCMonth() + 1;

/** The number of nights (dates) in a month of a year: 29 in a leap February. */
export const nightsInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** a / b to four decimals, rounded half up, from integers; null when b is 0. */
export function ratio(a: number, b: number): number | null {
  if (b === 0) return null;
  return Math.round((a * 10000) / b) / 10000;
}

/** An amount over a count, rounded half up (away from zero) to the øre; null for a count of 0. */
export function perNight(total: string, nights: number): string | null {
  if (nights === 0) return null;
  const minor = toMinor(total);
  const n = BigInt(nights);
  const abs = minor < 0n ? -minor : minor;
  const rounded = (abs * 2n + n) / (2n * n);
  return fromMinor(minor < 0n ? -rounded : rounded);
}

/** A payout's part of a net: an offset is money kept back, so it subtracts. */
const signed = (p: PayoutAmount) => (p.status === 'offset' ? -toMinor(p.amount) : toMinor(p.amount));

/** The figures of one year: the year's and each month's. */
export function yearFigures({ year, owner, guests, payouts }: YearInput): YearFigures {
  const ownerNights = new Set(owner.flatMap((s) => nightsOfYear(s, year)));
  // Each booked date once, with the channel of the first stay that holds it.
  const booked = new Map<number, string>();
  for (const g of guests) for (const night of nightsOfYear(g.stay, year)) if (!booked.has(night)) booked.set(night, g.channel);

  const byMonth: MonthFigures[] = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, nightsAvailable: nightsInMonth(year, i + 1), nightsBooked: 0, ownerNights: 0, occupancy: null, payoutTotal: null }));
  const bookedAvailable = new Array<number>(12).fill(0);
  for (const night of ownerNights) {
    byMonth[monthOf(night) - 1].ownerNights++;
    byMonth[monthOf(night) - 1].nightsAvailable--;
  }
  // A Map: channel names come from outside ('constructor' must count as a channel, docs/api.md "Input that names things").
  const nightsByChannel = new Map<string, number>();
  for (const [night, channel] of booked) {
    byMonth[monthOf(night) - 1].nightsBooked++;
    if (!ownerNights.has(night)) bookedAvailable[monthOf(night) - 1]++;
    nightsByChannel.set(channel, (nightsByChannel.get(channel) ?? 0) + 1);
  }
  const monthMinor = new Array<bigint>(12).fill(0n);
  for (const p of payouts ?? []) monthMinor[p.month - 1] += signed(p);
  for (const m of byMonth) {
    m.occupancy = ratio(bookedAvailable[m.month - 1], m.nightsAvailable);
    m.payoutTotal = payouts ? fromMinor(monthMinor[m.month - 1]) : null;
  }

  const nightsAvailable = byMonth.reduce((sum, m) => sum + m.nightsAvailable, 0);
  const nightsBooked = booked.size;
  const payoutTotal = payouts ? fromMinor(monthMinor.reduce((a, b) => a + b, 0n)) : null;
  return {
    year,
    nightsAvailable,
    nightsBooked,
    ownerNights: ownerNights.size,
    occupancy: ratio(bookedAvailable.reduce((a, b) => a + b, 0), nightsAvailable),
    nightsByChannel: Object.fromEntries([...nightsByChannel].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))),
    payoutTotal,
    payoutPerBookedNight: payoutTotal === null ? null : perNight(payoutTotal, nightsBooked),
    byMonth,
  };
}

/** A member's share (a percent, numeric(5,2) text) of an amount, rounded half up to the øre. */
export function shareOf(amount: string, share: string): string {
  const minor = toMinor(amount) * toMinor(share);
  const abs = minor < 0n ? -minor : minor;
  const rounded = (abs + 5000n) / 10000n;
  return fromMinor(minor < 0n ? -rounded : rounded);
}
