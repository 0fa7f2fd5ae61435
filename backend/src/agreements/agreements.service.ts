import { BadRequestException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, Repository } from 'typeorm';
import { handOverToHeirSql } from '../properties/properties.types';
import { PropertyAccess, type PropertyAction } from '../properties/property-access.service';
import type { User } from '../users/user.entity';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { containing, findPage, type ListQuery, whereIdIn } from '../common/list-query';
import type { SessionUser } from '../common/session-user';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { MailQueue } from '../mail/mail-queue.service';
import { UsersService } from '../users/users.service';
import { type AgreementMailKind, meetingMail, type StaffMailKind, staffMeetingMail } from './agreement-mails';
import { Agreement, AgreementNote, type AgreementStatus } from './agreement.entity';
import type { CreateAgreementDto, CreateAgreementNoteDto, UpdateAgreementDto } from './agreements.dto';
import type { AgreementEvent } from './agreements.events';
import { mapAgreement } from './agreements.map';
import type { AgreementView, NoteView } from './agreements.types';
import { returning } from '../database/returning';
import './agreements.events';

/** The reminder goes out this long before the meeting (docs/product/agreements.md#validation-and-limits). */
export const REMINDER_BEFORE_MS = 24 * 3_600_000;
/** How long a meeting without an end holds its staff member (the invitation makes it an hour: agreement-mails.ts). */
export const MEETING_WITHOUT_END_MS = 3_600_000;


/** A meeting an owner booked in a free slot (appointments): who, when, what and where. */
export interface BookedMeeting { staffUserId: number; ownerId: number; title: string; description: string | null; start: Date; end: Date; location: string }

/** A meeting a staff member holds, as a removal reads it (docs/roles.md#removing-a-person). */
export interface HeldMeeting { id: number; userId: number; title: string; meetingDate: Date }

/** SQL: a scheduled meeting not over at $2 (one without an end lasts $3 seconds). */
const NOT_OVER = `status = 'scheduled' AND coalesce(end_date, meeting_date + make_interval(secs => $3)) > $2`;

type Person = { id: number; name: string; email: string; isAdmin: boolean; isMiniAdmin: boolean };

const notFound = () => new NotFoundException(coded('agreement_not_found', 'Avtale ikke funnet'));
/** Staff: admins and mini admins. Both read every agreement and its private notes; only admins write. */
const isStaff = (u: SessionUser) => u.isAdmin || u.isMiniAdmin;

/**
 * Agreements and their notes. An agreement is about a property (docs/product/agreements.md#who-may-do-what): staff
 * read every agreement, its property's members read it (owners and co-owners also write notes, a viewer only reads),
 * anyone else is told it does not exist; admins create, change and delete them. Private notes are filtered here, so
 * no answer to a member can hold one. The members are mailed an invitation, changes and the cancellation (MailQueue),
 * each in their own language, and the domain events let the notifications module tell them in the app.
 */
@Injectable()
export class AgreementsService {
  private readonly logger = new Logger(AgreementsService.name);

  constructor(
    @InjectRepository(Agreement) private readonly agreements: Repository<Agreement>,
    @InjectRepository(AgreementNote) private readonly notes: Repository<AgreementNote>,
    private readonly mail: MailQueue,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: PropertyAccess,
  ) {}

  /**
   * An owner who leaves with their account leaves a shared property's meetings in place: those made with them pass to
   * another member (handOverToHeirSql), in the deletion's transaction; those of a property they alone held go with it.
   */
  onModuleInit(): void {
    this.events.onInTransaction('users.owner.deleting', async ({ ownerId }, { tx }) => {
      await tx.query(handOverToHeirSql('admin_agreements'), [ownerId]);
    });
  }

