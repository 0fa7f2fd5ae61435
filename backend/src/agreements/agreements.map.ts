import type { AgreementNoteResponse, AgreementResponse } from './agreements.dto';
import type { AgreementView, NoteView } from './agreements.types';

/** An agreement as the API answers it; the place under both its names (docs/product/agreements.md#data-and-states). */
export function mapAgreement({ agreement: a, userName, adminName, propertyName }: AgreementView): AgreementResponse {
  return {
    id: a.id,
    adminId: a.adminId,
    userId: a.userId,
    userName,
    adminName,
    propertyId: a.propertyId,
    propertyName,
    title: a.title,
    description: a.description,
    meetingDate: a.meetingDate,
    endDate: a.endDate,
    meetingLocation: a.meetingLocation,
    location: a.meetingLocation,
    meetingType: a.meetingType,
    status: a.status,
    completedAt: a.completedAt,
    cancelledAt: a.cancelledAt,
    reminderSent: a.reminderSent,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export function mapNote({ note: n, authorName, authorIsAdmin }: NoteView): AgreementNoteResponse {
  return { id: n.id, agreementId: n.agreementId, authorId: n.authorId, content: n.content, isPrivate: n.isPrivate, authorName, authorIsAdmin, createdAt: n.createdAt };
}
