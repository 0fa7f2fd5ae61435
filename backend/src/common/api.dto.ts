/** Shapes shared by every domain: the error body, the plain `{ message }` answer and the list query. */
import { IsOptional, IsString } from 'class-validator';

export class FieldErrorResponse {
  /** The request property, dotted for nested ones: `routes.0`. */
  field: string;
  /** The documented text for the rule that failed (Norwegian). */
  message: string;
  /**
   * The rule that failed, for the reader's language (`fieldErrors.<code>` in the frontend's catalogue): required,
   * too_long, too_short, too_small, too_large, invalid_choice, invalid_date, invalid_email, invalid_format, … or invalid.
   * @example required
   */
  code: string;
  /** The limit the rule names: `{ "max": 255 }` for too_long. */
  params?: Record<string, string | number>;
}

/**
 * Every error answer. `message` is the Norwegian text (docs/api.md#errors); `code` names it so a client can show it in its
 * own language through its `errors.<code>` catalogue, with `params` filled in.
 */
export class ErrorResponse {
  /** @example Tilgang nektet */
  message: string;
  /** @example forbidden */
  code: string;
  /** Values the text names, e.g. `{ "reason": "…" }` for a blocked account. */
  params?: Record<string, string | number>;
  /** Validation errors, one per field (400 only). */
  errors?: FieldErrorResponse[];
}

export class MessageResponse {
  message: string;
}

/** The query parameters of a back-office list, as the OpenAPI document shows them. All are JSON. */
export class ListQueryParams {
  /** `["field","ASC"|"DESC"]`; a field the list cannot sort by is a 400. */
  @IsOptional()
  @IsString()
  sort?: string;

  /** `[first,last]`, both inclusive, at most 1000 rows. */
  @IsOptional()
  @IsString()
  range?: string;

  /** `{"q":"text", "<field>": value, ...}`; a filter the list does not know is a 400. */
  @IsOptional()
  @IsString()
  filter?: string;
}
