/**
 * The title FullCalendar gives the dates on screen ('november 2026'), kept outside React state: FullCalendar reports it
 * while React commits a move, and as page state it would draw the whole calendar page again before the browser could
 * paint the new month. Held here, only the toolbar's title line draws it, in the same frame as the month.
 */
import { useSyncExternalStore } from 'react';

export interface PeriodTitle {
  get(): string;
  set(title: string): void;
  subscribe(listener: () => void): () => void;
}

export function createPeriodTitle(): PeriodTitle {
  let title = '';
  const listeners = new Set<() => void>();
  return {
    get: () => title,
    set(next) {
      if (next === title) return;
      title = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The current title; the component that reads it redraws alone when it changes. */
export function usePeriodTitle(periodTitle: PeriodTitle): string {
  return useSyncExternalStore(periodTitle.subscribe, periodTitle.get, periodTitle.get);
}
