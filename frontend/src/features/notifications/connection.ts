/**
 * Whether the /ws push is up, for screens that fall back to polling while it is down (the 3 s for case
 * messages stays only as that fallback). One value for the page; useNotificationSocket sets it.
 */
import { useSyncExternalStore } from 'react';

let connected = false;
const listeners = new Set<() => void>();

export function setSocketConnected(value: boolean): void {
  if (value === connected) return;
  connected = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribe, () => connected);
}

/** A query's refetchInterval: none while the socket pushes changes, `ms` while it is down. */
export function useFallbackPolling(ms: number): number | false {
  return useSocketConnected() ? false : ms;
}
