import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A property (a cabin, a flat): what calendars, feeds, Beds24, payouts and prices belong to (docs/product/properties.md). */
@Entity('properties')
export class Property {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 300, nullable: true })
  address: string | null;

  /** An IANA zone; the property's days (its nights, its year) are counted in it. */
  @Column({ type: 'varchar', length: 64, default: 'Europe/Oslo' })
  timezone: string;

  /** The person this property was made for as their first (at the migration or at first need), or null. */
  @Column({ type: 'int', nullable: true })
  firstOfUser: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Set when staff delete it: it is then unknown to everyone (404), its rows kept. */
  @Column({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
