import { isoDateSql, jsonArraySql } from '../common/time/iso-sql';
import type { BookingConflict } from './booking-conflict.entity';

/**
 * The calendar window's `conflicts`: the property's open double bookings touching the days [from, to) (SQL of 'YYYY-MM-DD'
 * dates), read from booking_conflicts by the (property, day range) index, never detected on the read path
 * (docs/architecture.md "Double bookings"). `a` and `b` are the entries' ids as the same answer gives them: a number
 * for an own event, the external booking's API id ('ical-…', 'beds24-…') for the others.
 */
export function conflictsJsonSql(params: { propertyId: string; from: string; to: string }): string {
  const id = (side: 'a' | 'b') => `CASE WHEN c.${side}_kind = 'own' THEN to_json(c.${side}_id::int) ELSE to_json(c.${side}_id) END`;
  return jsonArraySql(`
    SELECT ${id('a')} AS a, ${id('b')} AS b, ${isoDateSql('c.from_date')} AS "from", ${isoDateSql('c.to_date')} AS "to"
    FROM booking_conflicts c
    WHERE c.property_id = ${params.propertyId} AND c.resolved_at IS NULL AND c.to_date > ${params.from}::date AND c.from_date < ${params.to}::date
    ORDER BY c.from_date, c.a_id, c.b_id`);
}

/** A listed conflict with its owner's name (the one named on the row). */
export interface ListedConflict {
  conflict: BookingConflict;
  ownerName: string;
}
