import type { AgreementEvent } from '../common/events/domain-events';
import { domainNotifications, notificationKinds, type Notifier } from '../notifications/notification.types';

const agreement = (p: { agreementId?: string | number }) => Number(p.agreementId);

/** Meetings between staff and owners (docs/product/agreements.md): the owner opens theirs, staff the back office's. */
const kinds = notificationKinds({
  agreement_created: {
    nb: { title: 'Ny avtale', message: 'Du har fått en avtale: «{title}» {when}.' },
    en: { title: 'New meeting', message: 'You have a new meeting: “{title}” on {when}.' },
    target: (p) => ({ screen: 'agreement', id: agreement(p) }),
    example: { params: { title: 'Befaring', when: '01.03.2027 10:00', agreementId: 12 }, link: '/user/agreements/12' },
  },
  agreement_changed: {
    nb: { title: 'Avtale endret', message: 'Avtalen «{title}» er endret: {when}.' },
    en: { title: 'Meeting changed', message: 'The meeting “{title}” has changed: {when}.' },
    target: (p) => ({ screen: 'agreement', id: agreement(p) }),
    example: { params: { title: 'Befaring', agreementId: 13 }, link: '/user/agreements/13' },
  },
  agreement_cancelled: {
    nb: { title: 'Avtale avlyst', message: 'Avtalen «{title}» {when} er avlyst.' },
    en: { title: 'Meeting cancelled', message: 'The meeting “{title}” on {when} is cancelled.' },
    target: (p) => ({ screen: 'agreement', id: agreement(p) }),
    example: { params: { title: 'Befaring', agreementId: 14 }, link: '/user/agreements/14' },
  },
  agreement_note: {
    nb: { title: 'Nytt notat på avtale', message: 'Et nytt notat er lagt til avtalen «{title}».' },
    en: { title: 'New note on a meeting', message: 'A new note was added to the meeting “{title}”.' },
    target: (p) => ({ screen: 'agreement', id: agreement(p) }),
    example: { params: { title: 'Befaring', agreementId: 15 }, link: '/user/agreements/15' },
  },
  agreement_owner_note: {
    nb: { title: 'Notat fra {owner}', message: '{owner} skrev et notat på avtalen «{title}».' },
    en: { title: 'Note from {owner}', message: '{owner} wrote a note on the meeting “{title}”.' },
    target: (p) => ({ screen: 'staff-agreement', id: agreement(p) }),
    example: { params: { title: 'Befaring', owner: 'Ole', agreementId: 16 }, link: '/admin/agreements/16' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    agreements: typeof kinds;
  }
}

/** Staff made, changed or cancelled a meeting with the owner, or wrote a note they can read. */
const toOwner = (type: 'agreement_created' | 'agreement_changed' | 'agreement_cancelled' | 'agreement_note') => async (e: AgreementEvent, n: Notifier) => {
  if (e.actorId === e.userId) return;
  await n.send(e.userId, type, { title: e.title, when: n.when(e.meetingDate), agreementId: e.agreementId });
};

export const agreementsNotifications = domainNotifications({
  kinds,
  reactions: {
    'agreements.created': toOwner('agreement_created'),
    'agreements.changed': toOwner('agreement_changed'),
    'agreements.cancelled': toOwner('agreement_cancelled'),
    'agreements.note.added': toOwner('agreement_note'),
    // The owner's note goes to the agreement's staff, who open it in the back office.
    'agreements.owner.note.added': async (e, n) => {
      for (const userId of e.recipients) {
        if (userId === e.actorId) continue;
        await n.send(userId, 'agreement_owner_note', { title: e.title, owner: e.ownerName, agreementId: e.agreementId });
      }
    },
  },
});
