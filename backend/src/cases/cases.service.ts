import { BadRequestException, ConflictException, ForbiddenException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException, OnModuleInit, PayloadTooLargeException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { storedFileName } from '../common/adapters/file-name';
import { FileStore, type OpenedFile } from '../common/adapters/file-store';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { containing, findPage, type ListQuery, whereIdIn, asBoolean } from '../common/list-query';
import type { SessionUser } from '../common/session-user';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DEFAULT_UPLOAD_QUOTA_MB, UPLOAD_QUOTA_MB } from '../system/system-settings.dto';
import { SystemSettingsService } from '../system/system-settings.service';
import { UsersService } from '../users/users.service';
import { DatabasePort, LOCK_UPLOAD_RESERVATIONS } from '../database/database.port';
import { Case, CaseAttachment, type CaseDepartment, CaseMessage } from './case.entity';
import type { AssignCaseDto, CreateCaseDto, CreateCaseMessageDto } from './cases.dto';
import { mapCase, mapMessage } from './cases.map';
import type { CaseView, MessageView } from './cases.types';
import { type CaseEvent } from './cases.events';
import { returning } from '../database/returning';
import { firstPropertySql } from '../properties/properties.types';
import { PropertyAccess } from '../properties/property-access.service';
import { PayoutLinesService } from '../payouts/payout-lines.service';

/** A case with what its answers add: names read live from the accounts, and the viewer's unread count. */
/** A file already streamed into the FileStore for this message (AttachmentStorage), under its safe name. */
export interface UploadedPart { id: string; byteSize: number; contentType: string; originalName: string }

const DEPARTMENT_NAMES: Record<CaseDepartment, string> = {
  it_dept: 'IT-avdelingen',
  customer_service: 'Kundeservice',
  homeowner_service: 'Huseierservice',
  finance_dept: 'Økonomiavdelingen',
  insurance: 'Forsikring',
};

const notFound = () => new NotFoundException(coded('case_not_found', 'Saken finnes ikke'));
const readOnly = () => new ForbiddenException(coded('read_only', 'Kun lesing'));
const isStaff = (u: SessionUser) => u.isAdmin || u.isMiniAdmin;
const PREVIEW = 200;
const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
const closed = () => new ConflictException(coded('case_closed', 'Saken er lukket og tar ikke imot nye meldinger'));

/**
 * Customer-service cases. An owner reads and writes only their own (anyone else's answers as missing); staff read
 * every case, admins also write, assign, close and reopen any; mini admins only read. Which side wrote a message
 * decides whose unread it counts as: viewing the messages marks the other side's read. Each change is a domain
 * event for the other side, which the notifications module turns into a notification pushed over /ws.
 */
@Injectable()
export class CasesService implements OnModuleInit {
  private readonly logger = new Logger(CasesService.name);

  constructor(
    @InjectRepository(Case) private readonly cases: Repository<Case>,
    @InjectRepository(CaseMessage) private readonly messages: Repository<CaseMessage>,
    @InjectRepository(CaseAttachment) private readonly attachments: Repository<CaseAttachment>,
    private readonly db: DatabasePort,
    private readonly dataSource: DataSource,
    private readonly files: FileStore,
    private readonly events: EventBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SystemSettingsService,
    private readonly users: UsersService,
    private readonly access: PropertyAccess,
    private readonly payoutLines: PayoutLinesService,
  ) {}

