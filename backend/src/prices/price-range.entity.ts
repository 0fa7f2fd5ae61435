import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A price interval of a property: read by its members, managed by admins. */
@Entity('price_ranges')
export class PriceRange {
  @PrimaryGeneratedColumn()
  id: number;

  /** Whom it was registered for (a member of the property). */
  @Column({ type: 'int' })
  userId: number;

  /** The property it is the price of (docs/product/payouts-and-prices.md#who-may-do-what). */
  @Column({ type: 'int' })
  propertyId: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** numeric(10,2) as a decimal string. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  priceFrom: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  priceTo: string;

  /** numeric(5,2), 0-100. */
  @Column({ type: 'numeric', precision: 5, scale: 2, default: 0 })
  discountPercent: string;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
