import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A price interval of an owner's property: read-only for the owner, managed by admins. */
@Entity('price_ranges')
export class PriceRange {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

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