  /**
   * A staff member's open cases do not vanish with them (docs/roles.md#removing-a-person): they go to the successor,
   * or back to customer service with the owner told; an owner's open cases, which their deletion takes with them,
   * are told to the assignee.
   */
  onModuleInit(): void {
    type Row = { id: number; case_number: string; title: string; user_id: number; admin_id: number | null };
    const tell = (rows: Row[], event: (r: Row) => Promise<void>) => async () => {
      for (const r of rows) await event(r);
    };
    this.events.onInTransaction('users.work.counting', async ({ staffId, held }, { tx }) => {
      const [{ n }]: { n: number }[] = await tx.query('SELECT count(*)::int AS n FROM cases WHERE admin_id = $1 AND NOT is_closed', [staffId]);
      held.cases += n;
    });
    this.events.onInTransaction('users.work.handing_over', async ({ from, successorId, now }, { tx, afterCommit }) => {
      const rows = await returning<Row>(tx, 'UPDATE cases SET admin_id = $2, updated_at = $3 WHERE admin_id = $1 AND NOT is_closed RETURNING id, case_number, title, user_id, admin_id', [from.id, successorId, now]);
      afterCommit(tell(rows, (r) => this.events.emit('cases.handed_over', { caseId: r.id, caseNumber: r.case_number, title: r.title, successorId, fromName: from.name })));
    });
    this.events.onInTransaction('users.work.cancelling', async ({ staffId, now }, { tx, afterCommit }) => {
      const rows = await returning<Row>(
        tx,
        `UPDATE cases SET admin_id = NULL, status = CASE WHEN status = 'in_progress' THEN 'open' ELSE status END, updated_at = $2
          WHERE admin_id = $1 AND NOT is_closed RETURNING id, case_number, title, user_id, admin_id`,
        [staffId, now],
      );
      afterCommit(tell(rows, (r) => this.events.emit('cases.released', { caseId: r.id, caseNumber: r.case_number, title: r.title, userId: r.user_id })));
    });
    this.events.onInTransaction('users.owner.deleting', async ({ ownerId, ownerName }, { tx, afterCommit }) => {
      const rows: Row[] = await tx.query('SELECT id, case_number, title, user_id, admin_id FROM cases WHERE user_id = $1 AND admin_id IS NOT NULL AND NOT is_closed', [ownerId]);
      afterCommit(tell(rows, (r) => this.events.emit('cases.owner.removed', { staffUserId: r.admin_id!, ownerName, caseNumber: r.case_number, title: r.title })));
    });
  }

