/**
 * Which of a person's properties a page shows (docs/product/properties.md#choosing-a-property): the address's
 * `?property=` while the person is a member of it, else their first. Choosing the first takes the parameter away again,
 * so the first property's pages keep their plain address (and what the browser keeps for them).
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { calendarPropertyOf } from '../../shared/appLinks';
import { useMyProperties, type MyProperty } from './propertiesApi';

export interface ChosenProperty {
  /** The property asked for, or null for the person's first (the routes' default, so no `?propertyId=` is sent). */
  id: number | null;
  /** The property on screen, once the list has come (undefined before, and for a person with none). */
  shown: MyProperty | undefined;
}

/**
 * The choice, as a pure function of the address and the list. While the list is still on its way the asked property
 * is trusted, so the first read goes out at once; a property the person is no longer a member of (a stale link, a
 * household left) falls back to the first.
 */
export function chooseProperty(asked: number | null, list: readonly MyProperty[], listPending: boolean): ChosenProperty {
  const id = asked !== null && (listPending || list.some((p) => p.id === asked)) ? asked : null;
  return { id, shown: list.find((p) => p.id === id) ?? list[0] };
}

export function useChosenProperty() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mine = useMyProperties();
  const properties = useMemo(() => mine.data ?? [], [mine.data]);
  const asked = calendarPropertyOf(searchParams);
  const { id, shown } = chooseProperty(asked, properties, mine.isPending);

  const choose = (propertyId: number) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (propertyId === properties[0]?.id) next.delete('property');
        else next.set('property', String(propertyId));
        return next;
      },
      { replace: true },
    );

  return { id, shown, properties, choose };
}
