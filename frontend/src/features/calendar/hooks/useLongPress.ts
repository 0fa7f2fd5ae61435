/**
 * A long press on a day: a touch held LONG_PRESS_MS on a day cell without moving does what a
 * right-click does with a mouse, with a short vibration where the device has one. The touch that ends a long press
 * is not also a tap: `justPressed()` tells the day click to stand down, and the browser's own long-press
 * context menu (Android) is the same gesture, not a second one.
 */
import { useEffect, useRef, type TouchEvent } from 'react';
import { LONG_PRESS_MOVE_TOLERANCE_PX, LONG_PRESS_MS, LONG_PRESS_VIBRATION_MS } from '../constants';
import { dayKeyAtPoint } from '../dayCells';

/** How long after a long press the tap and context menu that follow it are still part of it. */
const AFTERMATH_MS = 1000;

export function useLongPress(onLongPress: (dateKey: string) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const pressedAt = useRef(Number.NEGATIVE_INFINITY);

  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  useEffect(() => cancel, []);

  const justPressed = () => Date.now() - pressedAt.current < AFTERMATH_MS;

  const onTouchStart = (e: TouchEvent) => {
    cancel();
    if (e.touches.length !== 1) return;
    const { clientX, clientY } = e.touches[0];
    const dateKey = dayKeyAtPoint(e.currentTarget, clientX, clientY);
    if (!dateKey) return;
    start.current = { x: clientX, y: clientY };
    timer.current = setTimeout(() => {
      timer.current = null;
      pressedAt.current = Date.now();
      if (typeof navigator.vibrate === 'function') navigator.vibrate(LONG_PRESS_VIBRATION_MS);
      onLongPress(dateKey);
    }, LONG_PRESS_MS);
  };

  const onTouchMove = (e: TouchEvent) => {
    if (!start.current) return;
    const dx = e.touches[0].clientX - start.current.x;
    const dy = e.touches[0].clientY - start.current.y;
    if (Math.hypot(dx, dy) > LONG_PRESS_MOVE_TOLERANCE_PX) cancel();
  };

  const onTouchEnd = (e: TouchEvent) => {
    cancel();
    // No click after the finger lifts: it would land on the dialog the long press opened.
    if (justPressed() && e.cancelable) e.preventDefault();
  };

  /**
   * The browser's context menu: after a long press it is the same gesture (swallowed); before one fires (Android
   * may be first) it takes the long press's place.
   */
  const claimContextMenu = (): 'swallow' | 'handle' => {
    if (justPressed()) return 'swallow';
    if (start.current) {
      // A finger is down: this is its long press, and its lifting must not click.
      cancel();
      pressedAt.current = Date.now();
    }
    return 'handle';
  };

  return { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: cancel, justPressed, claimContextMenu };
}