  /**
   * One page of agreements: a member's property's (`propertyId`, else their first); for staff every one, or one
   * property's when they name it (optionally one owner's, `filter.userId`).
   */
  async list(viewer: User, query: ListQuery, propertyId?: number): Promise<{ rows: AgreementView[]; total: number }> {
    const qb = this.agreements.createQueryBuilder('a').leftJoin('users', 'u', 'u.id = a.user_id');
    if (!isStaff(viewer) || propertyId !== undefined) {
      const { property } = await this.access.resolve(viewer, propertyId, 'read');
      // The first property's list also holds the person's meetings written before they had any property (none then).
      if (propertyId === undefined && !isStaff(viewer)) qb.where('(a.propertyId = :propertyId OR (a.propertyId IS NULL AND a.userId = :viewerId))', { propertyId: property.id, viewerId: viewer.id });
      else qb.where('a.propertyId = :propertyId', { propertyId: property.id });
    }
    const page = await findPage(qb, query, {
      sortable: {
        ...Object.fromEntries(['id', 'userId', 'title', 'meetingDate', 'endDate', 'meetingLocation', 'meetingType', 'status', 'createdAt', 'updatedAt'].map((p) => [p, `a.${p}`])),
        userName: 'u.name',
      },
      filters: {
        q: (b, q) => b.andWhere('(a.title ILIKE :q OR a.description ILIKE :q OR a.meetingLocation ILIKE :q OR u.name ILIKE :q)', { q: containing(q) }),
        id: (b, id) => whereIdIn(b, 'a.id', id, 'ids'),
        userId: (b, id) => whereIdIn(b, 'a.userId', id, 'userIds'),
        status: (b, status) => b.andWhere('a.status = :status', { status: String(status) }),
        propertyId: (b, id) => whereIdIn(b, 'a.propertyId', id, 'propertyIds'),
      },
      key: 'a.id',
    });
    // Without a sort of its own, the order: scheduled first, then the newest meeting first.
    const rows = query.sort ? page.rows : [...page.rows].sort((x, y) => Number(y.status === 'scheduled') - Number(x.status === 'scheduled') || y.meetingDate.getTime() - x.meetingDate.getTime() || y.id - x.id);
    return { rows: await this.withNames(rows), total: page.total };
  }

  /** The agreement if the viewer may read it: staff any, its property's members; anyone else hears it does not exist. */
  async get(viewer: User, id: number): Promise<AgreementView> {
    const agreement = await this.readable(viewer, id);
    return (await this.withNames([agreement]))[0];
  }

  /**
   * A meeting about a property with one of its members: `propertyId` names the property (the owner, when no `userId`
   * comes, is its owner), `userId` alone that person's first property (made for an owner who has none).
   */
  async create(admin: User, dto: CreateAgreementDto): Promise<{ view: AgreementView; notified: boolean }> {
    const userRequired = () => new BadRequestException(coded('agreement_user_required', 'Bruker må velges'));
    let propertyId: number;
    let ownerId = dto.userId;
    if (dto.propertyId !== undefined) {
      propertyId = (await this.access.resolve(admin, dto.propertyId, 'write')).property.id;
      const members = await this.access.memberIds(propertyId, 'manage');
      if (ownerId === undefined) ownerId = members[0];
      // A meeting about a property is with one of its members: anyone else is no owner to choose.
      else if (!(await this.access.memberIds(propertyId, 'read')).includes(ownerId)) throw userRequired();
    }
    const owner = ownerId === undefined ? null : await this.users.findById(ownerId);
    // The picker offers regular users only: a meeting is between staff and an owner.
    if (!owner || owner.isAdmin || owner.isMiniAdmin) throw userRequired();
    propertyId ??= (await this.access.resolve(owner, undefined, 'write')).property.id;
    const now = this.clock.now();
    const meetingDate = dto.meetingDate ? new Date(dto.meetingDate) : now;
    const status = dto.status ?? 'scheduled';
    const endDate = dto.endDate ? new Date(dto.endDate) : null;
    endsAfterStart(meetingDate, endDate);
    const saved = await this.agreements.save(
      this.agreements.create({
        adminId: admin.id,
        userId: owner.id,
        propertyId,
        title: dto.title,
        description: dto.description ?? null,
        meetingDate,
        endDate,
        meetingLocation: placeOf(dto) ?? null,
        meetingType: dto.meetingType ?? 'general',
        status,
        completedAt: status === 'completed' ? now : null,
        cancelledAt: status === 'cancelled' ? now : null,
        // A meeting less than a day away needs no reminder after its invitation.
        reminderSent: meetingDate.getTime() - now.getTime() <= REMINDER_BEFORE_MS,
      }),
    );
    const view = (await this.withNames([saved]))[0];
    let notified = false;
    if (status === 'scheduled' && meetingDate > now) {
      notified = await this.mailMembers('invitation', saved, view.adminName);
      await this.events.emit('agreements.created', await this.eventOf(saved, admin.id));
    }
    return { view, notified };
  }

