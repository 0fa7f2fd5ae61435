/**
 * The app's own date fields (docs/product/app.md#dates-and-times): dd.MM.yyyy and 24-hour HH:mm in nb and in en, typed from
 * the keyboard section by section, with the value the forms already sent (a 'YYYY-MM-DD' key, or a Date).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { findDateGroup, findDateInput } from '../../test/dateFields';
import { DateField, DateTimeField, INVALID_DATE_KEY } from './DateField';

function DateProbe({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Dato" value={value} onChange={setValue} />
      <output aria-label="value">{value}</output>
    </>
  );
}

function DateTimeProbe({ initial }: { initial: Date | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField label="Tid" value={value} onChange={setValue} />
      <output aria-label="value">{value ? value.toString() : 'none'}</output>
    </>
  );
}

// hidden: a modal picker hides the rest of the page from the accessibility tree while it is open.
const shownValue = () => screen.getByRole('status', { name: 'value', hidden: true }).textContent;

describe('DateField', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
  });
  afterEach(async () => {
    await i18n.changeLanguage('nb');
  });

  it('shows dd.MM.yyyy and takes a date typed from the keyboard (24.12.2026) as a YYYY-MM-DD key', async () => {
    const user = userEvent.setup();
    render(<DateProbe initial="2026-07-01" />);
    expect(await findDateInput('Dato')).toHaveValue('01.07.2026');
    await user.click(within(await findDateGroup('Dato')).getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('24122026');
    expect(shownValue()).toBe('2026-12-24');
    expect(await findDateInput('Dato')).toHaveValue('24.12.2026');
  });

  it('shows dd.MM.yyyy in English too, with English names and weeks from Monday in the calendar', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    render(<DateProbe initial="2026-07-01" />);
    expect(await findDateInput('Dato')).toHaveValue('01.07.2026');
    const group = await findDateGroup('Dato');
    expect(within(group).getByRole('spinbutton', { name: 'Day' })).toHaveTextContent('01');
    await user.click(within(group).getByRole('button', { name: /Choose date/ }));
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByText('July 2026')).toBeInTheDocument();
    const weekdays = within(calendar).getAllByRole('columnheader').map((header) => header.getAttribute('aria-label'));
    expect(weekdays[0]).toBe('Monday');
  });

  it('writes Norwegian month names in the calendar in nb', async () => {
    const user = userEvent.setup();
    render(<DateProbe initial="2026-07-01" />);
    await user.click(within(await findDateGroup('Dato')).getByRole('button', { name: /Velg dato/ }));
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByText('juli 2026')).toBeInTheDocument();
    await user.click(within(calendar).getByRole('gridcell', { name: '15' }));
    expect(shownValue()).toBe('2026-07-15');
  });

  it('gives INVALID_DATE_KEY while a section is cleared and keeps the rest of what was typed', async () => {
    const user = userEvent.setup();
    render(<DateProbe initial="2026-07-01" />);
    const group = await findDateGroup('Dato');
    await user.click(within(group).getByRole('spinbutton', { name: 'År' }));
    await user.keyboard('{Backspace}');
    expect(shownValue()).toBe(INVALID_DATE_KEY);
    expect(within(group).getByRole('spinbutton', { name: 'Dag' })).toHaveTextContent('01');
    expect(within(group).getByRole('spinbutton', { name: 'Måned' })).toHaveTextContent('07');
    await user.keyboard('2027');
    expect(shownValue()).toBe('2027-07-01');
  });
});

describe('DateField on a touch screen', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
    // A phone: no fine pointer, so the pickers take their mobile form (a full dialog with OK and Avbryt).
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('opens the calendar as a dialog with OK and Avbryt, which puts the date back', async () => {
    const user = userEvent.setup();
    render(<DateProbe initial="2026-07-01" />);
    const group = await findDateGroup('Dato');
    await user.click(within(group).getByRole('button', { name: /Velg dato/ }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('gridcell', { name: '15' }));
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownValue()).toBe('2026-07-01');

    await user.click(within(group).getByRole('button', { name: /Velg dato/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('gridcell', { name: '20' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownValue()).toBe('2026-07-20');
  });

  it('takes a date typed into the field too, without opening the dialog', async () => {
    const user = userEvent.setup();
    render(<DateProbe initial="2026-07-01" />);
    await user.click(within(await findDateGroup('Dato')).getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('24122026');
    expect(shownValue()).toBe('2026-12-24');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DateTimeField', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
  });
  afterEach(async () => {
    await i18n.changeLanguage('nb');
  });

  it('shows dd.MM.yyyy HH:mm, 24-hour, in English and takes a typed time', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    render(<DateTimeProbe initial={new Date(2026, 11, 24, 18, 30)} />);
    expect(await findDateInput('Tid')).toHaveValue('24.12.2026 18:30');
    const group = await findDateGroup('Tid');
    await user.click(within(group).getByRole('spinbutton', { name: 'Hours' }));
    await user.keyboard('0945');
    expect(shownValue()).toBe(new Date(2026, 11, 24, 9, 45).toString());
    expect(await findDateInput('Tid')).toHaveValue('24.12.2026 09:45');
  });

  it('gives an invalid Date while a section is cleared, and a whole one again once it is typed', async () => {
    const user = userEvent.setup();
    render(<DateTimeProbe initial={new Date(2026, 11, 24, 18, 30)} />);
    const group = await findDateGroup('Tid');
    await user.click(within(group).getByRole('spinbutton', { name: 'Timer' }));
    await user.keyboard('{Backspace}');
    expect(shownValue()).toBe('Invalid Date');
    expect(within(group).getByRole('spinbutton', { name: 'Minutter' })).toHaveTextContent('30');
    await user.keyboard('07');
    expect(shownValue()).toBe(new Date(2026, 11, 24, 7, 30).toString());
  });
});
