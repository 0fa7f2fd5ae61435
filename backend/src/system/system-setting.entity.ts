import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One setting staff changed (docs/product/system.md#settings); a known key without a row has its default. */
@Entity('system_settings')
export class SystemSetting {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @Column({ type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'int', nullable: true })
  updatedBy: number | null;
}
