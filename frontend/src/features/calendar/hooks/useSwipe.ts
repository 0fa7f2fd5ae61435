/** A horizontal swipe of more than 50 px changes the period (left: next, right: previous). */
import { useRef, type TouchEvent } from 'react';
import { SWIPE_THRESHOLD_PX } from '../constants';

export function useSwipe(onPrev: () => void, onNext: () => void) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    touchStart.current = { x: e.touches[0].clientX, y: e.touches[0].clientY };
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    if (!start) return;
    const dx = e.changedTouches[0].clientX - start.x;
    const dy = e.changedTouches[0].clientY - start.y;
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0) onNext();
    else onPrev();
  };
  return { onTouchStart, onTouchEnd };
}
