export type { AppNotification, NotificationPage } from '../../api/types';
