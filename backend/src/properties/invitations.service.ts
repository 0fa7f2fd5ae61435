import { BadRequestException, ConflictException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager, IsNull, MoreThan } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import type { RequestContext } from '../common/request-context';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabasePort } from '../database/database.port';
import { MailQueue } from '../mail/mail-queue.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { AcceptInvitationDto, CreateInvitationDto } from './invitations.dto';
import { PropertyAccess } from './property-access.service';
import { PropertyInvitation } from './property-invitation.entity';
import { PropertyMember } from './property-member.entity';
import { Property } from './property.entity';

const VALID_FOR_MS = 7 * 24 * 3600 * 1000;
/** Pending invitations one property may have at once: enough for a household, not a mailing list. */
export const MAX_PENDING_INVITATIONS = 20;

const INVITATION_MAIL = {
  nb: {
    subject: 'Du er invitert til {property}',
    body: 'Hei,\n\n{inviter} har invitert deg til {property} i eierportalen, som {role}. Bruk denne lenken for å godta. Den virker én gang og i 7 dager:\n{link}\n\nKjenner du ikke til dette, kan du se bort fra e-posten.',
    roles: { 'co-owner': 'medeier', viewer: 'leser' },
  },
  en: {
    subject: 'You are invited to {property}',
    body: 'Hello,\n\n{inviter} has invited you to {property} in the owner portal, as a {role}. Use this link to accept. It works once, for 7 days:\n{link}\n\nIf this means nothing to you, you can ignore this mail.',
    roles: { 'co-owner': 'co-owner', viewer: 'viewer' },
  },
} as const;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const invalid = () => new GoneException(coded('invitation_invalid', 'Invitasjonen er ugyldig, utløpt eller allerede brukt'));
const alreadyMember = () => new ConflictException(coded('invitation_already_member', 'Personen er allerede medlem av eiendommen'));

export interface InvitationPreview { invitation: PropertyInvitation; property: Property; invitedBy: string; hasAccount: boolean }

