/**
 * The calendar root's pointer and touch handlers: a click or tap on a day, a right-click or long press on one, and a
 * swipe between periods (docs/product/calendar.md#screens). Spread onto the element that holds FullCalendar.
 */
import { useRef, type MouseEvent, type PointerEvent, type TouchEvent } from 'react';
import { dayClickKeyAt, dayKeyAtPoint } from '../dayCells';
import { useLongPress } from './useLongPress';
import { useSwipe } from './useSwipe';

interface DayPointerOptions {
  onDayClick: (dateKey: string) => void;
  onDayContextMenu: (dateKey: string) => void;
  onPrev: () => void;
  onNext: () => void;
}

export function useDayPointer({ onDayClick, onDayContextMenu, onPrev, onNext }: DayPointerOptions) {
  const swipe = useSwipe(onPrev, onNext);
  const longPress = useLongPress(onDayContextMenu);

  // A click or tap on a day, not on what lies in it (FullCalendar's own dateClick needs its interaction plugin,
  // which the calendar does not load: nothing is dragged or selected). The day is the one under the pointer as it
  // went down: Chromium moves a tap's click a few pixels towards what looks clickable nearby, which at a cell's edge
  // can be the day above. Clicks in FullCalendar's '+n' popover reach here through React's portal and are left
  // out, as the popover is not inside the root element.
  const pointerDownAt = useRef<{ clientX: number; clientY: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    pointerDownAt.current = { clientX: event.clientX, clientY: event.clientY };
  };
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const point = pointerDownAt.current ?? event;
    pointerDownAt.current = null;
    const dateKey = dayClickKeyAt(event.currentTarget, { target: event.target, clientX: point.clientX, clientY: point.clientY });
    // The tap that ends a long press is part of it.
    if (!dateKey || longPress.justPressed()) return;
    onDayClick(dateKey);
  };

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    const dateKey = dayKeyAtPoint(event.currentTarget, event.clientX, event.clientY);
    if (!dateKey) return;
    event.preventDefault();
    if (longPress.claimContextMenu() === 'swallow') return;
    onDayContextMenu(dateKey);
  };

  return {
    onPointerDown,
    onClick,
    onContextMenu,
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      swipe.onTouchStart(event);
      longPress.onTouchStart(event);
    },
    onTouchMove: longPress.onTouchMove,
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      swipe.onTouchEnd(event);
      longPress.onTouchEnd(event);
    },
    onTouchCancel: longPress.onTouchCancel,
  };
}
