/** The back office's name of the double-booking resource, also its API path (GET /api/conflicts). */
export const CONFLICTS_RESOURCE = 'conflicts';
