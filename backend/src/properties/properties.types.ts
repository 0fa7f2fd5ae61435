/**
 * What properties publishes besides its services: SQL over the properties table that another domain composes into a
 * statement of its own, where one round trip matters (docs/architecture.md#where-data-lives).
 */

/** The live properties a person is a member of, as a subquery of ids on the user id's SQL (for `IN (…)`). */
export const memberPropertiesSql = (userId: string) => `(SELECT m.property_id FROM property_members m
  JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL WHERE m.user_id = ${userId})`;

/**
 * The live properties a person is a member of, as a derived table `(id, name, joined_at)` on the user id's SQL; `only`
 * is the SQL of a property id that narrows it to that one property, or 0 for all of them.
 */
export const memberPropertyRowsSql = (userId: string, only: string) => `(SELECT p.id, p.name, m.joined_at FROM property_members m
  JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL WHERE m.user_id = ${userId} AND (${only} = 0 OR p.id = ${only}))`;

/**
 * A person's first property (the earliest they joined, as PropertyAccess picks it for a request that names none), as a
 * scalar subquery on the user id's SQL; null when they have none yet.
 */
export const firstPropertySql = (userId: string) => `(SELECT m.property_id FROM property_members m
  JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL
  WHERE m.user_id = ${userId} ORDER BY m.joined_at, m.property_id LIMIT 1)`;

/**
 * The property a member reads (every role reads): the named one when the person is a member of it and it is not
 * deleted, else their first; as a scalar subquery, null when PropertyAccess has to decide (staff, anyone else, a first
 * property still to make). `propertyId` null: the request named none.
 */
export const memberPropertySql = (userId: string, propertyId: string | null) =>
  propertyId === null
    ? firstPropertySql(userId)
    : `(SELECT m.property_id FROM property_members m JOIN properties p ON p.id = m.property_id AND p.deleted_at IS NULL
  WHERE m.user_id = ${userId} AND m.property_id = ${propertyId})`;

/**
 * Who takes over a leaving person's rows in a property others share (docs/product/properties.md#roles): another member,
 * an owner first, then the earliest to join; as a scalar subquery, null when the leaving person is its only member.
 */
export const heirInPropertySql = (propertyId: string, leavingUserId: string) => `(SELECT m.user_id FROM property_members m
  WHERE m.property_id = ${propertyId} AND m.user_id <> ${leavingUserId} ORDER BY (m.role = 'owner') DESC, m.joined_at, m.user_id LIMIT 1)`;

/**
 * The statement that passes a leaving person's rows of `table` (one with `user_id` and `property_id`) in properties
 * others share to the heir heirInPropertySql names ($1 the person); rows of a property they alone were a member of stay
 * theirs, and go with the account. Run by the domain that owns `table`, in the deletion's transaction
 * (`users.owner.deleting`).
 */
export const handOverToHeirSql = (table: string) => `UPDATE ${table} SET user_id = ${heirInPropertySql(`${table}.property_id`, '$1')}
  WHERE user_id = $1 AND property_id IS NOT NULL AND ${heirInPropertySql(`${table}.property_id`, '$1')} IS NOT NULL`;
