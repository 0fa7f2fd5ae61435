import { domainNotifications, notificationKinds, withId, type NotificationParams } from '../notifications/notification.types';
import { payoutAmount, payoutPeriod } from './payout-texts';

/**
 * The property's payouts at the payout's year, that payout marked (a year outside 2000–2100, a malformed property, is
 * left out).
 */
export const payoutLink = (p: NotificationParams) =>
  withId(p.payoutId, (id) => {
    const year = Number(p.year);
    const property = withId(p.propertyId, (propertyId) => `&property=${propertyId}`) ?? '';
    return Number.isInteger(year) && year >= 2000 && year <= 2100 ? `/payouts?year=${year}&payout=${id}${property}` : `/payouts?payout=${id}${property}`;
  });
const payoutOf = payoutLink;

/** Money of a property reaching its members who see money (docs/product/payouts-and-prices.md#notifications); the link opens that payout. */
const kinds = notificationKinds({
  payout_registered: {
    nb: { title: 'Ny utbetaling registrert', message: 'En utbetaling på {amount} for {period} er registrert.' },
    en: { title: 'New payout registered', message: 'A payout of {amount} for {period} was registered.' },
    target: payoutOf,
    example: { params: { amount: '850,50 NOK', period: '03.2027', payoutId: 5, year: 2027, propertyId: 4 }, link: '/payouts?year=2027&payout=5&property=4' },
  },
  payout_changed: {
    nb: { title: 'Utbetaling endret', message: 'Utbetalingen for {period} er endret: {amount}.' },
    en: { title: 'Payout changed', message: 'The payout for {period} was changed: {amount}.' },
    target: payoutOf,
    example: { params: { amount: '850,50 NOK', period: '03.2027', payoutId: 6, year: 2027, propertyId: 4 }, link: '/payouts?year=2027&payout=6&property=4' },
  },
  payout_paid: {
    nb: { title: 'Utbetaling betalt', message: '{amount} for {period} er utbetalt.' },
    en: { title: 'Payout paid', message: '{amount} for {period} has been paid out.' },
    target: payoutOf,
    example: { params: { amount: '850,50 NOK', period: '03.2027', payoutId: 7, year: 2027, propertyId: 4 }, link: '/payouts?year=2027&payout=7&property=4' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    payouts: typeof kinds;
  }
}

export const payoutsNotifications = domainNotifications({
  kinds,
  reactions: {
    // The property's members who see money are told; an admin is not told of their own act.
    'payouts.changed': async (e, n) => {
      const type = e.change === 'paid' ? 'payout_paid' : e.change === 'registered' ? 'payout_registered' : 'payout_changed';
      for (const member of e.members) {
        if (member === e.actorId) continue;
        await n.send(member, type, { amount: payoutAmount(e.amount, e.currency), period: payoutPeriod(e.year, e.month), payoutId: e.payoutId, year: e.year, propertyId: e.propertyId });
      }
    },
  },
});