  async update(admin: User, id: number, dto: UpdateAgreementDto): Promise<AgreementView> {
    const a = await this.readable(admin, id);
    const now = this.clock.now();
    const before = { status: a.status, meeting: meetingFields(a) };
    if (dto.title !== undefined) a.title = dto.title;
    if (dto.description !== undefined) a.description = dto.description;
    if (dto.meetingDate !== undefined) {
      const moved = new Date(dto.meetingDate);
      // A meeting moved without a new end keeps its length, as calendar apps move one.
      if (dto.endDate === undefined && a.endDate) a.endDate = new Date(a.endDate.getTime() + moved.getTime() - a.meetingDate.getTime());
      a.meetingDate = moved;
    }
    if (dto.endDate !== undefined) a.endDate = dto.endDate === null ? null : new Date(dto.endDate);
    const place = placeOf(dto);
    if (place !== undefined) a.meetingLocation = place;
    if (dto.meetingType !== undefined) a.meetingType = dto.meetingType;
    if (dto.status !== undefined && dto.status !== a.status) setStatus(a, dto.status, now);

    // Checked on the whole record, before anything is saved.
    endsAfterStart(a.meetingDate, a.endDate);
    const meetingChanged = meetingFields(a) !== before.meeting;
    if (a.meetingDate.getTime() !== JSON.parse(before.meeting).meetingDate) {
      // A moved meeting is reminded again, unless it is now less than a day away (the update mail says it).
      a.reminderSent = a.meetingDate.getTime() - now.getTime() <= REMINDER_BEFORE_MS;
    }
    const cancelled = before.status !== 'cancelled' && a.status === 'cancelled';
    const changed = a.status === 'scheduled' && (meetingChanged || before.status === 'cancelled');
    const mailKind: AgreementMailKind | null = a.meetingDate > now ? (cancelled ? 'cancellation' : changed ? 'update' : null) : null;
    if (mailKind) a.icsSequence += 1;
    const saved = await this.agreements.save(a);
    const view = (await this.withNames([saved]))[0];
    if (mailKind) await this.mailMembers(mailKind, saved, view.adminName);
    if (cancelled) await this.events.emit('agreements.cancelled', await this.eventOf(saved, admin.id));
    else if (changed) await this.events.emit('agreements.changed', await this.eventOf(saved, admin.id));
    return view;
  }

  /** Deletes the agreement and its notes; a meeting still to come is cancelled in the owner's calendar. */
  async remove(admin: User, id: number): Promise<Agreement> {
    const a = await this.readable(admin, id);
    const [view] = await this.withNames([a]);
    await this.agreements.delete({ id });
    if (a.status === 'scheduled' && a.meetingDate > this.clock.now()) {
      a.icsSequence += 1;
      await this.mailMembers('cancellation', a, view.adminName);
      await this.events.emit('agreements.cancelled', await this.eventOf(a, admin.id));
    }
    return a;
  }

