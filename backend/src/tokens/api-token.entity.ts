import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TokenScopeName } from '../common/token-scope.decorator';

/**
 * A personal API token (docs/product/auth-and-users.md#api-tokens): only the SHA-256 of the secret is kept, and its
 * first characters to tell tokens apart in a list. Revoking deletes the row; the owner's deletion takes it along.
 */
@Entity('api_tokens')
export class ApiToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'jsonb' })
  scopes: TokenScopeName[];

  /** Hex SHA-256 of the whole token; looked up by its unique index. */
  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  /** `eip_` and the secret's first four characters, as the list shows it. */
  @Column({ type: 'varchar', length: 12 })
  tokenStart: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Moved at most once a minute (TokensService.find), so a call costs no write. */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;
}
