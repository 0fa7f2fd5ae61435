import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationParams, NotificationType } from './notification.types';

/**
 * A stored notification: written first, pushed to the owner's sockets second, so nothing is lost while they are
 * offline. `title` and `message` are rendered in the owner's language when stored; `type` and `params` let a client
 * render them again in its own.
 */
@Entity('notifications')
@Index('notifications_user_created', ['userId', 'createdAt'])
export class Notification {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 40 })
  type: NotificationType;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text' })
  message: string;

  /** The values the texts name (a title, a date, counts). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  params: NotificationParams;

  /** The app path of the thing it is about (`/?date=2027-01-10`, `/settings`), or null. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  link: string | null;

  @Column({ type: 'boolean', default: false })
  read: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
