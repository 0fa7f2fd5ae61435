import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export const PROPERTY_ROLES = ['owner', 'co-owner', 'viewer'] as const;
export type PropertyRole = (typeof PROPERTY_ROLES)[number];

/** A person's place in a property (docs/product/properties.md#roles). */
@Entity('property_members')
export class PropertyMember {
  @PrimaryColumn({ type: 'int' })
  propertyId: number;

  @PrimaryColumn({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 10 })
  role: PropertyRole;

  /** Percent of the property, numeric(5,2) as a string; owners' and co-owners' shares add up to 100. Null for viewers. */
  @Column({ type: 'numeric', precision: 5, scale: 2, nullable: true })
  share: string | null;

  /** Whether a viewer sees payouts and statements; owners and co-owners always do. */
  @Column({ type: 'boolean', default: false })
  canSeeMoney: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  joinedAt: Date;
}
