/**
 * Notification sounds (five names; a type plays its own or the default). The files are small WAVs served by the app from
 * /sounds (frontend/public/sounds, written by scripts/generate-sounds.mjs). A pushed notification plays its type's
 * sound unless the visitor muted them in the settings (stored in localStorage). Browsers may refuse playback (no
 * user gesture yet, no audio device); a failed playback settles after 1000 ms (docs/product/notifications.md#validation-and-limits) and is otherwise ignored.
 */
import { SOUND_MUTED_KEY } from '../../shared/preferenceKeys';
import type { AppNotification } from './types';

export const SOUND_NAMES = ['calendar-add', 'calendar-update', 'calendar-delete', 'collaboration', 'reminder'] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

/** What a type without a sound of its own plays: feed health, notes, account numbers, a new type of a domain. */
export const DEFAULT_SOUND: SoundName = 'reminder';

/**
 * The types that sound like something else than the reminder: bookings, meetings and appointments sound like the
 * calendar changes they are. A new notification type needs no entry here (docs/product/notifications.md#types); a
 * key that is no type fails the type check.
 */
export const SOUND_OF_TYPE = {
  event_created: 'calendar-add',
  event_updated: 'calendar-update',
  event_deleted: 'calendar-delete',
  collaboration_invite: 'collaboration',
  booking_new: 'calendar-add',
  booking_changed: 'calendar-update',
  booking_cancelled: 'calendar-delete',
  agreement_created: 'calendar-add',
  agreement_changed: 'calendar-update',
  agreement_cancelled: 'calendar-delete',
  case_assigned: 'calendar-update',
  case_closed: 'calendar-update',
  appointment_booked: 'calendar-add',
  appointment_cancelled: 'calendar-delete',
  appointment_owner_cancelled: 'calendar-delete',
  staff_appointment_cancelled: 'calendar-delete',
  stay_request_approved: 'calendar-update',
  stay_request_declined: 'calendar-delete',
} as const satisfies Partial<Record<AppNotification['type'], SoundName>>;

/** The sound of a notification's type: its own, or the default (a type the app does not know yet included). */
export function soundOfType(type: string): SoundName {
  return new Map<string, SoundName>(Object.entries(SOUND_OF_TYPE)).get(type) ?? DEFAULT_SOUND;
}

/** A sound playback failure completes after 1000 ms. */
export const SOUND_FAILURE_SETTLE_MS = 1000;

export function soundUrl(name: SoundName): string {
  return `${import.meta.env.BASE_URL}sounds/${name}.wav`;
}

/** Storage that throws (private mode, disabled) counts as not muted and remembers nothing. */
export function isSoundMuted(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(SOUND_MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSoundMuted(muted: boolean, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  try {
    if (muted) storage.setItem(SOUND_MUTED_KEY, '1');
    else storage.removeItem(SOUND_MUTED_KEY);
  } catch {
    // nothing to keep it in
  }
}

export type SoundOutcome = 'played' | 'muted' | 'failed';

export interface SoundDeps {
  storage: Pick<Storage, 'getItem'>;
  /** Starts playback of a URL; resolves when it started (HTMLMediaElement.play). */
  play: (url: string) => Promise<void>;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

const browserDeps = (): SoundDeps => ({
  storage: localStorage,
  play: (url) => new Audio(url).play(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
});

/**
 * Plays the sound of a notification's type. Resolves 'played' once playback started, 'muted' at once when muted,
 * and 'failed' SOUND_FAILURE_SETTLE_MS after the start when playback was refused, threw, or had not started by then.
 * It never rejects.
 */
export function playNotificationSound(type: string, deps: SoundDeps = browserDeps()): Promise<SoundOutcome> {
  if (isSoundMuted(deps.storage)) return Promise.resolve('muted');
  const name = soundOfType(type);
  return new Promise<SoundOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: SoundOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    deps.setTimeout(() => settle('failed'), SOUND_FAILURE_SETTLE_MS);
    let started: Promise<void>;
    try {
      started = deps.play(soundUrl(name));
    } catch {
      return; // the timer settles it
    }
    // A refusal waits for the timer: the failure completes after 1000 ms, not at once.
    started.then(() => settle('played')).catch(() => undefined);
  });
}
