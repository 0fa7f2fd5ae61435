/**
 * The list and the request's page as one lazy chunk: as two, each reached a different share of react-admin's
 * modules, and the build split the shared chunks of the back office's first screen finer to serve both (about 1 kB
 * more on it; docs/development.md, size budget).
 */
export { StayRequestList } from './StayRequestList';
export { StayRequestShow } from './StayRequestShow';
