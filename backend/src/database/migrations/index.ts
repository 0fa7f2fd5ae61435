import { Accounts1763800000000 } from './1763800000000-accounts';
import { Calendar1763900000000 } from './1763900000000-calendar';
import { Feeds1764000000000 } from './1764000000000-feeds';
import { ScheduledJobs1764100000000 } from './1764100000000-scheduled-jobs';
import { FeedSyncSafety1764300000000 } from './1764300000000-feed-sync-safety';
import { CalendarPollIndexes1764400000000 } from './1764400000000-calendar-poll-indexes';
import { ExternalBookings1764500000000 } from './1764500000000-external-bookings';
import { SyncMessageCodes1764600000000 } from './1764600000000-sync-message-codes';
import { OutboxAndFiles1764700000000 } from './1764700000000-outbox-and-files';
import { CalendarVersions1764800000000 } from './1764800000000-calendar-versions';
import { Notifications1764900000000 } from './1764900000000-notifications';
import { RateLimitHits1764950000000 } from './1764950000000-rate-limit-hits';
import { FeedFailingNotified1765000000000 } from './1765000000000-feed-failing-notified';
import { Beds241765100000000 } from './1765100000000-beds24';
import { PayoutsAndPrices1765200000000 } from './1765200000000-payouts-and-prices';
import { Agreements1765300000000 } from './1765300000000-agreements';
import { SystemSettings1765400000000 } from './1765400000000-system-settings';
import { Cases1765500000000 } from './1765500000000-cases';
import { BackupsAndGamification1765600000000 } from './1765600000000-backups-and-gamification';
import { FileChunks1765650000000 } from './1765650000000-file-chunks';
import { ExternalBookingNotes1765710000000 } from './1765710000000-external-booking-notes';
import { UserSearch1765720000000 } from './1765720000000-user-search';
import { BookingSourceState1765730000000 } from './1765730000000-booking-source-state';
import { Appointments1765800000000 } from './1765800000000-appointments';
import { BookingConflicts1765740000000 } from './1765740000000-booking-conflicts';
import { CalendarWindowVersions1765810000000 } from './1765810000000-calendar-window-versions';
import { Trust1765820000000 } from './1765820000000-trust';

/** Every migration, in order. Run at boot; `synchronize` is never on. */
export const migrations = [
  Accounts1763800000000,
  Calendar1763900000000,
  Feeds1764000000000,
  ScheduledJobs1764100000000,
  FeedSyncSafety1764300000000,
  CalendarPollIndexes1764400000000,
  ExternalBookings1764500000000,
  SyncMessageCodes1764600000000,
  OutboxAndFiles1764700000000,
  CalendarVersions1764800000000,
  Notifications1764900000000,
  RateLimitHits1764950000000,
  FeedFailingNotified1765000000000,
  Beds241765100000000,
  PayoutsAndPrices1765200000000,
  Agreements1765300000000,
  SystemSettings1765400000000,
  Cases1765500000000,
  BackupsAndGamification1765600000000,
  FileChunks1765650000000,
  ExternalBookingNotes1765710000000,
  UserSearch1765720000000,
  BookingSourceState1765730000000,
  Appointments1765800000000,
  BookingConflicts1765740000000,
  CalendarWindowVersions1765810000000,
  Trust1765820000000,
];
