/** Date formats for the back office (docs/product/app.md#dates-and-times): the app's own (shared/dateFormats.ts). */
export { formatDateTime } from '../shared/dateFormats';
