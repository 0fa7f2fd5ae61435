import { Column, Entity } from 'typeorm';

/**
 * A person's language (common/user-language.ts), as their app last told. The table keeps the name it was made with,
 * when only notifications were written in it.
 */
@Entity('notification_preferences')
export class LanguagePreference {
  @Column({ type: 'int', primary: true })
  userId: number;

  @Column({ type: 'varchar', length: 2 })
  language: string;
}