  private sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.dataSource.query(text, params);
  }

  get attachmentMaxBytes(): number {
    return this.config.cases.attachmentMaxBytes;
  }

  /** The viewer's own cases, newest activity first; `state` picks the open list or the archive. */
  async listOwn(viewer: SessionUser, state?: 'open' | 'closed'): Promise<CaseView[]> {
    const where = state ? { userId: viewer.id, isClosed: state === 'closed' } : { userId: viewer.id };
    const rows = await this.cases.find({ where, order: { updatedAt: 'DESC', id: 'DESC' } });
    return this.views(rows, viewer);
  }

  /** Staff's list: every case, with react-admin's sort, range and filters. */
  async listAll(viewer: SessionUser, query: ListQuery): Promise<{ rows: CaseView[]; total: number }> {
    const qb = this.cases.createQueryBuilder('c');
    // ?q also finds the cases of owners whose name or username holds the text.
    const owners = query.filter.q !== undefined ? await this.users.idsNamedLike(query.filter.q) : [];
    const page = await findPage(qb, query, {
      sortable: Object.fromEntries(
        ['id', 'userId', 'adminId', 'department', 'caseNumber', 'title', 'category', 'priority', 'status', 'isClosed', 'closedAt', 'createdAt', 'updatedAt', 'lastMessageAt', 'messageCount'].map((p) => [p, `c.${p}`]),
      ),
      filters: {
        q: (b, q) =>
          b.andWhere('(c.title ILIKE :q OR c.caseNumber ILIKE :q OR c.userId = ANY(CAST(:owners AS int[])))', { q: containing(q), owners }),
        id: (b, id) => whereIdIn(b, 'c.id', id, 'ids'),
        userId: (b, id) => whereIdIn(b, 'c.userId', id, 'userIds'),
        propertyId: (b, id) => whereIdIn(b, 'c.propertyId', id, 'propertyIds'),
        adminId: (b, id) => (id === 'none' ? b.andWhere('c.adminId IS NULL') : whereIdIn(b, 'c.adminId', id, 'adminIds')),
        department: (b, d) => b.andWhere('c.department = :department', { department: String(d) }),
        status: (b, s) => b.andWhere('c.status = :status', { status: String(s) }),
        isClosed: (b, v) => b.andWhere('c.isClosed = :isClosed', { isClosed: asBoolean(v) }),
        priority: (b, p) => b.andWhere('c.priority = :priority', { priority: String(p) }),
        category: (b, p) => b.andWhere('c.category = :category', { category: String(p) }),
      },
      key: 'c.id',
    });
    return { rows: await this.views(page.rows, viewer), total: page.total };
  }

  async get(viewer: SessionUser, id: number): Promise<CaseView> {
    const kase = await this.readable(viewer, id);
    const [view] = await this.views([kase], viewer);
    view.attachments = await this.attachments.find({ where: { caseId: id }, order: { id: 'ASC' } });
    return view;
  }

  /**
   * Opens a case for the viewer (an admin: for `userId`), about `propertyId` when it names one of the owner's
   * properties (any role: 404 property_not_found otherwise), else the owner's first property, or none when they have none.
   */
  async create(viewer: SessionUser, dto: CreateCaseDto): Promise<CaseView> {
    let owner: { id: number } = viewer;
    if (dto.userId !== undefined && dto.userId !== viewer.id) {
      if (!viewer.isAdmin) throw new ForbiddenException(coded('case_user_admin_only', 'Bare administratorer kan opprette saker for andre'));
      const found = await this.users.findById(dto.userId);
      if (!found) throw new BadRequestException(coded('case_user_not_found', 'Brukeren finnes ikke'));
      owner = found;
    } else if (viewer.isMiniAdmin && !viewer.isAdmin) {
      throw readOnly();
    }
    const ownerId = owner.id;
    // The owner's own membership decides, even when an admin opens it for them: a case names only a property of theirs.
    // A question about a payout's line is about the payout's property, which the owner must see the money of.
    const question = dto.payoutId === undefined || dto.payoutLineId === undefined ? null : { payoutId: dto.payoutId, payoutLineId: dto.payoutLineId };
    const named = question
      ? (await this.payoutLines.questionOf((await this.users.findById(ownerId))!, question.payoutId, question.payoutLineId)).propertyId
      : dto.propertyId === undefined
        ? undefined
        : await this.ownPropertyOf(owner, dto.propertyId);
    const now = this.clock.now();
    const asStaff = ownerId !== viewer.id;
    const { saved: kase, first } = await this.db.transaction(async (tx) => {
      const [{ n, first: firstProperty }] = await tx.query(`SELECT nextval('case_number_seq')::int AS n, ${firstPropertySql('$1')} AS first`, [ownerId]);
      const saved = await tx.getRepository(Case).save(
        tx.getRepository(Case).create({
          userId: ownerId,
          propertyId: named ?? firstProperty ?? null,
          payoutId: question?.payoutId ?? null,
          payoutLineId: question?.payoutLineId ?? null,
          caseNumber: caseNumber(now, n),
          title: dto.title,
          category: dto.category,
          priority: dto.priority ?? 'medium',
          status: dto.status ?? 'open',
          messageCount: 1,
          lastMessage: dto.message.slice(0, PREVIEW),
          lastMessageAt: now,
          createdAt: now,
          updatedAt: now,
        }),
      );
      const first = await tx.getRepository(CaseMessage).save(
        tx.getRepository(CaseMessage).create({ caseId: saved.id, senderId: viewer.id, targetUserId: asStaff ? ownerId : null, message: dto.message, isAdminMessage: asStaff, createdAt: now }),
      );
      return { saved, first };
    });
    const recipients = asStaff ? [ownerId] : await this.staffFor(kase);
    await this.emit('cases.message.added', kase, viewer.id, recipients, { messageId: first.id, preview: dto.message.slice(0, 120) });
    const view = (await this.views([kase], viewer))[0];
    await this.events.emit('cases.created', { caseId: kase.id, case: mapCase(view), message: mapMessage((await this.withSenders([first], []))[0]) });
    return view;
  }

  /** The messages, oldest first; the viewer's side reading them marks the other side's unread ones read. */
  async listMessages(viewer: SessionUser, caseId: number): Promise<MessageView[]> {
    const kase = await this.readable(viewer, caseId);
    const side = this.sideOf(viewer, kase);
    if (side) {
      await this.messages
        .createQueryBuilder()
        .update()
        .set({ isRead: true, readAt: this.clock.now() })
        .where('case_id = :caseId AND NOT is_read AND is_admin_message = :other', { caseId, other: side === 'owner' })
        .execute();
    }
    const rows = await this.messages.find({ where: { caseId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return this.withSenders(rows);
  }

  /**
   * Whether the viewer may send attachments to this case, asked before the upload's body is read: the case as
   * addMessage checks it (404, 403, 409).
   */
  async checkUploadTarget(viewer: SessionUser, caseId: number | undefined): Promise<void> {
    if (caseId === undefined) throw new BadRequestException(coded('invalid_id', 'Ugyldig id'));
    const kase = await this.readable(viewer, caseId);
    if (!this.sideOf(viewer, kase)) throw readOnly();
    if (kase.isClosed) throw closed();
  }

  /**
   * Reserves the bytes of one upload from the viewer's quota (a system setting in MB per 24 hours) before its body is
   * read (docs/product/cases.md#attachments): what the last 24 hours kept and the uploads under way hold counts as
   * spent, so uploads side by side never pass the quota together; at most MAX_CONCURRENT_UPLOADS run at once (429).
   * `declared` is the body's Content-Length when given; the reservation is what the body may hold, at most what is
   * left. Release it with releaseUpload when the request ends.
   */
  async reserveUpload(viewer: SessionUser, declared: number | undefined, overhead: number): Promise<UploadReservation> {
    const quotaMb = await this.settings.count(UPLOAD_QUOTA_MB, DEFAULT_UPLOAD_QUOTA_MB);
    return this.db.transaction(async (tx) => {
      // One reservation per person at a time: two counting the same spent bytes would both pass.
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_UPLOAD_RESERVATIONS, viewer.id]);
      const now = this.clock.now();
      await tx.query('DELETE FROM upload_reservations WHERE user_id = $1 AND expires_at <= $2', [viewer.id, now]);
      const [held] = await tx.query('SELECT count(*)::int AS n, coalesce(sum(bytes), 0)::bigint AS bytes FROM upload_reservations WHERE user_id = $1', [viewer.id]);
      if (held.n >= MAX_CONCURRENT_UPLOADS) {
        throw new HttpException(coded('case_upload_busy', `Du laster allerede opp ${MAX_CONCURRENT_UPLOADS} filer samtidig. Vent til de er ferdige og prøv igjen.`, { max: MAX_CONCURRENT_UPLOADS }), HttpStatus.TOO_MANY_REQUESTS);
      }
      const remaining = quotaMb * MB - (await this.uploadedToday(viewer.id, tx)) - Number(held.bytes);
      if (remaining <= 0 || (declared !== undefined && declared > remaining + overhead)) throw quotaExceededError(quotaMb);
      const bytes = declared === undefined ? remaining : Math.min(declared, remaining);
      const [row] = await tx.query('INSERT INTO upload_reservations (user_id, bytes, expires_at) VALUES ($1, $2, $3) RETURNING id', [viewer.id, bytes, new Date(now.getTime() + RESERVATION_MS)]);
      return { id: row.id as number, bytes, quotaMb };
    });
  }

  /** Gives an upload's reservation back (its request ended; what it stored now counts as uploaded). */
  async releaseUpload(id: number): Promise<void> {
    await this.sql('DELETE FROM upload_reservations WHERE id = $1', [id]);
  }

  /** Bytes the person attached in the last 24 hours. */
  private async uploadedToday(userId: number, tx?: { query: DataSource['query'] }): Promise<number> {
    const since = new Date(this.clock.now().getTime() - DAY_MS);
    const [row] = await (tx ?? this.dataSource).query('SELECT coalesce(sum(file_size), 0)::bigint AS n FROM case_attachments WHERE uploader_id = $1 AND created_at > $2', [userId, since]);
    return Number(row.n);
  }

  /**
   * Adds a message, with its attachments (already in the FileStore, AttachmentStorage), to an open case. A refusal
   * keeps nothing: the stored files are removed again and the client keeps its text.
   */
  async addMessage(viewer: SessionUser, caseId: number, dto: CreateCaseMessageDto, parts: UploadedPart[] = []): Promise<MessageView> {
    let written: Awaited<ReturnType<CasesService['writeMessage']>>;
    try {
      written = await this.writeMessage(viewer, caseId, dto, parts);
    } catch (e) {
      await this.removeFiles(parts.map((p) => p.id));
      throw e;
    }
    const { kase, saved, isAdminMessage } = written;
    const recipients = isAdminMessage ? [kase.userId] : await this.staffFor(kase);
    await this.emit('cases.message.added', kase, viewer.id, recipients, { messageId: saved.message.id, preview: dto.message.slice(0, 120) });
    const view = (await this.withSenders([saved.message], saved.attachments))[0];
    await this.events.emit('cases.message.written', { caseId: kase.id, message: mapMessage(view) });
    return view;
  }

  private async writeMessage(viewer: SessionUser, caseId: number, dto: CreateCaseMessageDto, parts: UploadedPart[]) {
    const kase = await this.readable(viewer, caseId);
    const side = this.sideOf(viewer, kase);
    if (!side) throw readOnly();
    if (kase.isClosed) throw closed();
    const stored = parts.map((info) => ({ info, name: storedFileName(info.originalName, info.contentType) ?? info.originalName }));
    const now = this.clock.now();
    const isAdminMessage = side === 'staff';
    // An owner writes to customer service: a target they name is not looked up, not kept and not shown back.
    const targetUserId = isAdminMessage ? (dto.targetUserId ?? kase.userId) : kase.adminId;
    const bytes = parts.reduce((sum, p) => sum + p.byteSize, 0);
    const quotaMb = bytes > 0 ? await this.settings.count(UPLOAD_QUOTA_MB, DEFAULT_UPLOAD_QUOTA_MB) : 0;
    const saved = await this.db.transaction(async (tx) => {
      // Uploads that ran side by side each passed the gate; together they must still fit the quota.
      if (bytes > 0 && (await this.uploadedToday(viewer.id, tx)) + bytes > quotaMb * MB) throw quotaExceededError(quotaMb);
      const message = await tx.getRepository(CaseMessage).save(
        tx.getRepository(CaseMessage).create({ caseId, senderId: viewer.id, targetUserId, message: dto.message, isAdminMessage, createdAt: now }),
      );
      const attachments = stored.length
        ? await tx.getRepository(CaseAttachment).save(
            stored.map(({ info, name }) =>
              tx.getRepository(CaseAttachment).create({ caseId, messageId: message.id, fileId: info.id, fileName: name, fileType: info.contentType, fileSize: info.byteSize, uploaderId: viewer.id, createdAt: now }),
            ),
          )
        : [];
      await tx
        .getRepository(Case)
        .createQueryBuilder()
        .update()
        .set({ messageCount: () => 'message_count + 1', lastMessage: dto.message.slice(0, PREVIEW), lastMessageAt: now, updatedAt: now, ...(isAdminMessage && kase.status === 'open' ? { status: 'in_progress' as const } : {}) })
        .where('id = :caseId', { caseId })
        .execute();
      return { message, attachments };
    });
    return { kase, saved, isAdminMessage };
  }

  /** Marks one message read, when the viewer is the side it was written to; the writer's own side leaves it. */
  async markRead(viewer: SessionUser, messageId: number): Promise<CaseMessage> {
    const message = await this.messages.findOneBy({ id: messageId });
    if (!message) throw new NotFoundException(coded('case_message_not_found', 'Meldingen finnes ikke'));
    const kase = await this.readable(viewer, message.caseId).catch(() => {
      throw new NotFoundException(coded('case_message_not_found', 'Meldingen finnes ikke'));
    });
    const side = this.sideOf(viewer, kase);
    if (!side) throw readOnly();
    if (!message.isRead && message.isAdminMessage === (side === 'owner')) {
      message.isRead = true;
      message.readAt = this.clock.now();
      await this.messages.update({ id: message.id }, { isRead: true, readAt: message.readAt });
    }
    return message;
  }

  async close(viewer: SessionUser, id: number): Promise<CaseView> {
    const kase = await this.writable(viewer, id);
    if (!kase.isClosed) {
      const now = this.clock.now();
      Object.assign(kase, { isClosed: true, status: 'closed', closedAt: now, closedById: viewer.id, updatedAt: now });
      await this.cases.update({ id }, { isClosed: true, status: 'closed', closedAt: now, closedById: viewer.id, updatedAt: now });
      const recipients = viewer.id === kase.userId ? await this.staffFor(kase) : [kase.userId];
      await this.emit('cases.closed', kase, viewer.id, recipients);
    }
    return (await this.views([kase], viewer))[0];
  }

  /** Back to the active list; customer service (the assignee, else every admin) is told. */
  async reopen(viewer: SessionUser, id: number): Promise<CaseView> {
    const kase = await this.writable(viewer, id);
    if (kase.isClosed) {
      const now = this.clock.now();
      Object.assign(kase, { isClosed: false, status: 'open', closedAt: null, closedById: null, updatedAt: now });
      await this.cases.update({ id }, { isClosed: false, status: 'open', closedAt: null, closedById: null, updatedAt: now });
      const recipients = [...new Set([...(await this.staffFor(kase)), kase.userId])];
      await this.emit('cases.reopened', kase, viewer.id, recipients);
    }
    return (await this.views([kase], viewer))[0];
  }

  /** An admin assigns a case to an admin (themselves included) and/or a department. */
  async assign(admin: SessionUser, id: number, dto: AssignCaseDto): Promise<CaseView> {
    const kase = await this.readable(admin, id);
    if (dto.adminId === undefined && dto.department === undefined) throw new BadRequestException(coded('case_assign_empty', 'Velg en administrator eller en avdeling'));
    if (dto.adminId) {
      const assignee = await this.users.findById(dto.adminId);
      if (!assignee?.isAdmin || assignee.isBlocked) throw new BadRequestException(coded('case_assignee_not_admin', 'Saken kan bare tildeles en administrator'));
    }
    const changes: Partial<Case> = { updatedAt: this.clock.now() };
    if (dto.adminId !== undefined) changes.adminId = dto.adminId;
    if (dto.department !== undefined) changes.department = dto.department;
    if (kase.status === 'open' && changes.adminId) changes.status = 'in_progress';
    await this.cases.update({ id }, changes);
    Object.assign(kase, changes);
    const [view] = await this.views([kase], admin);
    const assignee = [view.adminName, kase.department ? DEPARTMENT_NAMES[kase.department] : null].filter(Boolean).join(', ') || '-';
    const recipients = [kase.userId, ...(kase.adminId ? [kase.adminId] : [])];
    await this.emit('cases.assigned', kase, admin.id, recipients, { assignee });
    return view;
  }

  /** Unread messages from the other side: an owner's from staff in their cases; staff's from owners in all cases. */
  async unreadCount(viewer: SessionUser): Promise<number> {
    const [row] = isStaff(viewer)
      ? await this.sql<{ n: number }>('SELECT count(*)::int AS n FROM case_messages WHERE NOT is_read AND NOT is_admin_message')
      : await this.sql<{ n: number }>(
          'SELECT count(*)::int AS n FROM case_messages m JOIN cases c ON c.id = m.case_id WHERE c.user_id = $1 AND NOT m.is_read AND m.is_admin_message',
          [viewer.id],
        );
    return row.n;
  }

  /** An attachment's bytes, for the case's owner and staff; anyone else hears it does not exist. */
  async attachment(viewer: SessionUser, id: number): Promise<{ attachment: CaseAttachment; file: OpenedFile }> {
    const gone = () => new NotFoundException(coded('case_attachment_not_found', 'Vedlegget finnes ikke'));
    const attachment = await this.attachments.findOneBy({ id });
    if (!attachment) throw gone();
    await this.readable(viewer, attachment.caseId).catch(() => {
      throw gone();
    });
    const file = await this.files.open(attachment.fileId);
    if (!file) throw gone();
    return { attachment, file };
  }

  private async readable(viewer: SessionUser, id: number): Promise<Case> {
    const kase = await this.cases.findOneBy({ id });
    if (!kase || (!isStaff(viewer) && kase.userId !== viewer.id)) throw notFound();
    return kase;
  }

  private async writable(viewer: SessionUser, id: number): Promise<Case> {
    const kase = await this.readable(viewer, id);
    if (!this.sideOf(viewer, kase)) throw readOnly();
    return kase;
  }

  /** Which side the viewer writes on: the owner, an admin (staff), or none (a mini admin only reads). */
  private sideOf(viewer: SessionUser, kase: Case): 'owner' | 'staff' | null {
    if (kase.userId === viewer.id) return 'owner';
    return viewer.isAdmin ? 'staff' : null;
  }

  /** Customer service for a case: its assignee, or every active admin while none is assigned. */
  private async staffFor(kase: Case): Promise<number[]> {
    if (kase.adminId) return [kase.adminId];
    return this.users.activeAdminIds();
  }

  private async emit<K extends 'cases.message.added' | 'cases.assigned' | 'cases.closed' | 'cases.reopened'>(
    name: K,
    kase: Case,
    actorId: number,
    recipients: number[],
    extra?: Omit<Parameters<EventBus['emit']>[1] & object, keyof CaseEvent>,
  ): Promise<void> {
    const event = { caseId: kase.id, caseNumber: kase.caseNumber, title: kase.title, actorId, recipients: recipients.filter((r) => r !== actorId), ...(extra ?? {}) };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload matches the event named K
    await this.events.emit(name, event as any);
  }

  private async removeFiles(ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.files.delete(id);
      } catch (e) {
        this.logger.error(`stored file ${id} left behind: ${errorForLog(e)}`);
      }
    }
  }

  private names(ids: (number | null)[]): Promise<Map<number, string>> {
    return this.users.namesOf(ids.filter((id): id is number => id !== null));
  }

  /**
   * A property of the owner's own (any role; staff hold none unless they joined one): a case never names a property
   * its owner cannot read, whoever opens it.
   */
  private async ownPropertyOf(owner: { id: number }, propertyId: number): Promise<number> {
    if (!(await this.access.isMember(owner.id, propertyId))) throw new NotFoundException(coded('property_not_found', 'Eiendommen finnes ikke'));
    return propertyId;
  }

  /** Names, properties' names and the viewer's unread count per case, in three reads for the whole list. */
  private async views(rows: Case[], viewer: SessionUser): Promise<CaseView[]> {
    if (!rows.length) return [];
    const propertyIds = [...new Set(rows.flatMap((c) => (c.propertyId === null ? [] : [c.propertyId])))];
    const [names, properties] = await Promise.all([
      this.names(rows.flatMap((c) => [c.userId, c.adminId])),
      this.access.namesOf(propertyIds),
    ]);
    const propertyNames = properties;
    const unread = new Map<number, number>();
    const ids = rows.map((c) => c.id);
    // The viewer's side: on their own cases the owner's; on others' (staff) the staff side.
    const counts = await this.sql<{ case_id: number; is_admin_message: boolean; n: number }>(
      'SELECT case_id, is_admin_message, count(*)::int AS n FROM case_messages WHERE case_id = ANY($1) AND NOT is_read GROUP BY case_id, is_admin_message',
      [ids],
    );
    const byCase = new Map(rows.map((c) => [c.id, c]));
    for (const r of counts) {
      const kase = byCase.get(r.case_id)!;
      const viewerIsOwner = kase.userId === viewer.id;
      if (r.is_admin_message === viewerIsOwner) unread.set(r.case_id, r.n);
    }
    return rows.map((kase) => ({
      kase, userName: names.get(kase.userId) ?? null, adminName: kase.adminId ? (names.get(kase.adminId) ?? null) : null,
      propertyName: kase.propertyId === null ? null : (propertyNames.get(kase.propertyId) ?? null), unreadCount: unread.get(kase.id) ?? 0,
    }));
  }

  private async withSenders(rows: CaseMessage[], known?: CaseAttachment[]): Promise<MessageView[]> {
    const [names, attachments] = await Promise.all([
      this.names(rows.map((m) => m.senderId)),
      known ?? (rows.length ? this.attachments.find({ where: { messageId: In(rows.map((m) => m.id)) }, order: { id: 'ASC' } }) : []),
    ]);
    const byMessage = new Map<number, CaseAttachment[]>();
    for (const a of attachments) byMessage.set(a.messageId, [...(byMessage.get(a.messageId) ?? []), a]);
    return rows.map((message) => ({ message, senderName: message.senderId ? (names.get(message.senderId) ?? null) : null, attachments: byMessage.get(message.id) ?? [] }));
  }
}

/** Uploads one person may run at once (docs/product/cases.md#attachments). */
export const MAX_CONCURRENT_UPLOADS = 2;
/** A reservation left by an instance that stopped mid-upload no longer counts after this long. */
const RESERVATION_MS = 60 * 60 * 1000;

/** Bytes of the quota held for one upload under way. */
export interface UploadReservation {
  id: number;
  bytes: number;
  quotaMb: number;
}

/** The upload quota's refusal (also given by the upload gate, attachment-upload.ts). */
export const quotaExceededError = (quotaMb: number) =>
  new PayloadTooLargeException(coded('case_upload_quota', `Du har lastet opp for mye i dag (høyst ${quotaMb} MB per døgn). Prøv igjen senere.`, { max: quotaMb }));

/** K-<year>-<five digits>: readable on the phone, unique through the sequence. */
export function caseNumber(now: Date, n: number): string {
  return `K-${now.getUTCFullYear()}-${String(n).padStart(5, '0')}`;
}

