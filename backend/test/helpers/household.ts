import { DataSource } from 'typeorm';
import type { User } from '../../src/users/user.entity';
import type { TestApp } from './test-app';

export type SignedIn = Awaited<ReturnType<TestApp['loginAs']>>;
export type MemberRole = 'owner' | 'co-owner' | 'viewer';

/** Makes a person a member of a property, as an accepted invitation would (docs/product/properties.md#roles). */
export const joinProperty = (t: TestApp, propertyId: number, user: User, role: MemberRole, fields: { share?: string | null; canSeeMoney?: boolean } = {}) =>
  t.app
    .get(DataSource)
    .query('INSERT INTO property_members (property_id, user_id, role, share, can_see_money) VALUES ($1, $2, $3, $4, $5)', [
      propertyId,
      user.id,
      role,
      fields.share ?? null,
      fields.canSeeMoney ?? false,
    ]);

/**
 * A property shared by a household: its owner, a co-owner and a viewer, and an outsider who is none of them; each
 * signed in. The property is the owner's first, so routes that name none act on it for the owner.
 */
export async function household(t: TestApp): Promise<{ property: number; propertyName: string; owner: SignedIn; coOwner: SignedIn; viewer: SignedIn; outsider: SignedIn }> {
  const owner = await t.loginAs('user');
  const [property] = (await owner.agent.get('/api/properties').expect(200)).body;
  const [coOwner, viewer, outsider] = [await t.loginAs('user'), await t.loginAs('user'), await t.loginAs('user')];
  await joinProperty(t, property.id, coOwner.user, 'co-owner');
  await joinProperty(t, property.id, viewer.user, 'viewer');
  return { property: property.id as number, propertyName: property.name as string, owner, coOwner, viewer, outsider };
}
