/**
 * Test helpers for the app's date fields (shared/components/DateField.tsx): MUI X's accessible field is a group of
 * editable sections and a hidden <input> that holds the whole text ('24.12.2026'). Tests enter a date as MUI's
 * docs say for this structure: a change event on that input, parsed with the field's own format.
 */
import { fireEvent, screen, within, type waitForOptions } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The field's group (its sections are spinbuttons), once the pickers have loaded. */
export async function findDateGroup(label: string | RegExp, container?: HTMLElement, wait?: waitForOptions): Promise<HTMLElement> {
  const scope = container ? within(container) : screen;
  return scope.findByRole('group', { name: label }, wait);
}

/** The hidden input with the field's text, once the pickers have loaded. */
export async function findDateInput(label: string | RegExp, container?: HTMLElement, wait?: waitForOptions): Promise<HTMLInputElement> {
  const group = await findDateGroup(label, container, wait);
  const input = group.querySelector('input');
  if (!input) throw new Error(`The date field ${String(label)} has no input`);
  return input;
}

/** Enters a date ('24.12.2026') or date and time ('24.12.2026 09:30') as the field's text. */
export async function enterDate(label: string | RegExp, text: string, container?: HTMLElement): Promise<void> {
  fireEvent.change(await findDateInput(label, container), { target: { value: text } });
}

/** Types a date as a person does: into the first section, digits only ('24.12.2026' → 2, 4, 1, 2, …). */
export async function typeDate(user: UserEvent, label: string | RegExp, text: string, container?: HTMLElement): Promise<void> {
  const group = await findDateGroup(label, container);
  await user.click(within(group).getAllByRole('spinbutton')[0]);
  await user.keyboard(text.replace(/\D/g, ''));
}
