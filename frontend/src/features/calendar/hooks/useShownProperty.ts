/**
 * Whose property's calendar is on screen (docs/product/calendar.md#whose-calendar-it-is): the address's `?property=`,
 * else the person's first. Choosing the first takes the parameter away again, so the first property's calendar keeps
 * its plain address (and the windows and the snapshot kept for it in the browser).
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { User } from '../../../api/types';
import { calendarPropertyOf } from '../../../shared/appLinks';
import { useMyProperties } from '../../properties';
import type { CalendarProperty } from '../calendarProperty';

export function useShownProperty(user: User) {
  const [searchParams, setSearchParams] = useSearchParams();
  const mine = useMyProperties();
  const list = useMemo(() => mine.data ?? [], [mine.data]);
  const asked = calendarPropertyOf(searchParams);
  // A property the person is no longer a member of (a stale link, a household left) falls back to the first.
  const id = asked !== null && (mine.isPending || list.some((p) => p.id === asked)) ? asked : null;
  const shown = list.find((p) => p.id === id) ?? list[0];
  // A viewer changes nothing; staff may change any property's calendar (docs/product/properties.md#who-may-do-what).
  const readOnly = shown?.role === 'viewer' && !user.isAdmin;
  const property: CalendarProperty = useMemo(() => ({ id, readOnly }), [id, readOnly]);

  const choose = (propertyId: number) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (propertyId === list[0]?.id) next.delete('property');
        else next.set('property', String(propertyId));
        return next;
      },
      { replace: true },
    );

  return { property, properties: list, shownId: shown?.id ?? null, choose };
}
