import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const PAYOUT_STATUSES = ['pending', 'paid', 'sent', 'offset'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** One payout of a property for a month; a month may hold several (a correction is a second row). */
@Entity('payouts')
export class Payout {
  @PrimaryGeneratedColumn()
  id: number;

  /** Whom it was registered for (an owner or co-owner of the property; another member once they leave). */
  @Column({ type: 'int' })
  userId: number;

  /** The property whose money it is (docs/product/payouts-and-prices.md#who-may-do-what). */
  @Column({ type: 'int' })
  propertyId: number;

  @Column({ type: 'smallint' })
  month: number;

  @Column({ type: 'smallint' })
  year: number;

  /** numeric(10,2), read and written as a decimal string: never a float. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  amount: string;

  @Column({ type: 'char', length: 3, default: 'NOK' })
  currency: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: PayoutStatus;

  @Column({ type: 'smallint', nullable: true })
  rentalDays: number | null;

  /** 'YYYY-MM-DD'. */
  @Column({ type: 'date', nullable: true })
  paidDate: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'int', nullable: true })
  registeredById: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
