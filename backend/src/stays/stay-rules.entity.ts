import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Blackout } from './stay-rules';

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

  @Column({ type: 'int', nullable: true })
  updatedById: number | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
