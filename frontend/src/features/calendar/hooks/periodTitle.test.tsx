/** The toolbar's title of the dates on screen: set from FullCalendar's report, drawn by the one line that reads it. */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPeriodTitle, usePeriodTitle, type PeriodTitle } from './periodTitle';

describe('the period title', () => {
  it('tells its readers of a new title only', () => {
    const title = createPeriodTitle();
    let told = 0;
    title.subscribe(() => told++);
    title.set('november 2026');
    title.set('november 2026');
    title.set('desember 2026');
    expect(told).toBe(2);
    expect(title.get()).toBe('desember 2026');
  });

  it('redraws the line that reads it, and only that', () => {
    const title = createPeriodTitle();
    let pageRenders = 0;
    const Line = ({ periodTitle }: { periodTitle: PeriodTitle }) => <h2>{usePeriodTitle(periodTitle)}</h2>;
    function Page() {
      pageRenders++;
      return <Line periodTitle={title} />;
    }
    render(<Page />);
    act(() => title.set('november 2026'));
    expect(screen.getByRole('heading')).toHaveTextContent('november 2026');
    expect(pageRenders).toBe(1);
  });
});