  /**
   * The meeting of an appointment an owner booked, saved in the booking's transaction (docs/appointments.md): made
   * by the staff member who takes it, so it counts as theirs when free slots are read. Mails and events wait for
   * the commit (announceBooked).
   */
  async insertBooked(tx: EntityManager, m: BookedMeeting): Promise<Agreement> {
    const now = this.clock.now();
    const repo = tx.getRepository(Agreement);
    return repo.save(
      repo.create({
        adminId: m.staffUserId,
        userId: m.ownerId,
        title: m.title,
        description: m.description,
        meetingDate: m.start,
        endDate: m.end,
        meetingLocation: m.location,
        meetingType: 'consultation',
        status: 'scheduled',
        reminderSent: m.start.getTime() - now.getTime() <= REMINDER_BEFORE_MS,
      }),
    );
  }

  /**
   * After a booking committed: the owner's invitation (as an agreement made by staff sends) and the staff member's
   * copy. No agreements.* event: the appointments module tells the staff member in the app itself.
   */
  async announceBooked(agreementId: number, staffLink: string): Promise<void> {
    const a = await this.agreements.findOneBy({ id: agreementId });
    if (!a) return;
    const [view] = await this.withNames([a]);
    await this.mailMembers('invitation', a, view.adminName);
    await this.mailStaff('invitation', a, staffLink);
  }

  /**
   * Cancels the meeting of a cancelled appointment: the owner's cancellation mail and the staff member's, both with
   * METHOD:CANCEL and the raised SEQUENCE. A meeting already cancelled or gone is left alone. No agreements.* event:
   * the appointments module tells the other side in the app.
   */
  async cancelBooked(agreementId: number, staffLink: string): Promise<void> {
    const a = await this.agreements.findOneBy({ id: agreementId });
    if (!a || a.status === 'cancelled') return;
    setStatus(a, 'cancelled', this.clock.now());
    a.icsSequence += 1;
    const saved = await this.agreements.save(a);
    const [view] = await this.withNames([saved]);
    await this.mailMembers('cancellation', saved, view.adminName);
    await this.mailStaff('cancellation', saved, staffLink);
  }

  /** A staff member's scheduled meetings not over at `now` (docs/roles.md#removing-a-person), with their owner and time. */
  async heldIn(tx: EntityManager, staffId: number, now: Date): Promise<HeldMeeting[]> {
    return tx.query(`SELECT id, user_id AS "userId", title, meeting_date AS "meetingDate" FROM admin_agreements WHERE admin_id = $1 AND ${NOT_OVER}`, [staffId, now, MEETING_WITHOUT_END_MS / 1000]);
  }

  /** The owner's scheduled meetings not over at `now` that a staff member holds (their owner is being deleted). */
  async ownerMeetingsIn(tx: EntityManager, ownerId: number, now: Date): Promise<(HeldMeeting & { adminId: number })[]> {
    return tx.query(`SELECT id, user_id AS "userId", admin_id AS "adminId", title, meeting_date AS "meetingDate" FROM admin_agreements WHERE user_id = $1 AND admin_id IS NOT NULL AND ${NOT_OVER}`, [ownerId, now, MEETING_WITHOUT_END_MS / 1000]);
  }

  /** Gives a departing staff member's scheduled meetings not over yet to `successorId`, in the removal's transaction. */
  async handOverIn(tx: EntityManager, staffId: number, successorId: number, now: Date): Promise<HeldMeeting[]> {
    return returning(tx, `UPDATE admin_agreements SET admin_id = $4, updated_at = $2 WHERE admin_id = $1 AND ${NOT_OVER} RETURNING id, user_id AS "userId", title, meeting_date AS "meetingDate"`, [staffId, now, MEETING_WITHOUT_END_MS / 1000, successorId]);
  }

  /** Cancels a departing staff member's scheduled meetings not over yet, in the removal's transaction; announceWithdrawn tells the owners. */
  async cancelHeldIn(tx: EntityManager, staffId: number, now: Date): Promise<HeldMeeting[]> {
    return returning(
      tx,
      `UPDATE admin_agreements SET status = 'cancelled', cancelled_at = $2, completed_at = NULL, ics_sequence = ics_sequence + 1, updated_at = $2
        WHERE admin_id = $1 AND ${NOT_OVER} RETURNING id, user_id AS "userId", title, meeting_date AS "meetingDate"`,
      [staffId, now, MEETING_WITHOUT_END_MS / 1000],
    );
  }

