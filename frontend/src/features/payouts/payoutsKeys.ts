/**
 * The payouts' query keys: a year of the person's first property, or with the property's id after the year another's;
 * the prefix refreshes them all. A file of its own, beside payoutsApi.ts, because the manifest names them for the pushes
 * that refresh them and must not carry the payouts' calls into the shell.
 */
export const payoutsKeys = {
  /** Every year's read: the prefix a payout push refreshes. */
  all: ['/api/user/payouts'] as const,
  /** GET /api/user/payouts/year/{year}, of the first property or, with its id after the year, another. */
  year: (year: number, propertyId: number | null) => (propertyId === null ? (['/api/user/payouts', 'year', year] as const) : (['/api/user/payouts', 'year', year, propertyId] as const)),
  /** GET /api/user/payouts/{id}: one payout with its lines and the month's stays. */
  detail: (id: number) => ['/api/user/payouts', 'detail', id] as const,
};
