/** SPEC §9 date formats for the back office: the app's own (shared/dateFormats.ts). */
export { formatDateTime } from '../shared/dateFormats';
