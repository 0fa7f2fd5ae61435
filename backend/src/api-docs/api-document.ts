import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ACCESS_EXTENSION, AccessLevel } from '../common/access.decorator';
import { ErrorResponse } from '../common/api.dto';
import { RECENT_AUTH_EXTENSION } from '../common/recent-auth.decorator';
import { NO_TOKENS, TOKEN_SCOPE_EXTENSION, type TokenScopeDecision } from '../common/token-scope.decorator';

/** The Swagger CLI plugin's metadata (the generated src/metadata.ts, which the composition root hands in). */
export type PluginMetadata = Parameters<typeof SwaggerModule.loadPluginMetadata>[0];

/** The security scheme of the session cookie. */
export const SESSION_AUTH = 'session';
/** The security scheme of personal API tokens (`Authorization: Bearer eip_…`); its scopes are the tokens' scopes. */
export const BEARER_AUTH = 'bearer';

const WHO: Record<AccessLevel, string> = {
  public: 'anyone, also without a session',
  user: 'any logged-in user; ownership is checked',
  staff: 'admins; mini admins may read (GET) only',
  admin: 'admins only',
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
type OperationObject = NonNullable<OpenAPIObject['paths'][string]['get']>;

/**
 * The OpenAPI document served at /api/docs (and /api/docs-json), from which the frontend's API types are
 * generated. What the types say comes from the Swagger CLI plugin's metadata (src/metadata.ts, see
 * scripts/generate-metadata.mjs); each operation's access rule and error answers are added here from its
 * @Access level, so no controller repeats them.
 */
export async function buildApiDocument(app: INestApplication, pluginMetadata: PluginMetadata): Promise<OpenAPIObject> {
  await SwaggerModule.loadPluginMetadata(pluginMetadata);
  const config = new DocumentBuilder()
    .setTitle('Eierportal API')
    .setDescription('Calendar, bookings and customer service for homeowners and rental hosts. Every error has the ErrorResponse shape.')
    .setVersion('1')
    .addCookieAuth('connect.sid', { type: 'apiKey', in: 'cookie', description: 'The session cookie set by POST /api/login' }, SESSION_AUTH)
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'A personal API token (eip_…), made in Settings → API tokens; each operation lists the scope it needs (docs/api.md#api-tokens)' },
      BEARER_AUTH,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorResponse],
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) describeAccessAndErrors(path, operation);
    }
  }
  return document;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});

function describeAccessAndErrors(path: string, operation: OperationObject) {
  const level = (operation as unknown as Record<string, unknown>)[ACCESS_EXTENSION] as AccessLevel | undefined;
  if (level) {
    operation.description = [operation.description, `Access: ${level} (${WHO[level]})`].filter(Boolean).join('\n\n');
    operation.security = level === 'public' ? [] : [{ [SESSION_AUTH]: [] }];
  }
  const scope = (operation as unknown as Record<string, unknown>)[TOKEN_SCOPE_EXTENSION] as TokenScopeDecision | undefined;
  if (scope && scope !== NO_TOKENS) {
    operation.description = [operation.description, `API tokens: with the scope \`${scope}\`, as the token's owner`].join('\n\n');
    operation.security = [...(operation.security ?? []), { [BEARER_AUTH]: [scope] }];
  } else if (level && level !== 'public') {
    operation.description = [operation.description, 'API tokens: refused (403 `token_scope`)'].join('\n\n');
  }
  const errors: Record<string, string> = {};
  if (operation.requestBody || operation.parameters?.length) errors['400'] = 'Validation failed: `message` is the first rule’s text, `errors` has one entry per field';
  if (level && level !== 'public') {
    errors['401'] = 'No valid session, or an unknown, revoked or expired API token (with `WWW-Authenticate`)';
    errors['403'] = `${level === 'user' ? 'Not allowed on this resource' : `Not allowed: ${WHO[level]}`}; \`token_scope\` for an API token without the route's scope`;
  }
  if ((operation as unknown as Record<string, unknown>)[RECENT_AUTH_EXTENSION]) {
    errors['403'] = `${errors['403'] ?? 'Not allowed'}; \`reauth_required\` when the password (and code) were not given within 10 minutes: POST /api/user/reauth, then retry`;
  }
  if (path.includes('{')) errors['404'] = 'Not found, or not the caller’s';
  errors.default = 'Any other error (409 conflict, 413 too large, 429 rate limited, 500) in the same shape';
  for (const [status, description] of Object.entries(errors)) operation.responses[status] ??= errorAnswer(description);
}
