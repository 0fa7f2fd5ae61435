import type { DayCellInfo, MountInfo } from '@fullcalendar/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import type { MarkedDay } from '../../../api/types';
import { useDayCellAccess } from './useDayCellAccess';

const DAYS = ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-09'];
const mark: MarkedDay = { id: 1, userId: 7, date: '2025-06-03', markerType: 'busy', color: '#8b5cf6', notes: null };

const NO_CONFLICTS = new Set<string>();

/** Day cells mounted through the hook's FullCalendar handlers, as FullCalendar mounts its own. */
function Grid({ marks, onOpen, onMark }: { marks: MarkedDay[]; onOpen: (key: string) => void; onMark: (key: string) => void }) {
  const markedByDay = new Map(marks.map((m) => [m.date, [m]]));
  const access = useDayCellAccess({ markedByDay, conflictedDays: NO_CONFLICTS, onOpen, onMark });
  const root = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    if (mounted.current) return;
    mounted.current = true;
    for (const el of root.current!.querySelectorAll<HTMLElement>('[data-date]')) {
      const [y, m, d] = el.dataset.date!.split('-').map(Number);
      access.dayCellDidMount({ el, date: new Date(y, m - 1, d), isOther: false, isDisabled: false } as MountInfo<DayCellInfo>);
    }
  });
  return (
    <div ref={root} onKeyDown={access.onKeyDown} onFocus={access.onFocus}>
      <span id={access.hintId}>{access.hint}</span>
      {DAYS.map((key) => (
        <div key={key} role="cell" data-date={key}>
          {key}
        </div>
      ))}
    </div>
  );
}

function setUp(marks: MarkedDay[] = []) {
  const onOpen = vi.fn();
  const onMark = vi.fn();
  const view = render(<Grid marks={marks} onOpen={onOpen} onMark={onMark} />);
  const cell = (key: string) => screen.getByText(key);
  return { onOpen, onMark, cell, rerender: (next: MarkedDay[]) => view.rerender(<Grid marks={next} onOpen={onOpen} onMark={onMark} />) };
}

describe('day cells for the keyboard and screen readers', () => {
  it("gives the grid one tab stop, today's cell, and describes the keys", () => {
    const { cell } = setUp();
    // TEST_NOW is 2 June 2025.
    expect(DAYS.map((key) => cell(key).tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(cell('2025-06-02')).toHaveAccessibleDescription(i18n.t('calendar.dayKeyboardHint'));
  });

  it("opens a focused day with Enter, marks it with 'm', and moves with the arrows", () => {
    const { cell, onOpen, onMark } = setUp();
    cell('2025-06-02').focus();
    fireEvent.keyDown(cell('2025-06-02'), { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledExactlyOnceWith('2025-06-02');
    fireEvent.keyDown(cell('2025-06-02'), { key: 'm' });
    expect(onMark).toHaveBeenCalledExactlyOnceWith('2025-06-02');

    fireEvent.keyDown(cell('2025-06-02'), { key: 'ArrowDown' });
    expect(cell('2025-06-09')).toHaveFocus();
    expect(cell('2025-06-09').tabIndex).toBe(0);
    expect(cell('2025-06-02').tabIndex).toBe(-1);
    // No cell a week on: focus stays.
    fireEvent.keyDown(cell('2025-06-09'), { key: 'ArrowDown' });
    expect(cell('2025-06-09')).toHaveFocus();
  });

  it('names a marked day with its mark, and forgets it once the mark is gone', () => {
    const { cell, rerender } = setUp([mark]);
    expect(cell('2025-06-03')).toHaveAccessibleName('3. juni 2025 (markert: Opptatt)');
    rerender([]);
    expect(cell('2025-06-03')).not.toHaveAttribute('aria-label');
    rerender([mark]);
    expect(cell('2025-06-03')).toHaveAccessibleName('3. juni 2025 (markert: Opptatt)');
  });
});
