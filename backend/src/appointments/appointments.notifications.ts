import { domainNotifications, notificationKinds } from '../notifications/notification.types';

/** Booked appointments (docs/appointments.md): staff open the back office's appointment, owners their list. */
const kinds = notificationKinds({
  appointment_booked: {
    nb: { title: 'Ny time bestilt', message: '{owner} har bestilt en time med deg: «{title}» {when}.' },
    en: { title: 'New appointment booked', message: '{owner} booked an appointment with you: “{title}” on {when}.' },
    target: (p) => ({ screen: 'staff-appointment', id: Number(p.appointmentId) }),
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 31 }, link: '/admin/appointments/31/show' },
  },
  appointment_cancelled: {
    nb: { title: 'Time avlyst', message: 'Timen din «{title}» {when} er avlyst.' },
    en: { title: 'Appointment cancelled', message: 'Your appointment “{title}” on {when} is cancelled.' },
    target: () => ({ screen: 'appointments' }),
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 32 }, link: '/appointments' },
  },
  appointment_owner_cancelled: {
    nb: { title: 'Time avlyst av {owner}', message: '{owner} avlyste timen «{title}» {when}.' },
    en: { title: 'Appointment cancelled by {owner}', message: '{owner} cancelled the appointment “{title}” on {when}.' },
    target: (p) => ({ screen: 'staff-appointment', id: Number(p.appointmentId) }),
    example: { params: { title: 'Rådgivning', when: '02.06.2026 09:00', owner: 'Ole', appointmentId: 33 }, link: '/admin/appointments/33/show' },
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
      if (e.actorId === e.staffUserId) return;
      await n.send(e.staffUserId, 'appointment_booked', { title: e.subject, when: n.when(e.start), owner: e.ownerName, appointmentId: e.appointmentId });
    },
    'appointments.cancelled': async (e, n) => {
      const params = { title: e.subject, when: n.when(e.start), owner: e.ownerName, appointmentId: e.appointmentId };
      if (e.actorId !== e.userId) await n.send(e.userId, 'appointment_cancelled', params);
      if (e.actorId !== e.staffUserId) await n.send(e.staffUserId, e.actorId === e.userId ? 'appointment_owner_cancelled' : 'appointment_cancelled', params);
    },
  },
});
