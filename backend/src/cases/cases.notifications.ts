import type { CaseEvent } from '../common/events/domain-events';
import { domainNotifications, notificationKinds, type Notifier } from '../notifications/notification.types';

const caseOf = (p: { caseId?: string | number }) => Number(p.caseId);

/** A change on a customer-service case (docs/product/cases.md); the link opens the case. */
const kinds = notificationKinds({
  case_message: {
    nb: { title: 'Ny melding i sak {caseNumber}', message: '«{title}»: {preview}' },
    en: { title: 'New message in case {caseNumber}', message: '“{title}”: {preview}' },
    target: (p) => ({ screen: 'case', id: caseOf(p) }),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 21, preview: 'Hei' }, link: '/cases?case=21' },
  },
  case_assigned: {
    nb: { title: 'Sak {caseNumber} tildelt', message: 'Saken «{title}» er tildelt {assignee}.' },
    en: { title: 'Case {caseNumber} assigned', message: 'The case “{title}” was assigned to {assignee}.' },
    target: (p) => ({ screen: 'case', id: caseOf(p) }),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 22, assignee: 'Ada' }, link: '/cases?case=22' },
  },
  case_closed: {
    nb: { title: 'Sak {caseNumber} løst', message: 'Saken «{title}» er markert som løst.' },
    en: { title: 'Case {caseNumber} resolved', message: 'The case “{title}” was marked as resolved.' },
    target: (p) => ({ screen: 'case', id: caseOf(p) }),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 23 }, link: '/cases?case=23' },
  },
  case_reopened: {
    nb: { title: 'Sak {caseNumber} gjenåpnet', message: 'Saken «{title}» er åpnet igjen.' },
    en: { title: 'Case {caseNumber} reopened', message: 'The case “{title}” was reopened.' },
    target: (p) => ({ screen: 'case', id: caseOf(p) }),
    example: { params: { caseNumber: 'K-1', title: 'Lekkasje', caseId: 24 }, link: '/cases?case=24' },
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
  },
});
