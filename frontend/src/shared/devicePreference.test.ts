import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseDevicePreference, resolveIsMobile, useDevicePreference } from './devicePreference';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('device preference', () => {
  it('auto means mobile up to and including 640 px', () => {
    expect(resolveIsMobile('auto', 320)).toBe(true);
    expect(resolveIsMobile('auto', 640)).toBe(true);
    expect(resolveIsMobile('auto', 641)).toBe(false);
    expect(resolveIsMobile('mobile', 1920)).toBe(true);
    expect(resolveIsMobile('desktop', 320)).toBe(false);
  });

  it('reads unknown stored values as auto', () => {
    expect(parseDevicePreference(null)).toBe('auto');
    expect(parseDevicePreference('tablet')).toBe('auto');
    expect(parseDevicePreference('desktop')).toBe('desktop');
  });

  it('follows the window width in auto and stores an explicit choice', () => {
    resizeTo(1024);
    const { result } = renderHook(() => useDevicePreference());
    expect(result.current).toMatchObject({ preference: 'auto', isMobile: false });

    act(() => resizeTo(600));
    expect(result.current.isMobile).toBe(true);

    act(() => result.current.setPreference('desktop'));
    expect(result.current).toMatchObject({ preference: 'desktop', isMobile: false });
    expect(localStorage.getItem('devicePreference')).toBe('desktop');

    act(() => result.current.setPreference('auto'));
    expect(result.current.isMobile).toBe(true);
  });
});
