import type { AgreementEvent } from './agreements.events';
import { calendarAt, dayParam, domainNotifications, notificationKinds, withId, type Notifier } from '../notifications/notification.types';

/** Meetings between staff and owners (docs/product/agreements.md): the owner opens theirs, staff the back office's. */
const kinds = notificationKinds({
  agreement_created: {
    nb: { title: 'Ny avtale', message: 'Du har fått en avtale: «{title}» {when}.' },
    en: { title: 'New meeting', message: 'You have a new meeting: “{title}” on {when}.' },
    target: (p) => withId(p.agreementId, (id) => `/user/agreements/${id}`),
    example: { params: { title: 'Befaring', when: '01.03.2027 10:00', agreementId: 12 }, link: '/user/agreements/12' },
  },
  agreement_changed: {
    nb: { title: 'Avtale endret', message: 'Avtalen «{title}» er endret: {when}.' },
    en: { title: 'Meeting changed', message: 'The meeting “{title}” has changed: {when}.' },
    target: (p) => withId(p.agreementId, (id) => `/user/agreements/${id}`),
    example: { params: { title: 'Befaring', agreementId: 13 }, link: '/user/agreements/13' },
  },
  agreement_cancelled: {
    nb: { title: 'Avtale avlyst', message: 'Avtalen «{title}» {when} er avlyst.' },
    en: { title: 'Meeting cancelled', message: 'The meeting “{title}” on {when} is cancelled.' },
    target: (p) => withId(p.agreementId, (id) => `/user/agreements/${id}`),
    example: { params: { title: 'Befaring', agreementId: 14 }, link: '/user/agreements/14' },
  },
  agreement_note: {
    nb: { title: 'Nytt notat på avtale', message: 'Et nytt notat er lagt til avtalen «{title}».' },
    en: { title: 'New note on a meeting', message: 'A new note was added to the meeting “{title}”.' },
    target: (p) => withId(p.agreementId, (id) => `/user/agreements/${id}`),
    example: { params: { title: 'Befaring', agreementId: 15 }, link: '/user/agreements/15' },
  },
  agreement_owner_note: {
    nb: { title: 'Notat fra {owner}', message: '{owner} skrev et notat på avtalen «{title}».' },
    en: { title: 'Note from {owner}', message: '{owner} wrote a note on the meeting “{title}”.' },
    target: (p) => withId(p.agreementId, (id) => `/admin/agreements/${id}`),
    example: { params: { title: 'Befaring', owner: 'Ole', agreementId: 16 }, link: '/admin/agreements/16' },
  },
  agreement_handed_over: {
    nb: { title: 'Avtale overført til deg', message: 'Du har overtatt avtalen «{title}» {when} fra {from}.' },
    en: { title: 'Meeting handed to you', message: 'You have taken over the meeting “{title}” on {when} from {from}.' },
    target: (p) => withId(p.agreementId, (id) => `/admin/agreements/${id}`),
    example: { params: { title: 'Befaring', when: '01.03.2027 10:00', from: 'Kari', agreementId: 17 }, link: '/admin/agreements/17' },
  },
  // The meeting went with its owner: the staff member's calendar at that day, where the time is free again.
  agreement_owner_removed: {
    nb: { title: 'Avtale slettet', message: 'Kontoen til {owner} er slettet, og avtalen «{title}» {when} med den.' },
    en: { title: 'Meeting deleted', message: 'The account of {owner} was deleted, and the meeting “{title}” on {when} with it.' },
    target: (p) => calendarAt(dayParam(p)),
    example: { params: { title: 'Befaring', when: '01.03.2027 10:00', owner: 'Ole', date: '2027-03-01' }, link: '/?date=2027-03-01' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    agreements: typeof kinds;
  }
}

/**
 * Staff made, changed or cancelled a meeting about a property, or someone wrote a note its members can read: news for
 * every member but the one who acted, each in their own language.
 */
const toMembers = (type: 'agreement_created' | 'agreement_changed' | 'agreement_cancelled' | 'agreement_note') => async (e: AgreementEvent, n: Notifier) => {
  for (const member of e.members) {
    if (member !== e.actorId) await n.send(member, type, { title: e.title, when: n.when(e.meetingDate), agreementId: e.agreementId });
  }
};

export const agreementsNotifications = domainNotifications({
  kinds,
  reactions: {
    'agreements.created': toMembers('agreement_created'),
    'agreements.changed': toMembers('agreement_changed'),
    'agreements.cancelled': toMembers('agreement_cancelled'),
    'agreements.note.added': toMembers('agreement_note'),
    // A departing staff member's meeting (docs/roles.md#removing-a-person) goes to the successor; a deleted owner's
    // meeting is told to the staff member who held it.
    'agreements.handed_over': (e, n) => n.send(e.successorId, 'agreement_handed_over', { title: e.title, when: n.when(e.meetingDate), from: e.fromName, agreementId: e.agreementId }),
    'agreements.owner.removed': (e, n) => n.send(e.staffUserId, 'agreement_owner_removed', { title: e.title, when: n.when(e.meetingDate), owner: e.ownerName, date: n.day(e.meetingDate) }),
    // A member's note goes to the agreement's staff, who open it in the back office.
    'agreements.owner.note.added': async (e, n) => {
      for (const userId of e.recipients) {
        if (userId === e.actorId) continue;
        await n.send(userId, 'agreement_owner_note', { title: e.title, owner: e.ownerName, agreementId: e.agreementId });
      }
    },
  },
});
