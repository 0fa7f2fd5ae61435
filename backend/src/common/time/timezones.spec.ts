import { FeedTimeZones, resolveTzid, utcToWallTime, wallTimeToUtc } from './timezones';

const wall = (iso: string) => {
  const [d, t] = iso.split('T');
  const [year, month, day] = d.split('-').map(Number);
  const [hour, minute, second] = t.split(':').map(Number);
  return { year, month, day, hour, minute, second };
};
const utc = (iso: string, zone: string) => new Date(wallTimeToUtc(wall(iso), zone)).toISOString();

describe('resolveTzid', () => {
  it('keeps IANA names, maps Windows names (CLDR) and prefixed names, and gives up on unknown ones', () => {
    expect(resolveTzid('America/New_York')).toBe('America/New_York');
    expect(resolveTzid('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(resolveTzid('"Romance Standard Time"')).toBe('Europe/Paris');
    expect(resolveTzid('/mozilla.org/20050126_1/Europe/Oslo')).toBe('Europe/Oslo');
    expect(resolveTzid('Customized Time Zone')).toBeNull();
  });
});

describe('wallTimeToUtc', () => {
  it('converts ordinary winter and summer times in Europe/Oslo', () => {
    expect(utc('2027-01-15T12:00:00', 'Europe/Oslo')).toBe('2027-01-15T11:00:00.000Z');
    expect(utc('2027-07-15T12:00:00', 'Europe/Oslo')).toBe('2027-07-15T10:00:00.000Z');
  });

  it('reads a time inside the spring gap with the pre-gap offset (RFC 5545 §3.3.5)', () => {
    expect(utc('2027-03-28T02:30:00', 'Europe/Oslo')).toBe('2027-03-28T01:30:00.000Z');
    expect(utc('2027-03-14T02:30:00', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
  });

  it('takes the first occurrence of an ambiguous autumn time', () => {
    expect(utc('2027-10-31T02:30:00', 'Europe/Oslo')).toBe('2027-10-31T00:30:00.000Z');
  });

  it('round-trips with utcToWallTime', () => {
    expect(utcToWallTime(Date.parse('2027-03-28T01:30:00Z'), 'Europe/Oslo')).toEqual(wall('2027-03-28T03:30:00'));
  });
});

describe('FeedTimeZones', () => {
  it('reads floating times in the default zone and warns once about an unknown TZID', () => {
    const warnings: string[] = [];
    const zones = new FeedTimeZones('Europe/Oslo', new Map(), (m) => warnings.push(m));
    expect(zones.zoneFor(null).name).toBe('Europe/Oslo');
    expect(zones.zoneFor('Nowhere/Special').name).toBe('Europe/Oslo');
    zones.zoneFor('Nowhere/Special');
    expect(warnings).toEqual(['Unknown time zone "Nowhere/Special" without VTIMEZONE; read as Europe/Oslo']);
  });

  it('refuses an unknown default zone', () => {
    expect(() => new FeedTimeZones('Mars/Olympus', new Map(), () => undefined)).toThrow('unknown default time zone');
  });
});
