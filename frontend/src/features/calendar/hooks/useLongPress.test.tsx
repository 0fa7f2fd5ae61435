import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClock } from '../../../test/clock';
import { LONG_PRESS_MS, LONG_PRESS_VIBRATION_MS } from '../constants';
import { useLongPress } from './useLongPress';

/** A day cell as FullCalendar draws one, inside an element wired like the calendar's root. */
function Days({ onLongPress, onClick }: { onLongPress: (dateKey: string) => void; onClick: () => void }) {
  const press = useLongPress(onLongPress);
  return (
    <div
      onTouchStart={press.onTouchStart}
      onTouchMove={press.onTouchMove}
      onTouchEnd={press.onTouchEnd}
      onContextMenu={(e) => {
        e.preventDefault();
        if (press.claimContextMenu() === 'handle') onLongPress('context-menu');
      }}
      onClick={() => !press.justPressed() && onClick()}
    >
      <div role="cell" data-date="2025-07-10">
        <span>10</span>
      </div>
      <div role="cell">no day</div>
    </div>
  );
}

const touch = (x: number, y: number) => ({ touches: [{ clientX: x, clientY: y }], changedTouches: [{ clientX: x, clientY: y }] });

describe('a long press on a day', () => {
  let vibrate: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    installTestClock(['setTimeout', 'clearTimeout']);
    vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'vibrate');
  });

  function setUp() {
    const onLongPress = vi.fn();
    const onClick = vi.fn();
    const { container } = render(<Days onLongPress={onLongPress} onClick={onClick} />);
    // jsdom lays nothing out: the day is the 40 px square at the top left, the other cell the one below it.
    const cell = container.querySelector<HTMLElement>('[data-date]');
    if (cell) cell.getBoundingClientRect = () => new DOMRect(0, 0, 40, 40);
    return { onLongPress, onClick, day: screen.getByText('10') };
  }

  it('acts on the day after 500 ms held still, with a short vibration, and the lifting finger does not also tap', () => {
    const { onLongPress, onClick, day } = setUp();
    fireEvent.touchStart(day, touch(20, 20));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
    expect(onLongPress).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLongPress).toHaveBeenCalledExactlyOnceWith('2025-07-10');
    expect(vibrate).toHaveBeenCalledWith(LONG_PRESS_VIBRATION_MS);

    const end = fireEvent.touchEnd(day, touch(20, 20));
    expect(end, 'the touch end is cancelled, so no click follows').toBe(false);
    fireEvent.click(day);
    expect(onClick).not.toHaveBeenCalled();
    // Android's own long-press context menu is the same gesture.
    fireEvent.contextMenu(day);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('is a plain tap when the finger lifts early', () => {
    const { onLongPress, onClick, day } = setUp();
    fireEvent.touchStart(day, touch(20, 20));
    act(() => vi.advanceTimersByTime(200));
    expect(fireEvent.touchEnd(day, touch(20, 20))).toBe(true);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    fireEvent.click(day);
    expect(onLongPress).not.toHaveBeenCalled();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is a scroll or a swipe, not a press, once the finger moves', () => {
    const { onLongPress, day } = setUp();
    fireEvent.touchStart(day, touch(20, 20));
    fireEvent.touchMove(day, touch(20, 45));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(onLongPress).not.toHaveBeenCalled();
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('needs a day under the finger, and works without a vibrator', () => {
    const { onLongPress } = setUp();
    fireEvent.touchStart(screen.getByText('no day'), touch(5, 60));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(onLongPress).not.toHaveBeenCalled();

    Reflect.deleteProperty(navigator, 'vibrate');
    fireEvent.touchStart(screen.getByText('10'), touch(20, 20));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(onLongPress).toHaveBeenCalledExactlyOnceWith('2025-07-10');
  });

  it("takes the browser's context menu in its place when that comes first, once", () => {
    const { onLongPress, day } = setUp();
    fireEvent.touchStart(day, touch(20, 20));
    fireEvent.contextMenu(day);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(onLongPress).toHaveBeenCalledExactlyOnceWith('context-menu');
  });
});
