import type { CaseAttachment } from './case.entity';
import type { CaseAttachmentResponse, CaseDetailResponse, CaseMessageResponse, CaseResponse } from './cases.dto';
import type { CaseView, MessageView } from './cases.types';

export const attachmentUrl = (id: number) => `/api/cases/attachments/${id}`;

export function mapCase({ kase: c, userName, adminName, propertyName, unreadCount }: CaseView): CaseResponse {
  return {
    id: c.id,
    userId: c.userId,
    userName,
    adminId: c.adminId,
    adminName,
    propertyId: c.propertyId,
    propertyName,
    payoutId: c.payoutId,
    payoutLineId: c.payoutLineId,
    department: c.department,
    caseNumber: c.caseNumber,
    title: c.title,
    category: c.category,
    priority: c.priority,
    status: c.status,
    isClosed: c.isClosed,
    closedAt: c.closedAt,
    closedById: c.closedById,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    harMeldinger: c.messageCount,
    messageCount: c.messageCount,
    lastMessage: c.lastMessage,
    lastMessageAt: c.lastMessageAt,
    unreadCount,
  };
}

export function mapCaseDetail(view: CaseView): CaseDetailResponse {
  return { ...mapCase(view), attachments: (view.attachments ?? []).map(mapAttachment) };
}

export function mapAttachment(a: CaseAttachment): CaseAttachmentResponse {
  return {
    id: a.id,
    caseId: a.caseId,
    messageId: a.messageId,
    fileName: a.fileName,
    fileType: a.fileType,
    fileSize: a.fileSize,
    fileUrl: attachmentUrl(a.id),
    uploaderId: a.uploaderId,
    isImage: a.fileType.startsWith('image/'),
    createdAt: a.createdAt,
  };
}

export function mapMessage({ message: m, senderName, attachments }: MessageView): CaseMessageResponse {
  const mapped = attachments.map(mapAttachment);
  return {
    id: m.id,
    caseId: m.caseId,
    senderId: m.senderId,
    senderName,
    targetUserId: m.targetUserId,
    message: m.message,
    isAdminMessage: m.isAdminMessage,
    isRead: m.isRead,
    attachmentUrl: mapped[0]?.fileUrl ?? null,
    attachments: mapped,
    createdAt: m.createdAt,
  };
}
