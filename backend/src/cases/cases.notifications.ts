import type { CaseEvent } from './cases.events';
import { domainNotifications, notificationKinds, withId, type Notifier } from '../notifications/notification.types';

/** A change on a customer-service case (docs/product/cases.md); the link opens the case. */
const kinds = notificationKinds({
  case_message: {
    nb: { title: 'Ny melding i sak {caseNumber}', message: '«{title}»: {preview}' },
    en: { title: 'New message in case {caseNumber}', message: '“{title}”: {preview}' },
    target: (p) => withId(p.caseId, (id) => `/cases?case=${id}`),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 21, preview: 'Hei' }, link: '/cases?case=21' },
  },
  case_assigned: {
    nb: { title: 'Sak {caseNumber} tildelt', message: 'Saken «{title}» er tildelt {assignee}.' },
    en: { title: 'Case {caseNumber} assigned', message: 'The case “{title}” was assigned to {assignee}.' },
    target: (p) => withId(p.caseId, (id) => `/cases?case=${id}`),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 22, assignee: 'Ada' }, link: '/cases?case=22' },
  },
  case_closed: {
    nb: { title: 'Sak {caseNumber} løst', message: 'Saken «{title}» er markert som løst.' },
    en: { title: 'Case {caseNumber} resolved', message: 'The case “{title}” was marked as resolved.' },
    target: (p) => withId(p.caseId, (id) => `/cases?case=${id}`),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 23 }, link: '/cases?case=23' },
  },
  case_reopened: {
    nb: { title: 'Sak {caseNumber} gjenåpnet', message: 'Saken «{title}» er åpnet igjen.' },
    en: { title: 'Case {caseNumber} reopened', message: 'The case “{title}” was reopened.' },
    target: (p) => withId(p.caseId, (id) => `/cases?case=${id}`),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 24 }, link: '/cases?case=24' },
  },
  case_handed_over: {
    nb: { title: 'Sak {caseNumber} overført til deg', message: 'Du har overtatt saken «{title}» fra {from}.' },
    en: { title: 'Case {caseNumber} handed to you', message: 'You have taken over the case “{title}” from {from}.' },
    target: (p) => withId(p.caseId, (id) => `/cases?case=${id}`),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 25, from: 'Kari' }, link: '/cases?case=25' },
  },
  case_released: {
    nb: { title: 'Sak {caseNumber} får ny saksbehandler', message: 'Saksbehandleren på saken «{title}» har sluttet. Kundeservice følger opp saken.' },
    en: { title: 'Case {caseNumber} gets a new handler', message: 'The handler of the case “{title}” has left. Customer service follows the case up.' },
    target: (p) => withId(p.caseId, (id) => `/cases?case=${id}`),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 26 }, link: '/cases?case=26' },
  },
  // The case went with its owner: there is nothing left to open.
  case_owner_removed: {
    nb: { title: 'Sak {caseNumber} slettet', message: 'Kontoen til {owner} er slettet, og saken «{title}» med den.' },
    en: { title: 'Case {caseNumber} deleted', message: 'The account of {owner} was deleted, and the case “{title}” with it.' },
    target: () => null,
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', owner: 'Ole' }, link: null },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    cases: typeof kinds;
  }
}

/** Each change goes to the other side (the service names them in `recipients`), never to the one who made it. */
const toOtherSide = (type: keyof typeof kinds) => async (e: CaseEvent & { preview?: string; assignee?: string }, n: Notifier) => {
  const params = { caseNumber: e.caseNumber, title: e.title, caseId: e.caseId, ...(e.preview !== undefined ? { preview: e.preview } : {}), ...(e.assignee !== undefined ? { assignee: e.assignee } : {}) };
  for (const userId of e.recipients) {
    if (userId === e.actorId) continue;
    await n.send(userId, type, params);
  }
};

export const casesNotifications = domainNotifications({
  kinds,
  reactions: {
    'cases.message.added': toOtherSide('case_message'),
    'cases.assigned': toOtherSide('case_assigned'),
    'cases.closed': toOtherSide('case_closed'),
    'cases.reopened': toOtherSide('case_reopened'),
    // A departing staff member's open cases (docs/roles.md#removing-a-person): to the successor, or back to
    // customer service with the owner told; a deleted owner's case to its assignee.
    'cases.handed_over': (e, n) => n.send(e.successorId, 'case_handed_over', { caseNumber: e.caseNumber, title: e.title, caseId: e.caseId, from: e.fromName }),
    'cases.released': (e, n) => n.send(e.userId, 'case_released', { caseNumber: e.caseNumber, title: e.title, caseId: e.caseId }),
    'cases.owner.removed': (e, n) => n.send(e.staffUserId, 'case_owner_removed', { caseNumber: e.caseNumber, title: e.title, owner: e.ownerName }),
  },
});