  /**
   * After cancelHeldIn committed: each owner's cancellation mail, and, for a meeting the appointments module does not
   * announce itself (`told`), the agreements.cancelled event that tells the owner in the app.
   */
  async announceWithdrawn(meetings: HeldMeeting[], actorId: number, told: Set<number>): Promise<void> {
    const rows = meetings.length ? await this.agreements.findBy({ id: In(meetings.map((m) => m.id)) }) : [];
    for (const view of await this.withNames(rows)) {
      const a = view.agreement;
      if (a.meetingDate > this.clock.now()) await this.mailMembers('cancellation', a, view.adminName);
      if (!told.has(a.id)) await this.events.emit('agreements.cancelled', await this.eventOf(a, actorId));
    }
  }

  /** The notes the viewer may read, oldest first: an owner never gets a private one. */
  /** The scheduled meetings the staff members hold that overlap [from, to): what keeps them from taking an appointment then. */
  async heldMeetings(staff: number[], from: Date, to: Date): Promise<{ staffUserId: number; start: Date; end: Date }[]> {
    if (!staff.length) return [];
    const rows = await this.agreements
      .createQueryBuilder('a')
      .where(`a.status = 'scheduled'`)
      .andWhere('a.adminId IN (:...staff)', { staff })
      .andWhere('a.meetingDate < :to', { to })
      .andWhere(`coalesce(a.end_date, a.meeting_date + make_interval(secs => :withoutEnd)) > :from`, { from, withoutEnd: MEETING_WITHOUT_END_MS / 1000 })
      .getMany();
    return rows.map((a) => ({ staffUserId: a.adminId!, start: a.meetingDate, end: a.endDate ?? new Date(a.meetingDate.getTime() + MEETING_WITHOUT_END_MS) }));
  }

  async listNotes(viewer: User, agreementId: number): Promise<NoteView[]> {
    await this.readable(viewer, agreementId);
    const where = isStaff(viewer) ? { agreementId } : { agreementId, isPrivate: false };
    return this.withAuthors(await this.notes.find({ where, order: { createdAt: 'ASC', id: 'ASC' } }));
  }

  /**
   * The property's owners and co-owners add notes to its agreements (a viewer only reads: 403 property_read_only);
   * admins to any, private ones too. Mini admins only read.
   */
  async addNote(viewer: User, agreementId: number, dto: CreateAgreementNoteDto): Promise<NoteView> {
    const a = await this.readable(viewer, agreementId, 'write');
    if (isStaff(viewer) && !viewer.isAdmin) throw new ForbiddenException(coded('read_only', 'Kun lesing'));
    if (dto.isPrivate && !viewer.isAdmin) throw new ForbiddenException(coded('agreement_private_note_admin_only', 'Bare administratorer kan skrive private notater'));
    const note = await this.notes.save(this.notes.create({ agreementId, authorId: viewer.id, content: dto.content, isPrivate: dto.isPrivate ?? false }));
    // The other members read it (a private note is staff's alone); a member's note also goes to the agreement's staff.
    const event = await this.eventOf(a, viewer.id);
    if (!note.isPrivate) await this.events.emit('agreements.note.added', { ...event, noteId: note.id });
    if (!isStaff(viewer)) {
      const recipients = await this.staffOf(a);
      if (recipients.length) await this.events.emit('agreements.owner.note.added', { ...event, noteId: note.id, ownerName: viewer.name, recipients });
    }
    return (await this.withAuthors([note]))[0];
  }

