import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../api/types';
import { toEventInputs } from './eventInputs';

const stay: CalendarEvent = {
  id: 3, userId: 7, title: 'Sommerferie', description: null, startTime: '2030-07-01T09:00:00Z', endTime: '2030-07-04T13:00:00Z', allDay: false,
  color: '#ef4444', adminColorOverride: null, routes: [], source: null, location: null, isBinding: false, awaitingApproval: false,
  createdById: null, createdAt: '2030-06-01T10:00:00Z', updatedAt: '2030-06-01T10:00:00Z',
};

describe('the calendar’s event inputs', () => {
  it('draws an owner’s stay waiting for approval as such (docs/product/stays.md#stays-as-requests), a settled one plainly', () => {
    const inputs = toEventInputs([{ ...stay, awaitingApproval: true }, { ...stay, id: 4, title: 'Høstferie', startTime: '2030-10-01T09:00:00Z', endTime: '2030-10-04T13:00:00Z' }]);
    const [waiting, settled] = ['3', '4'].map((id) => inputs.find((input) => input.id === id)!);
    expect(waiting.className).toBe('cal-event-waiting');
    expect(settled.className).toBeUndefined();
  });

  it('draws the bookings past the rental day limit as such (docs/product/stays.md#warnings)', () => {
    const inputs = toEventInputs([stay, { ...stay, id: 4, title: 'Høstferie', startTime: '2030-10-01T09:00:00Z', endTime: '2030-10-04T13:00:00Z' }], null, new Set([4]));
    expect(inputs.find((input) => input.id === '4')!.className).toBe('cal-event-past-limit');
    expect(inputs.find((input) => input.id === '3')!.className).toBeUndefined();
  });
});