/**
 * Invitations to a property (docs/product/properties.md#invitations): the owner (or an admin) invites an address as
 * co-owner or viewer; the link works once, for 7 days, and only its token's hash is stored. Accepting joins the
 * signed-in person, or makes the account of the invited address with a password of its own.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly access: PropertyAccess,
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly mail: MailQueue,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(user: User, propertyId: number, dto: CreateInvitationDto, context?: RequestContext): Promise<{ invitation: PropertyInvitation; link: string; mailed: boolean }> {
    const { property } = await this.access.resolve(user, propertyId, 'manage');
    const token = randomBytes(32).toString('base64url');
    const account = await this.users.findByUsername(dto.email);
    const invitation = await this.database.transaction(async (tx) => {
      await tx.query('SELECT id FROM properties WHERE id = $1 FOR UPDATE', [propertyId]);
      if (account && (await isMember(tx, propertyId, account.id))) throw alreadyMember();
      // A new invitation of the same address replaces the one it had: only the newest link works.
      await tx.update(PropertyInvitation, { propertyId, email: dto.email, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: this.clock.now() });
      if ((await this.pendingCount(tx, propertyId)) >= MAX_PENDING_INVITATIONS) {
        throw new ConflictException(coded('invitation_limit', 'En eiendom kan ha høyst {{max}} ventende invitasjoner', { max: MAX_PENDING_INVITATIONS }));
      }
      const saved = await tx.save(tx.create(PropertyInvitation, {
        propertyId, email: dto.email, role: dto.role, canSeeMoney: dto.role === 'co-owner' || (dto.canSeeMoney ?? false),
        tokenHash: sha256(token), invitedById: user.id, expiresAt: new Date(this.clock.now().getTime() + VALID_FOR_MS),
      }));
      await this.audit.record(user.id, null, 'property.invitation.created', { propertyId, email: dto.email, role: dto.role }, tx, context);
      return saved;
    });
    const link = `${this.config.publicUrl}/invitation/${token}`;
    const text = INVITATION_MAIL[await this.users.languageOf(user.id)];
    const fill = (s: string) => s.replaceAll('{property}', property.name).replaceAll('{inviter}', user.name).replaceAll('{role}', text.roles[dto.role]).replaceAll('{link}', link);
    const mailed = await this.mail.enqueue({ to: dto.email, subject: fill(text.subject), text: fill(text.body) });
    return { invitation, link, mailed };
  }

  async pending(user: User, propertyId: number): Promise<PropertyInvitation[]> {
    await this.access.resolve(user, propertyId, 'manage');
    return this.db.getRepository(PropertyInvitation)
      .createQueryBuilder('i')
      .where('i.propertyId = :propertyId AND i.acceptedAt IS NULL AND i.revokedAt IS NULL AND i.expiresAt > :now', { propertyId, now: this.clock.now() })
      .orderBy('i.createdAt', 'ASC')
      .getMany();
  }

  async revoke(user: User, propertyId: number, invitationId: number, context?: RequestContext): Promise<void> {
    await this.access.resolve(user, propertyId, 'manage');
    await this.database.transaction(async (tx) => {
      const result = await tx.update(PropertyInvitation, { id: invitationId, propertyId, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: this.clock.now() });
      if (!result.affected) throw new NotFoundException(coded('invitation_not_found', 'Invitasjonen finnes ikke'));
      await this.audit.record(user.id, null, 'property.invitation.revoked', { propertyId, invitationId }, tx, context);
    });
  }

  /** What the invitation page shows; 410 for a link that is unknown, used, revoked, expired or of a deleted property. */
  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await this.db.getRepository(PropertyInvitation).findOneBy({ tokenHash: sha256(token) });
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= this.clock.now()) throw invalid();
    const property = await this.db.getRepository(Property).findOneBy({ id: invitation.propertyId });
    if (!property || property.deletedAt) throw invalid();
    const invitedBy = invitation.invitedById === null ? '' : ((await this.users.namesOf([invitation.invitedById])).get(invitation.invitedById) ?? '');
    return { invitation, property, invitedBy, hasAccount: (await this.users.findByUsername(invitation.email)) !== null };
  }

  /**
   * Signed in (`user`): they join. Signed out: the invited address's account is made with `dto`'s name and password
   * (refused while one exists: that person signs in first). The link is claimed in the statement that checks it, so
   * two acceptances cannot both succeed; a refusal after that rolls the claim back.
   */
  async accept(token: string, user: User | undefined, dto: AcceptInvitationDto, context?: RequestContext): Promise<{ propertyId: number; accountCreated: boolean }> {
    const { invitation } = await this.preview(token);
    let joining = user;
    if (!joining) {
      if (!dto.name || !dto.password) throw new BadRequestException(coded('invitation_account_needed', 'Oppgi navn og passord for å lage kontoen, eller logg inn'));
      if (await this.users.findByUsername(invitation.email)) {
        throw new ConflictException(coded('invitation_has_account', 'Det finnes allerede en konto for denne e-postadressen: logg inn for å godta invitasjonen'));
      }
      // The password rules apply here, before the link is claimed: a refusal uses nothing up.
      joining = await this.users.create({ username: invitation.email, name: dto.name, password: dto.password }, null, context);
    }
    const person = joining;
    await this.database.transaction(async (tx) => {
      const claimed = await this.claim(tx, token, person.id);
      if (!claimed) throw invalid();
      if (await isMember(tx, claimed.propertyId, person.id)) throw alreadyMember();
      await tx.insert(PropertyMember, { propertyId: claimed.propertyId, userId: person.id, role: claimed.role, share: null, canSeeMoney: claimed.canSeeMoney });
      // On both people's timelines: the one who joined, and the one who invited them.
      const details = { propertyId: claimed.propertyId, role: claimed.role, accountCreated: !user };
      await this.audit.record(person.id, person.id, 'property.invitation.accepted', details, tx, context);
      if (claimed.invitedById !== null && claimed.invitedById !== person.id) await this.audit.record(person.id, claimed.invitedById, 'property.invitation.accepted', details, tx, context);
    });
    return { propertyId: invitation.propertyId, accountCreated: !user };
  }

  private async claim(tx: EntityManager, token: string, userId: number): Promise<PropertyInvitation | undefined> {
    const now = this.clock.now();
    const claimed = await tx
      .createQueryBuilder()
      .update(PropertyInvitation)
      .set({ acceptedAt: now, acceptedById: userId })
      .where({ tokenHash: sha256(token), acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(now) })
      .returning(['propertyId', 'role', 'canSeeMoney', 'invitedById'])
      .execute();
    const row = claimed.raw[0] as { property_id: number; role: PropertyInvitation['role']; can_see_money: boolean; invited_by_id: number | null } | undefined;
    return row && tx.create(PropertyInvitation, { propertyId: row.property_id, role: row.role, canSeeMoney: row.can_see_money, invitedById: row.invited_by_id });
  }

  private async pendingCount(tx: EntityManager, propertyId: number): Promise<number> {
    const [row] = await tx.query('SELECT count(*)::int AS n FROM property_invitations WHERE property_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2', [propertyId, this.clock.now()]);
    return row.n;
  }
}

async function isMember(tx: EntityManager, propertyId: number, userId: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM property_members WHERE property_id = $1 AND user_id = $2', [propertyId, userId])).length > 0;
}