  /**
   * The staff an owner's note is for: the agreement's creator and every staff member who wrote a note on it, as long
   * as their account still exists and is staff.
   */
  private async staffOf(a: Agreement): Promise<number[]> {
    const authors = await this.notes.createQueryBuilder('n').select('DISTINCT n.authorId', 'authorId').where('n.agreementId = :id AND n.authorId IS NOT NULL', { id: a.id }).getRawMany<{ authorId: number }>();
    const people = await this.people([...(a.adminId ? [a.adminId] : []), ...authors.map((r) => r.authorId)]);
    return [...people.values()].filter((p) => p.isAdmin || p.isMiniAdmin).map((p) => p.id);
  }

  /**
   * The owners of scheduled meetings starting within the next 24 hours that were not reminded yet, claimed in one
   * conditional UPDATE: of several instances or a rerun after a restart, only one run gets each row, so a
   * reminder is sent at most once (a crash between the claim and the queueing loses it rather than doubling it).
   */
  async sendDueReminders(): Promise<{ reminded: number }> {
    const now = this.clock.now();
    const claimed = await this.agreements
      .createQueryBuilder()
      .update()
      .set({ reminderSent: true })
      .where(`status = 'scheduled' AND NOT reminder_sent AND meeting_date > :now AND meeting_date <= :until`, { now, until: new Date(now.getTime() + REMINDER_BEFORE_MS) })
      .returning(['id'])
      .execute();
    const ids = (claimed.raw as { id: number }[]).map((r) => r.id);
    const rows = ids.length ? await this.agreements.findBy({ id: In(ids) }) : [];
    for (const view of await this.withNames(rows)) await this.mailMembers('reminder', view.agreement, view.adminName);
    return { reminded: rows.length };
  }

  /**
   * The agreement if the viewer may do `action` to it: staff reach any (the routes' roles decide their writes), a
   * member of its property what their role allows (a viewer writing: 403 property_read_only); anyone else, and a
   * member of another property, hears it does not exist.
   */
  private async readable(viewer: User, id: number, action: PropertyAction = 'read'): Promise<Agreement> {
    const a = await this.agreements.findOneBy({ id });
    if (!a) throw notFound();
    if (isStaff(viewer)) return a;
    if (a.propertyId === null) {
      if (a.userId !== viewer.id) throw notFound();
      return a;
    }
    try {
      await this.access.resolve(viewer, a.propertyId, action);
    } catch (error) {
      throw error instanceof NotFoundException ? notFound() : error;
    }
    return a;
  }

  /** Whom an agreement's news and mails reach: every member of its property (its owner alone when it names none). */
  private async membersOf(a: Agreement): Promise<number[]> {
    return a.propertyId === null ? [a.userId] : this.access.memberIds(a.propertyId, 'read');
  }

  private async eventOf(a: Agreement, actorId: number): Promise<AgreementEvent> {
    return {
      userId: a.userId, actorId, agreementId: a.id, propertyId: a.propertyId, members: await this.membersOf(a),
      title: a.title, meetingDate: a.meetingDate.toISOString(), endDate: a.endDate?.toISOString() ?? null,
      agreement: mapAgreement((await this.withNames([a]))[0]),
    };
  }

  /**
   * Queues a meeting mail to each member of the agreement's property, each in their own language and addressed to
   * them; true when at least one was queued. Never fails the change.
   */
  private async mailMembers(kind: AgreementMailKind, a: Agreement, adminName: string | null): Promise<boolean> {
    let queued = false;
    try {
      const people = await this.people(await this.membersOf(a));
      for (const member of people.values()) {
        if (!member.email) continue;
        const message = meetingMail(kind, {
          agreement: a,
          owner: member,
          adminName: adminName ?? 'Eierportal',
          language: await this.users.languageOf(member.id),
          publicUrl: this.config.publicUrl,
          mailFrom: this.config.mailFrom,
          timeZone: this.config.businessTimeZone,
          now: this.clock.now(),
        });
        queued = (await this.mail.enqueue(message)) || queued;
      }
    } catch (e) {
      this.logger.error(`agreement ${a.id} ${kind} mail: ${errorForLog(e)}`);
    }
    return queued;
  }

