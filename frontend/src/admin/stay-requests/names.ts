/** The back office's name of the stay requests resource, also its API path (/api/admin/stay-requests). */
export const STAY_REQUESTS_RESOURCE = 'stay-requests';
