import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventBus, DomainEvents } from '../common/events/domain-events';
import { dayIn, formatWhen } from './notification-texts';

/** 'YYYY-MM-DD' moved by whole days. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
import type { NotificationType } from './notification.types';
import { NotificationsService } from './notifications.service';

/**
 * What becomes a notification. The domains that cause these events do not know this file exists; each reaction
 * runs once, in the instance where the change happened. Nothing is sent to the person who made the change. The
 * params carry what the link needs (`date`, `agreementId`, `caseId`); notification-links.ts makes the link.
 */
@Injectable()
export class NotificationReactions implements OnModuleInit {
  constructor(private readonly events: EventBus, private readonly notifications: NotificationsService) {}

  onModuleInit(): void {
    const adminChange = (type: NotificationType) => async (e: DomainEvents['calendar.event.created']) => {
      if (e.actorId === e.userId) return;
      const zone = this.notifications.timeZone;
      await this.notifications.create({
        userId: e.userId,
        type,
        params: { title: e.title, when: formatWhen(e.startTime, zone), eventId: e.eventId, startTime: e.startTime, date: dayIn(e.startTime, zone) },
      });
    };
    this.events.on('calendar.event.created', adminChange('event_created'));
    this.events.on('calendar.event.recolored', adminChange('event_updated'));
    this.events.on('calendar.event.deleted', adminChange('event_deleted'));

    this.events.on('bookings.pulled', async (e) => {
      if (e.added + e.changed + e.cancelled === 0) return;
      const type: NotificationType = e.added > 0 ? 'booking_new' : e.cancelled > 0 ? 'booking_cancelled' : 'booking_changed';
      await this.notifications.create({
        userId: e.userId,
        type,
        params: {
          source: e.sourceName, added: e.added, changed: e.changed, cancelled: e.cancelled, sourceId: e.sourceId,
          ...(e.firstStart ? { date: dayIn(e.firstStart, this.notifications.timeZone) } : {}),
        },
      });
    });

    // A new double booking (docs/architecture.md "Double bookings"): the owner and every admin, each once per pair
    // (detection announces a pair only when it first stores it). The link opens the owner's calendar at the first shared day.
    this.events.on('bookings.conflict.detected', async (e) => {
      const period = e.from === addDays(e.to, -1) ? e.from : `${e.from} – ${addDays(e.to, -1)}`;
      const params = { a: e.aTitle, b: e.bTitle, from: e.from, to: e.to, period, date: e.from, conflictId: e.conflictId };
      await this.notifications.create({ userId: e.userId, type: 'booking_conflict', params: { ...params, owner: '' } });
      for (const userId of e.admins) {
        if (userId === e.userId) continue;
        await this.notifications.create({ userId, type: 'booking_conflict', params: { ...params, owner: `${e.ownerName}: `, ownerId: e.userId } });
      }
    });

    // Feeds are managed from the calendar page (its feed settings button).
    this.events.on('feed.failing', async (e) => {
      await this.notifications.create({ userId: e.userId, type: 'feed_failing', params: { source: e.feedName, since: formatWhen(e.since, this.notifications.timeZone), feedId: e.feedId } });
    });
    this.events.on('feed.recovered', async (e) => {
      await this.notifications.create({ userId: e.userId, type: 'feed_recovered', params: { source: e.feedName, feedId: e.feedId } });
    });

    // Agreements: staff made, changed or cancelled a meeting with the owner, or wrote a note they can read.
    const agreement = (type: NotificationType) => async (e: DomainEvents['agreements.created']) => {
      if (e.actorId === e.userId) return;
      await this.notifications.create({
        userId: e.userId,
        type,
        params: { title: e.title, when: formatWhen(e.meetingDate, this.notifications.timeZone), agreementId: e.agreementId },
      });
    };
    this.events.on('agreements.created', agreement('agreement_created'));
    this.events.on('agreements.changed', agreement('agreement_changed'));
    this.events.on('agreements.cancelled', agreement('agreement_cancelled'));
    this.events.on('agreements.note.added', agreement('agreement_note'));
    // The owner's note goes to the agreement's staff, who open it in the back office.
    this.events.on('agreements.owner.note.added', async (e) => {
      for (const userId of e.recipients) {
        if (userId === e.actorId) continue;
        await this.notifications.create({ userId, type: 'agreement_owner_note', params: { title: e.title, owner: e.ownerName, agreementId: e.agreementId } });
      }
    });

    // A changed payout account number could be fraud: every admin (but the one who made it) is told, and so is the
    // owner even when the change was their own, since whoever has their password could have made it (they are
    // mailed too: users/account-number-alerts.ts).
    this.events.on('users.account_number.changed', async (e) => {
      const account = e.last4 ? `•••• ${e.last4}` : '–';
      await this.notifications.create({ userId: e.userId, type: 'account_number_changed', params: { account } });
      for (const userId of e.admins) {
        if (userId === e.actorId || userId === e.userId) continue;
        await this.notifications.create({ userId, type: 'user_account_number_changed', params: { name: e.userName, account, userId: e.userId } });
      }
    });

    // Appointments (docs/appointments.md): a booking goes to its staff member; a cancellation to the other side.
    this.events.on('appointments.booked', async (e) => {
      if (e.actorId === e.staffUserId) return;
      const when = formatWhen(e.start, this.notifications.timeZone);
      await this.notifications.create({ userId: e.staffUserId, type: 'appointment_booked', params: { title: e.subject, when, owner: e.ownerName, appointmentId: e.appointmentId } });
    });
    this.events.on('appointments.cancelled', async (e) => {
      const when = formatWhen(e.start, this.notifications.timeZone);
      const params = { title: e.subject, when, owner: e.ownerName, appointmentId: e.appointmentId };
      if (e.actorId !== e.userId) await this.notifications.create({ userId: e.userId, type: 'appointment_cancelled', params });
      if (e.actorId !== e.staffUserId) await this.notifications.create({ userId: e.staffUserId, type: e.actorId === e.userId ? 'appointment_owner_cancelled' : 'appointment_cancelled', params });
    });

    // Cases: each change goes to the other side (the service names them); the link opens the case.
    const kase = (type: NotificationType) => async (e: DomainEvents['cases.closed'] & { preview?: string; assignee?: string }) => {
      const params = { caseNumber: e.caseNumber, title: e.title, caseId: e.caseId, ...(e.preview !== undefined ? { preview: e.preview } : {}), ...(e.assignee !== undefined ? { assignee: e.assignee } : {}) };
      for (const userId of e.recipients) {
        if (userId === e.actorId) continue;
        await this.notifications.create({ userId, type, params });
      }
    };
    this.events.on('cases.message.added', kase('case_message'));
    this.events.on('cases.assigned', kase('case_assigned'));
    this.events.on('cases.closed', kase('case_closed'));
    this.events.on('cases.reopened', kase('case_reopened'));
  }
}