  /** Queues the staff member's copy of a booked meeting in their language; never fails the change. */
  private async mailStaff(kind: StaffMailKind, a: Agreement, link: string): Promise<boolean> {
    try {
      if (!a.adminId) return false;
      const people = await this.people([a.userId, a.adminId]);
      const owner = people.get(a.userId);
      const staff = people.get(a.adminId);
      if (!owner || !staff?.email) return false;
      const message = staffMeetingMail(kind, {
        agreement: a,
        owner,
        staff,
        link,
        adminName: staff.name,
        language: await this.users.languageOf(staff.id),
        publicUrl: this.config.publicUrl,
        mailFrom: this.config.mailFrom,
        timeZone: this.config.businessTimeZone,
        now: this.clock.now(),
      });
      return await this.mail.enqueue(message);
    } catch (e) {
      this.logger.error(`agreement ${a.id} staff ${kind} mail: ${errorForLog(e)}`);
      return false;
    }
  }

  /** Names and roles of accounts, read in one query (a deleted account is simply missing). */
  private async people(ids: number[]): Promise<Map<number, Person>> {
    const users = await this.users.byIds(ids);
    return new Map([...users.values()].map((u) => [u.id, { id: u.id, name: u.name, email: u.email, isAdmin: u.isAdmin, isMiniAdmin: u.isMiniAdmin }]));
  }

  /** The rows with their people's and properties' names, each read once for the whole page. */
  private async withNames(rows: Agreement[]): Promise<AgreementView[]> {
    const propertyIds = [...new Set(rows.flatMap((a) => (a.propertyId === null ? [] : [a.propertyId])))];
    const [people, properties] = await Promise.all([
      this.people(rows.flatMap((a) => (a.adminId ? [a.userId, a.adminId] : [a.userId]))),
      this.access.namesOf(propertyIds),
    ]);
    const propertyNames = properties;
    return rows.map((agreement) => ({
      agreement,
      userName: people.get(agreement.userId)?.name ?? null,
      adminName: agreement.adminId ? (people.get(agreement.adminId)?.name ?? null) : null,
      propertyName: agreement.propertyId === null ? null : (propertyNames.get(agreement.propertyId) ?? null),
    }));
  }

  private async withAuthors(notes: AgreementNote[]): Promise<NoteView[]> {
    const people = await this.people(notes.flatMap((n) => (n.authorId ? [n.authorId] : [])));
    return notes.map((note) => {
      const author = note.authorId ? people.get(note.authorId) : undefined;
      return { note, authorName: author?.name ?? null, authorIsAdmin: Boolean(author && (author.isAdmin || author.isMiniAdmin)) };
    });
  }
}

/** The place under either of its names: meetingLocation, else location; undefined when neither came. */
function placeOf(dto: { meetingLocation?: string | null; location?: string | null }): string | null | undefined {
  const place = dto.meetingLocation !== undefined ? dto.meetingLocation : dto.location;
  return place === undefined ? undefined : place || null;
}

/** What the owner's calendar shows of a meeting, as one comparable string. */
function meetingFields(a: Agreement): string {
  return JSON.stringify({ title: a.title, description: a.description, meetingDate: a.meetingDate.getTime(), endDate: a.endDate?.getTime() ?? null, place: a.meetingLocation });
}

/** Any status may be chosen; completedAt and cancelledAt say when it became so. */
/** A meeting's end, when it has one, comes after its start (the invitation's DTEND takes it). */
function endsAfterStart(start: Date, end: Date | null): void {
  if (end && end.getTime() <= start.getTime()) throw new BadRequestException(coded('agreement_end_before_start', 'Sluttid må være etter starttid'));
}

function setStatus(a: Agreement, status: AgreementStatus, now: Date): void {
  a.status = status;
  a.completedAt = status === 'completed' ? now : null;
  a.cancelledAt = status === 'cancelled' ? now : null;
}
