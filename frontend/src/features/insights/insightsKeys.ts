/**
 * The year view's query keys (docs/product/insights.md): a year of the person's first property or, with its id after
 * the year, another's; the prefix refreshes them all. A file of its own so the manifest can name them for the payout
 * pushes that refresh them without carrying the calls into the shell.
 */
export const insightsKeys = {
  all: ['/api/user/insights'] as const,
  year: (year: number, propertyId: number | null) => (propertyId === null ? (['/api/user/insights', year] as const) : (['/api/user/insights', year, propertyId] as const)),
};
