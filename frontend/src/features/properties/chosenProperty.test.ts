import { describe, expect, it } from 'vitest';
import { chooseProperty } from './chosenProperty';
import type { MyProperty } from './propertiesApi';

const property = (id: number, role: MyProperty['role'] = 'owner'): MyProperty =>
  ({ id, name: `P${id}`, address: null, timezone: 'Europe/Oslo', role, share: null, canSeeMoney: true }) as MyProperty;

describe('chooseProperty', () => {
  const list = [property(3), property(7, 'viewer')];

  it('shows the first property when the address names none', () => {
    expect(chooseProperty(null, list, false)).toEqual({ id: null, shown: list[0] });
  });

  it('shows the property the address names while the person is a member of it', () => {
    expect(chooseProperty(7, list, false)).toEqual({ id: 7, shown: list[1] });
  });

  it('falls back to the first for a property the person is no longer a member of', () => {
    expect(chooseProperty(9, list, false)).toEqual({ id: null, shown: list[0] });
  });

  it('trusts the address while the list is on its way, so the first read goes out at once', () => {
    expect(chooseProperty(9, [], true)).toEqual({ id: 9, shown: undefined });
  });

  it('shows nothing for a person with no property', () => {
    expect(chooseProperty(null, [], false)).toEqual({ id: null, shown: undefined });
  });
});
