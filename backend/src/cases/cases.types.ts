import type { Case, CaseAttachment, CaseMessage } from './case.entity';

/** A case with the names the API answers with, and the viewer's unread count (cases.map.ts maps it). */
export interface CaseView { kase: Case; userName: string | null; adminName: string | null; propertyName: string | null; unreadCount: number; attachments?: CaseAttachment[] }
/** A message with its sender's name and its attachments. */
export interface MessageView { message: CaseMessage; senderName: string | null; attachments: CaseAttachment[] }
