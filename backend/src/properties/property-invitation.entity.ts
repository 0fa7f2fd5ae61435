import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const INVITED_ROLES = ['co-owner', 'viewer'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

/** An invitation to join a property (docs/product/properties.md#invitations); only the token's SHA-256 is kept. */
@Entity('property_invitations')
export class PropertyInvitation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  propertyId: number;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 10 })
  role: InvitedRole;

  @Column({ type: 'boolean', default: false })
  canSeeMoney: boolean;

  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: 'int', nullable: true })
  invitedById: number | null;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  acceptedById: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
