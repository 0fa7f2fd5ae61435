/**
 * Whose property's calendar is on screen (docs/product/calendar.md#whose-calendar-it-is): the property chosen in the
 * address (docs/product/properties.md#choosing-a-property), and whether the person may change it.
 */
import { useMemo } from 'react';
import type { User } from '../../../api/types';
import { useChosenProperty } from '../../properties';
import type { CalendarProperty } from '../calendarProperty';

export function useShownProperty(user: User) {
  const { id, shown, properties, choose } = useChosenProperty();
  // A viewer changes nothing; staff may change any property's calendar (docs/product/properties.md#who-may-do-what).
  const readOnly = shown?.role === 'viewer' && !user.isAdmin;
  const property: CalendarProperty = useMemo(() => ({ id, readOnly }), [id, readOnly]);
  return { property, properties, shownId: shown?.id ?? null, choose };
}
