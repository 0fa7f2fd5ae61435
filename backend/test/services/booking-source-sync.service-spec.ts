import { DataSource } from 'typeorm';
import { BookingSourceSync } from '../../src/bookings/booking-source-sync.service';
import { ExternalBookingsService } from '../../src/bookings/external-bookings.service';
import { FeedSyncService } from '../../src/feeds/feed-sync.service';
import { FeedsService } from '../../src/feeds/feeds.service';
import { IcalFeed } from '../../src/feeds/ical-feed.entity';
import type { User } from '../../src/users/user.entity';
import { FeedServer, stays } from '../helpers/feed-server';
import { ServiceContext } from '../helpers/service-context';

const RANGE = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') };
const MINUTE = 60_000;

/**
 * The booking-source skeleton (docs/architecture.md "Booking sources") on the service, through the iCal adapter and a
 * local feed server: what a sync records on its source, when it backs off, what it skips, and when the owner hears of
 * a pull. The clock stands at 2026-06-01 12:00. Over HTTP: feeds.e2e-spec.ts, failing-sources.e2e-spec.ts.
 */
describe('BookingSourceSync', () => {
  let s: ServiceContext;
  let server: FeedServer;
  let owner: User;
  let n = 0;

  beforeAll(async () => {
    server = await new FeedServer().start();
    s = await ServiceContext.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true', FEED_SYNC_MINUTES: '15', FEED_TIMEOUT_SECONDS: '2' });
    owner = await s.createUser();
  });
  afterAll(async () => {
    await s.close();
    await server.stop();
  });

  async function feed(body: string, status = 200) {
    const path = `/feed-${++n}.ics`;
    const created = await s.get(FeedsService).create(owner, { name: `Feed ${n}`, url: server.serve(path, body, undefined, status) });
    const state = async () => (await s.get(DataSource).getRepository(IcalFeed).findOneByOrFail({ id: created.id })).sync;
    const stored = async () => (await s.get(ExternalBookingsService).listForProperty(created.propertyId, RANGE)).filter((b) => b.sourceId === created.id).map((b) => b.externalUid).sort();
    return { id: created.id, path, state, stored, serve: (next: string, code = 200) => server.serve(path, next, undefined, code) };
  }
  const sync = (id: number, options = {}) => s.get(FeedSyncService).sync(id, { force: true, ...options });

  it('records a success on the source, and tells the owner of a later pull that changed what is ahead, not of the first', async () => {
    const pulled = s.collect('bookings.pulled');
    const f = await feed(stays({ uid: 'a', start: '2026-06-10', end: '2026-06-12' }));
    expect(await sync(f.id)).toMatchObject({ status: 'updated', created: 1 });
    const now = s.clock.now();
    expect(await f.state()).toMatchObject({ lastSynced: now, lastAttemptAt: now, lastError: null, consecutiveFailures: 0, eventCount: 1, nextSyncAt: new Date(now.getTime() + 15 * MINUTE) });
    expect(pulled).toEqual([]);
    f.serve(stays({ uid: 'a', start: '2026-06-10', end: '2026-06-12' }, { uid: 'b', start: '2026-07-01', end: '2026-07-04' }));
    await sync(f.id);
    expect(pulled).toEqual([expect.objectContaining({ propertyId: (await s.propertyOf(owner)).id, members: [owner.id], sourceKind: 'ical', sourceId: f.id, sourceName: `Feed ${n}`, added: 1, changed: 0, cancelled: 0, firstStart: '2026-06-30T22:00:00.000Z' })]); // 1 July, midnight in Oslo
    expect(await f.stored()).toEqual(['a', 'b']);
  });

  it('records a failure without touching the stored bookings, backs off doubling, and a success clears it', async () => {
    const f = await feed(stays({ uid: 'kept', start: '2026-06-20', end: '2026-06-22' }));
    await sync(f.id);
    f.serve('Service Unavailable', 503);
    const now = s.clock.now();
    for (const [failures, minutes] of [[1, 15], [2, 30], [3, 60]]) {
      expect(await sync(f.id)).toMatchObject({ status: 'failed', errorCode: expect.any(String) });
      expect(await f.state()).toMatchObject({ consecutiveFailures: failures, lastAttemptAt: now, nextSyncAt: new Date(now.getTime() + minutes * MINUTE), lastError: expect.any(String) });
    }
    expect(await f.stored()).toEqual(['kept']);
    f.serve(stays({ uid: 'kept', start: '2026-06-20', end: '2026-06-22' }));
    await sync(f.id);
    expect(await f.state()).toMatchObject({ consecutiveFailures: 0, lastError: null, lastErrorCode: null, nextSyncAt: new Date(now.getTime() + 15 * MINUTE) });
  });

  it('skips a switched-off source unless forced, and a queued sync of a source no longer due', async () => {
    const f = await feed(stays({ uid: 'x', start: '2026-06-10', end: '2026-06-12' }));
    await s.get(DataSource).getRepository(IcalFeed).update({ id: f.id }, { enabled: false });
    expect(await sync(f.id, { force: false })).toMatchObject({ status: 'skipped', skipped: 'disabled' });
    expect(server.requestsTo(f.path)).toHaveLength(0);
    expect(await sync(f.id)).toMatchObject({ status: 'updated' });
    await s.get(DataSource).getRepository(IcalFeed).update({ id: f.id }, { enabled: true });
    // Just synced: its next sync is 15 minutes ahead, so the scheduler's queued job finds nothing to do.
    expect(await sync(f.id, { force: false, dueOnly: true })).toMatchObject({ status: 'skipped', skipped: 'not-due' });
    expect(server.requestsTo(f.path)).toHaveLength(1);
  });

  it('runs one sync of a source at a time: another finds it busy, or waits for it', async () => {
    const f = await feed(stays({ uid: 'y', start: '2026-06-10', end: '2026-06-12' }));
    await sync(f.id);
    server.hang(f.path);
    const first = sync(f.id);
    // The first holds the source's lock while its fetch hangs (until the 2 s time-out).
    while (server.requestsTo(f.path).length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await s.get(BookingSourceSync).sync(s.get(FeedSyncService), f.id, { force: true })).toEqual({ status: 'skipped', skipped: 'busy' });
    const waiting = s.get(BookingSourceSync).sync(s.get(FeedSyncService), f.id, { force: true, waitMs: 10_000 });
    expect(await first).toMatchObject({ status: 'failed' });
    expect((await waiting).status).toBe('failed');
    expect(server.requestsTo(f.path)).toHaveLength(3);
  });
});
