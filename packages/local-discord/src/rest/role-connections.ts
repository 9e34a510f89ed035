import { DiscordHttpError, errors, type FieldError } from '../errors.ts';
import type { RouteContext } from './context.ts';
import { ok, type RestRequest, type Route } from './route.ts';

/**
 * Linked roles (docs: resources/application-role-connection-metadata, and
 * resources/user "Update Current User Application Role Connection"): an application's
 * metadata records (at most 5), and each user's role connection, which only the user's
 * own OAuth2 token with `role_connections.write` may read or write.
 */
export interface RoleConnection {
  platform_name: string | null;
  platform_username: string | null;
  /** Values as Discord takes and keeps them: strings ("stringified", at most 100 characters), by metadata key. */
  metadata: Record<string, string>;
}

interface MetadataRecord {
  type: number;
  key: string;
  name: string;
  description: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
}

export class RoleConnectionRegistry {
  metadata: MetadataRecord[] = [];
  readonly connections = new Map<string, RoleConnection>();
  /** Every write of a user's connection, in order (what a test reads to see an update came). */
  readonly writes: { userId: string; connection: RoleConnection }[] = [];
}

const KEY = /^[a-z0-9_]{1,50}$/;
const SCOPE = 'role_connections.write';

function checkMetadata(body: unknown): MetadataRecord[] {
  const problems: FieldError[] = [];
  const records = Array.isArray(body) ? body : [];
  if (!Array.isArray(body)) problems.push({ path: [], code: 'LIST_TYPE_CONVERT', message: 'Must be an array.' });
  if (records.length > 5)
    problems.push({ path: [], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 5 or fewer in length.' });
  const keys = new Set<string>();
  records.forEach((r: Record<string, unknown>, i) => {
    const text = (field: string, max: number) => {
      const v = r?.[field];
      if (typeof v !== 'string' || v.length < 1 || v.length > max) {
        problems.push({
          path: [i, field],
          code: 'BASE_TYPE_BAD_LENGTH',
          message: `Must be between 1 and ${max} in length.`,
        });
      }
    };
    if (!Number.isInteger(r?.type) || (r.type as number) < 1 || (r.type as number) > 8) {
      problems.push({ path: [i, 'type'], code: 'ENUM_TYPE_COERCE', message: 'Value is not a valid enum value.' });
    }
    if (typeof r?.key !== 'string' || !KEY.test(r.key)) {
      problems.push({
        path: [i, 'key'],
        code: 'STRING_TYPE_REGEX',
        message: 'String value did not match validation regex.',
      });
    } else if (keys.has(r.key)) {
      problems.push({ path: [i, 'key'], code: 'DUPLICATE', message: 'Keys must be unique.' });
    } else keys.add(r.key);
    text('name', 100);
    text('description', 200);
  });
  if (problems.length) throw errors.invalidFormBody(problems);
  return records as MetadataRecord[];
}

/** The user behind the request's Bearer token, if it carries `role_connections.write`; a bot token is refused. */
function connectingUser(ctx: RouteContext, request: RestRequest): string {
  const token = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
  const grant = token ? ctx.activities.bearer(token) : null;
  if (!grant) throw errors.unauthorized();
  if (!grant.scopes.includes(SCOPE)) throw errors.missingAccess();
  return grant.userId;
}

function checkConnection(registry: RoleConnectionRegistry, body: unknown): RoleConnection {
  const b = (body ?? {}) as Record<string, unknown>;
  const problems: FieldError[] = [];
  const optionalText = (field: string, max: number): string | null => {
    const v = b[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string' || v.length > max) {
      problems.push({ path: [field], code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
      return null;
    }
    return v;
  };
  const platform_name = optionalText('platform_name', 50);
  const platform_username = optionalText('platform_username', 100);
  const metadata: Record<string, string> = {};
  const given = (b.metadata ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(given)) {
    if (!registry.metadata.some((m) => m.key === key)) {
      problems.push({
        path: ['metadata', key],
        code: 'UNKNOWN_KEY',
        message: 'Not a metadata key of this application.',
      });
    } else if (typeof value !== 'string' || value.length > 100) {
      problems.push({
        path: ['metadata', key],
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 100 or fewer in length.',
      });
    } else metadata[key] = value;
  }
  if (problems.length) throw errors.invalidFormBody(problems);
  return { platform_name, platform_username, metadata };
}

export function roleConnectionRoutes(ctx: RouteContext, registry: RoleConnectionRegistry): Route[] {
  const ownApp = (request: RestRequest) => {
    if (request.params.applicationId !== ctx.bot.user.id) {
      throw new DiscordHttpError(403, 20012, 'You are not authorized to perform this action on this application');
    }
  };
  const common = { bucket: 'default', major: [], globalExempt: false } as const;
  /** A GET and a PUT of one resource: the PUT checks its body, keeps it, and both answer what is kept. */
  const readWrite = (
    path: string,
    auth: Route['auth'],
    owner: (request: RestRequest) => string,
    read: (owner: string) => unknown,
    write: (owner: string, body: unknown) => void,
  ): Route[] =>
    (['GET', 'PUT'] as const).map((method) => ({
      ...common,
      method,
      path,
      auth,
      handle: (request: RestRequest) => {
        ownApp(request);
        const who = owner(request);
        if (method === 'PUT') write(who, request.body);
        return ok(read(who));
      },
    }));
  return [
    ...readWrite(
      '/applications/:applicationId/role-connections/metadata',
      'bot',
      () => '',
      () => registry.metadata,
      (_, body) => {
        registry.metadata = checkMetadata(body);
      },
    ),
    // A user's own token, not the bot's: the route takes no bot auth.
    ...readWrite(
      '/users/@me/applications/:applicationId/role-connection',
      'none',
      (request) => connectingUser(ctx, request),
      (userId) => registry.connections.get(userId) ?? { platform_name: null, platform_username: null, metadata: {} },
      (userId, body) => {
        const written = checkConnection(registry, body);
        registry.connections.set(userId, written);
        registry.writes.push({ userId, connection: written });
      },
    ),
  ];
}
