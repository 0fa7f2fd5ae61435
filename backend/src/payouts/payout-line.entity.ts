import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const PAYOUT_LINE_KINDS = ['rent', 'cleaning', 'commission', 'channel_fee', 'expense', 'adjustment'] as const;
export type PayoutLineKind = (typeof PAYOUT_LINE_KINDS)[number];

/**
 * The sign each kind's amount has (docs/product/payouts-and-prices.md#signs): money earned is positive, what is
 * taken from it negative, an adjustment either way. The lines' plain sum is the payout.
 */
export const LINE_SIGN: ReadonlyMap<PayoutLineKind, 'positive' | 'negative' | 'any'> = new Map([
  ['rent', 'positive'], ['cleaning', 'positive'], ['commission', 'negative'], ['channel_fee', 'negative'], ['expense', 'negative'], ['adjustment', 'any'],
]);

/** One line of a payout: what part of its amount is, and from what (docs/product/payouts-and-prices.md#payout-lines). */
@Entity('payout_lines')
export class PayoutLine {
  @PrimaryGeneratedColumn()
  id: number;

  /** The payout it belongs to; the lines go with it. */
  @Column({ type: 'int' })
  payoutId: number;

  @Column({ type: 'varchar', length: 20 })
  kind: PayoutLineKind;

  @Column({ type: 'varchar', length: 200 })
  description: string;

  /** numeric(12,2), signed by its kind (LINE_SIGN), read and written as a decimal string: never a float. */
  @Column({ type: 'numeric', precision: 12, scale: 2 })
  amount: string;

  /** The stay it came from: a stay's `ref` in the payout's detail, or the booking system's own reference. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  bookingRef: string | null;

  /** The receipt in the FileStore (a PDF or an image); removing the line or replacing the receipt removes the file. */
  @Column({ type: 'uuid', nullable: true })
  receiptFileId: string | null;

  /** The receipt's safe name, its type (told from its bytes) and size, as the FileStore stored it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  receiptName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  receiptType: string | null;

  @Column({ type: 'int', nullable: true })
  receiptSize: number | null;

  /** Delivered by the accounting import rather than entered by staff. */
  @Column({ type: 'boolean', default: false })
  imported: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
