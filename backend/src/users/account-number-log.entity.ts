import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every change of a user's payout account number: who changed it, from what, to what. */
@Entity('account_number_logs')
export class AccountNumberLog {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'int', nullable: true })
  changedById: number | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  oldAccountNumber: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  newAccountNumber: string | null;

  @Column({ type: 'text', nullable: true })
  changeReason: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
