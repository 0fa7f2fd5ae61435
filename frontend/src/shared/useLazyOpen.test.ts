import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLazyOpen } from './useLazyOpen';

describe('useLazyOpen', () => {
  it('mounts nothing until the first show, then stays mounted while it opens and closes', () => {
    const { result } = renderHook(() => useLazyOpen());
    expect(result.current).toMatchObject({ open: false, mounted: false });
    act(() => result.current.show());
    expect(result.current).toMatchObject({ open: true, mounted: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ open: false, mounted: true });
    act(() => result.current.show());
    expect(result.current).toMatchObject({ open: true, mounted: true });
  });
});
