import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Approval, Blackout, HousingType } from './stays.types';

/** A property's rules for its owners' own stays (docs/product/stays.md); no row: no rules. */
@Entity('stay_rules')
export class StayRulesRow {
  @PrimaryColumn({ type: 'int' })
  propertyId: number;

  @Column({ type: 'smallint', nullable: true })
  maxOwnerNightsPerYear: number | null;

  @Column({ type: 'smallint', nullable: true })
  minNoticeDays: number | null;

  @Column({ type: 'smallint', nullable: true })
  minNights: number | null;

  @Column({ type: 'smallint', nullable: true })
  maxNights: number | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  blackouts: Blackout[];

  /** Whether an owner's stay is saved at once or held for staff's approval. */
  @Column({ type: 'varchar', length: 10, default: 'instant' })
  approval: Approval;

  @Column({ type: 'varchar', length: 20, nullable: true })
  housingType: HousingType | null;

  /** The rental days a calendar year the law (or the sameie's bylaws) allows; null: no limit. */
  @Column({ type: 'smallint', nullable: true })
  rentalDayLimit: number | null;

  @Column({ type: 'int', nullable: true })
  updatedById: number | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
