import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { toSingleLine } from '../common/text/control-characters';
import { TOKEN_SCOPES, type TokenScopeName } from '../common/token-scope.decorator';
import type { ApiToken } from './api-token.entity';

/** POST /api/user/tokens: a new personal API token. The documented texts (docs/product/auth-and-users.md#api-tokens). */
export class CreateTokenDto {
  /** What the token is for ("Regnskapsskript"), as the list shows it. */
  @Transform(toSingleLine)
  @MaxLength(100, { message: 'Navnet kan ikke være lengre enn 100 tegn' })
  @IsNotEmpty({ message: 'Navn er påkrevd' })
  @IsString({ message: 'Navn er påkrevd' })
  name: string;

  /** What the token may do; at least one. `admin:read` and `admin:write` are for staff only. */
  @IsIn(TOKEN_SCOPES, { each: true, message: 'Ukjent tilgang' })
  @ArrayMaxSize(TOKEN_SCOPES.length, { message: 'For mange tilganger' })
  @ArrayMinSize(1, { message: 'Velg minst én tilgang' })
  @IsArray({ message: 'Velg minst én tilgang' })
  scopes: TokenScopeName[];

  /** Days until it stops working, 1 to 365. */
  @Max(365, { message: 'En nøkkel kan gjelde i høyst 365 dager' })
  @Min(1, { message: 'En nøkkel må gjelde i minst én dag' })
  @IsInt({ message: 'Antall dager må være et heltall' })
  expiresInDays: number;
}

/** A personal API token as the list shows it: never the token itself. */
export class TokenResponse {
  id: number;
  name: string;
  scopes: TokenScopeName[];
  /** `eip_` and the secret's first four characters, to tell tokens apart. */
  tokenStart: string;
  createdAt: Date;
  expiresAt: Date;
  /** Within a minute of the token's last call; null before the first. */
  lastUsedAt: Date | null;
}

/** The token just made: the only answer that holds the secret. */
export class CreatedTokenResponse extends TokenResponse {
  /** `eip_…`: shown this once; only its hash is kept. */
  token: string;
}

export const mapToken = (t: ApiToken): TokenResponse => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  tokenStart: t.tokenStart,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  lastUsedAt: t.lastUsedAt,
});
