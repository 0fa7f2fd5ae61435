import { beforeEach, describe, expect, it } from 'vitest';
import { BUILD_VERSION_KEY, clearStorageOncePerVersion, isKeptKey } from './storage';

const keysOf = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort();

describe('startup storage clearing', () => {
  beforeEach(() => {
    for (const storage of [localStorage, sessionStorage]) {
      storage.setItem('language', 'en');
      storage.setItem('devicePreference', 'mobile');
      storage.setItem('theme', 'light');
      storage.setItem('theme-scheme-light', 'light');
      storage.setItem('connect.sid.backup', 'x');
      storage.setItem('my-auth-token', 'x');
      storage.setItem('user-session-id', 'x');
      storage.setItem('calendarView', 'week');
      storage.setItem('REACT_QUERY_OFFLINE_CACHE', '{}');
    }
  });

  it('keeps preferences, session markers and the version key; nothing else', () => {
    expect(['language', 'devicePreference', 'theme', 'theme-scheme-light', BUILD_VERSION_KEY].every(isKeptKey)).toBe(true);
    expect(['a-connect.sid', 'auth-token', 'x-user-session-y'].every(isKeptKey)).toBe(true);
    expect(['languages', 'calendarView', 'themeColor', 'devicepreference'].some(isKeptKey)).toBe(false);
  });

  it('clears both storages on a new build and records the build', () => {
    expect(clearStorageOncePerVersion('v2', localStorage, sessionStorage)).toBe(true);
    const kept = ['connect.sid.backup', 'devicePreference', 'language', 'my-auth-token', 'theme', 'theme-scheme-light', 'user-session-id'];
    expect(keysOf(localStorage)).toEqual([BUILD_VERSION_KEY, ...kept].sort());
    expect(keysOf(sessionStorage)).toEqual(kept);
    expect(localStorage.getItem(BUILD_VERSION_KEY)).toBe('v2');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('leaves storage alone while the build stays the same', () => {
    clearStorageOncePerVersion('v2', localStorage, sessionStorage);
    localStorage.setItem('calendarView', 'day');
    expect(clearStorageOncePerVersion('v2', localStorage, sessionStorage)).toBe(false);
    expect(localStorage.getItem('calendarView')).toBe('day');
    expect(clearStorageOncePerVersion('v3', localStorage, sessionStorage)).toBe(true);
    expect(localStorage.getItem('calendarView')).toBeNull();
  });
});
