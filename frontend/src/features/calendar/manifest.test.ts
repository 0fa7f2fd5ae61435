// @vitest-environment node
/**
 * The home page's read ahead, against a real local HTTP server: as the signed-in app opens on the calendar, the
 * phone's first window is asked for before the calendar's code has run; where the calendar alone knows its window
 * (a link's date, a desktop's three months), nothing is read ahead.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import { startApiForApp } from '../../test/renderWithApi';
import { manifest } from './manifest';
import { calendarKeys } from './calendarApi';
import { monthGridRange } from './neighbourWindows';

let api: LocalApi | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await api?.close();
  api = undefined;
});

const home = manifest.routes!.find((route) => route.home)!;
const WINDOW = { events: [], markedDays: [], feedEvents: [], conflicts: [] };

async function readAhead(opened: { isMobile: boolean; search: string }) {
  api = await startApiForApp((req) => (req.path === '/api/calendar-window' ? { json: WINDOW } : undefined));
  const queryClient = new QueryClient();
  home.readAhead!(queryClient, { userId: 7, ...opened });
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return queryClient;
}

describe("the calendar's read ahead", () => {
  it("reads the phone's first window, today's month grid", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 30, 12) });
    const queryClient = await readAhead({ isMobile: true, search: '' });
    expect(api!.requests.map((r) => r.path)).toEqual(['/api/calendar-window']);
    expect(queryClient.getQueryData(calendarKeys.window.range(monthGridRange(2026, 10)))).toEqual(WINDOW);
  });

  it("reads nothing where the calendar alone knows its window (a link's date, a desktop's three months)", async () => {
    await readAhead({ isMobile: true, search: 'date=2027-03-04' });
    expect(api!.requests).toEqual([]);
    await api!.close();
    await readAhead({ isMobile: false, search: '' });
    expect(api!.requests).toEqual([]);
  });
});
