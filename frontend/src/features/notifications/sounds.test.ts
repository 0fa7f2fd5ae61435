import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOUND_MUTED_KEY } from '../../shared/preferenceKeys';
import { DEFAULT_SOUND, isSoundMuted, playNotificationSound, setSoundMuted, SOUND_FAILURE_SETTLE_MS, SOUND_NAMES, SOUND_OF_TYPE, soundOfType, type SoundDeps } from './sounds';

function deps(play: SoundDeps['play']): SoundDeps {
  return { storage: localStorage, play, setTimeout: (fn, ms) => setTimeout(fn, ms) };
}

/** Settles the outcome's promise into a box, so a test can see whether it has settled yet. */
function track<T>(promise: Promise<T>): { value?: T } {
  const box: { value?: T } = {};
  void promise.then((v) => (box.value = v));
  return box;
}

describe('notification sounds', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('names one of the five sounds for every type, the reminder for a type without its own', () => {
    expect(new Set([...Object.values(SOUND_OF_TYPE), DEFAULT_SOUND])).toEqual(new Set(SOUND_NAMES));
    expect(soundOfType('event_created')).toBe('calendar-add');
    expect(soundOfType('collaboration_invite')).toBe('collaboration');
    expect(soundOfType('system')).toBe('reminder');
    expect(soundOfType('feed_failing')).toBe('reminder');
    // A type added on the server after this build, and a name that is only an object's property.
    expect(soundOfType('inspection_due')).toBe('reminder');
    expect(soundOfType('constructor')).toBe('reminder');
  });

  it("plays the default sound for a type without one of its own", async () => {
    const play = vi.fn(() => Promise.resolve());
    await expect(playNotificationSound('two_factor_reset', deps(play))).resolves.toBe('played');
    expect(play).toHaveBeenCalledWith('/sounds/reminder.wav');
  });

  it('plays the type\'s file unless muted; the mute switch is kept in localStorage', async () => {
    const play = vi.fn(() => Promise.resolve());
    await expect(playNotificationSound('event_deleted', deps(play))).resolves.toBe('played');
    expect(play).toHaveBeenCalledWith('/sounds/calendar-delete.wav');

    setSoundMuted(true);
    expect(localStorage.getItem(SOUND_MUTED_KEY)).toBe('1');
    expect(isSoundMuted()).toBe(true);
    await expect(playNotificationSound('event_created', deps(play))).resolves.toBe('muted');
    expect(play).toHaveBeenCalledTimes(1);

    setSoundMuted(false);
    expect(localStorage.getItem(SOUND_MUTED_KEY)).toBeNull();
    await expect(playNotificationSound('event_created', deps(play))).resolves.toBe('played');
    expect(play).toHaveBeenLastCalledWith('/sounds/calendar-add.wav');
  });

  it('a refused playback settles as failed after 1000 ms, not before', async () => {
    const outcome = track(playNotificationSound('system', deps(() => Promise.reject(new DOMException('not allowed', 'NotAllowedError')))));
    await vi.advanceTimersByTimeAsync(SOUND_FAILURE_SETTLE_MS - 1);
    expect(outcome.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.value).toBe('failed');
  });

  it('a playback that throws, or never starts, settles as failed after 1000 ms too', async () => {
    const thrown = track(playNotificationSound('system', deps(() => { throw new Error('no audio'); })));
    const hanging = track(playNotificationSound('system', deps(() => new Promise<void>(() => undefined))));
    await vi.advanceTimersByTimeAsync(999);
    expect([thrown.value, hanging.value]).toEqual([undefined, undefined]);
    await vi.advanceTimersByTimeAsync(1);
    expect([thrown.value, hanging.value]).toEqual(['failed', 'failed']);
  });

  it('storage that throws counts as not muted', () => {
    const broken = { getItem: () => { throw new Error('denied'); } };
    expect(isSoundMuted(broken)).toBe(false);
  });
});
