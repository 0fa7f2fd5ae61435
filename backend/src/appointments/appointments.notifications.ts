import { calendarAt, dayParam, domainNotifications, notificationKinds, withId } from '../notifications/notification.types';

/** Booked appointments (docs/appointments.md): staff open the back office's appointment, owners their list. */
const kinds = notificationKinds({
  appointment_booked: {
    nb: { title: 'Ny time bestilt', message: '{owner} har bestilt en time med deg: «{title}» {when}.' },
    en: { title: 'New appointment booked', message: '{owner} booked an appointment with you: “{title}” on {when}.' },
    target: (p) => withId(p.appointmentId, (id) => `/admin/appointments/${id}/show`),
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 31 }, link: '/admin/appointments/31/show' },
  },
  appointment_cancelled: {
    nb: { title: 'Time avlyst', message: 'Timen din «{title}» {when} er avlyst.' },
    en: { title: 'Appointment cancelled', message: 'Your appointment “{title}” on {when} is cancelled.' },
    target: () => '/appointments',
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 32 }, link: '/appointments' },
  },
  // Staff whose appointment another admin cancelled open it in the back office, as for the owner's cancellation.
  staff_appointment_cancelled: {
    nb: { title: 'Time avlyst', message: 'Timen med {owner} «{title}» {when} er avlyst.' },
    en: { title: 'Appointment cancelled', message: 'The appointment with {owner} “{title}” on {when} is cancelled.' },
    target: (p) => withId(p.appointmentId, (id) => `/admin/appointments/${id}/show`),
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 34 }, link: '/admin/appointments/34/show' },
  },
  appointment_owner_cancelled: {
    nb: { title: 'Time avlyst av {owner}', message: '{owner} avlyste timen «{title}» {when}.' },
    en: { title: 'Appointment cancelled by {owner}', message: '{owner} cancelled the appointment “{title}” on {when}.' },
    target: (p) => withId(p.appointmentId, (id) => `/admin/appointments/${id}/show`),
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 33 }, link: '/admin/appointments/33/show' },
  },
  appointment_handed_over: {
    nb: { title: 'Time overført til deg', message: 'Du har overtatt timen «{title}» {when} med {owner} fra {from}.' },
    en: { title: 'Appointment handed to you', message: 'You have taken over the appointment “{title}” on {when} with {owner} from {from}.' },
    target: (p) => withId(p.appointmentId, (id) => `/admin/appointments/${id}/show`),
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', from: 'Kari', appointmentId: 34 }, link: '/admin/appointments/34/show' },
  },
  // The appointment went with its owner: the staff member's calendar at that day, where the time is free again.
  appointment_owner_removed: {
    nb: { title: 'Time slettet', message: 'Kontoen til {owner} er slettet, og timen «{title}» {when} med den.' },
    en: { title: 'Appointment deleted', message: 'The account of {owner} was deleted, and the appointment “{title}” on {when} with it.' },
    target: (p) => calendarAt(dayParam(p)),
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', date: '2026-06-02' }, link: '/?date=2026-06-02' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    appointments: typeof kinds;
  }
}

export const appointmentsNotifications = domainNotifications({
  kinds,
  reactions: {
    // A booking goes to its staff member; a cancellation to the other side.
    'appointments.booked': async (e, n) => {
      if (e.staffUserId === null || e.actorId === e.staffUserId) return;
      await n.send(e.staffUserId, 'appointment_booked', { title: e.subject, when: n.when(e.start), owner: e.ownerName, appointmentId: e.appointmentId });
    },
    // A departing staff member's appointment (docs/roles.md#removing-a-person): to the successor, or cancelled with
    // the owner told; a deleted owner's appointment is told to its staff member.
    'appointments.handed_over': (e, n) => n.send(e.successorId, 'appointment_handed_over', { title: e.subject, when: n.when(e.start), owner: e.ownerName, from: e.fromName, appointmentId: e.appointmentId }),
    'appointments.withdrawn': (e, n) => n.send(e.userId, 'appointment_cancelled', { title: e.subject, when: n.when(e.start), appointmentId: e.appointmentId }),
    'appointments.owner.removed': (e, n) => n.send(e.staffUserId, 'appointment_owner_removed', { title: e.subject, when: n.when(e.start), owner: e.ownerName, date: n.day(e.start) }),
    'appointments.cancelled': async (e, n) => {
      const params = { title: e.subject, when: n.when(e.start), owner: e.ownerName, appointmentId: e.appointmentId };
      if (e.actorId !== e.userId) await n.send(e.userId, 'appointment_cancelled', params);
      if (e.staffUserId !== null && e.actorId !== e.staffUserId) await n.send(e.staffUserId, e.actorId === e.userId ? 'appointment_owner_cancelled' : 'staff_appointment_cancelled', params);
    },
  },
});
