/**
 * Device view preference (docs/product/app.md#layout-and-devices): 'auto', 'mobile' or 'desktop', kept in localStorage 'devicePreference'.
 * In auto the mobile layout is used while the viewport is at most 640 px wide, following resizes.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { DEVICE_PREFERENCE_KEY } from './preferenceKeys';

export type DevicePreference = 'auto' | 'mobile' | 'desktop';
export const DEVICE_PREFERENCES: readonly DevicePreference[] = ['auto', 'mobile', 'desktop'];
export const MOBILE_BREAKPOINT_PX = 640;

export function parseDevicePreference(value: string | null): DevicePreference {
  return value === 'mobile' || value === 'desktop' ? value : 'auto';
}

export function resolveIsMobile(preference: DevicePreference, viewportWidth: number): boolean {
  if (preference === 'auto') return viewportWidth <= MOBILE_BREAKPOINT_PX;
  return preference === 'mobile';
}

// The preference is shared by every component through this tiny store, so changing it on one screen re-renders all.
const listeners = new Set<() => void>();

function readStoredPreference(): DevicePreference {
  try {
    return parseDevicePreference(localStorage.getItem(DEVICE_PREFERENCE_KEY));
  } catch {
    return 'auto';
  }
}

let current: DevicePreference | undefined;
const readPreference = (): DevicePreference => (current ??= readStoredPreference());

export function setDevicePreference(preference: DevicePreference): void {
  current = preference;
  try {
    localStorage.setItem(DEVICE_PREFERENCE_KEY, preference);
  } catch {
    // Storage disabled: the choice holds for this page only.
  }
  listeners.forEach((notify) => notify());
}

function subscribePreference(notify: () => void) {
  listeners.add(notify);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DEVICE_PREFERENCE_KEY) return;
    current = parseDevicePreference(event.newValue);
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The viewport's width, read once and then on each resize. Reading `window.innerWidth` while the page holds changes
 * not yet laid out makes the browser lay the page out there and then, and React reads a store on every render and
 * again after every commit: on a phone's first calendar that was a dozen forced layouts.
 */
let width: number | undefined;
function readWidth(): number {
  if (width === undefined) {
    width = window.innerWidth;
    // Ahead of any subscriber's listener (added later), so each one reads the new width.
    window.addEventListener('resize', () => (width = window.innerWidth));
  }
  return width;
}

function subscribeWidth(notify: () => void) {
  readWidth();
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
}

export function useDevicePreference() {
  // The server snapshots serve the login page prerendered at build time, where there is no window: 'auto', wide.
  const preference = useSyncExternalStore(subscribePreference, readPreference, () => 'auto' as const);
  const width = useSyncExternalStore(subscribeWidth, readWidth, () => Number.POSITIVE_INFINITY);
  const setPreference = useCallback((next: DevicePreference) => setDevicePreference(next), []);
  return { preference, setPreference, isMobile: resolveIsMobile(preference, width) };
}
