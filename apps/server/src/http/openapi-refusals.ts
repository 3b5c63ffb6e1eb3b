import { ROLES, type Role } from '@churchtrades/shared/roles';

/**
 * What the OpenAPI document says of each operation's access and refusals, worked out once from what the route
 * already declares, so that a route is documented by being written: its guard (the session it needs, the
 * roles it lets through), its inputs, its method and its path. The statuses only a route's own rules give (a
 * 409 of a taken e-mail, a 429 of too many attempts) it names in its schema's `refusals`. completeDocument
 * (openapi.ts) turns them into responses of the envelope.
 */

/** The session a route's guard (sessions/plugin.ts) asks for, and the roles it lets through. */
export interface GuardAccess {
  /** `required`: a logged-in user; `two-step`: a login waiting for its code; `optional`: anyone, told more when logged in. */
  session: 'required' | 'two-step' | 'optional';
  /** Only these roles pass; anyone else logged in is refused 403. */
  roles?: readonly Role[];
}

export const REFUSAL_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 429, 503] as const;
export type RefusalStatus = (typeof REFUSAL_STATUSES)[number];
export type Refusals = Partial<Record<RefusalStatus, string>>;

declare module 'fastify' {
  interface FastifySchema {
    /** The refusals only this route's rules give, by status: when. The rest follow from the route (see top). */
    refusals?: Refusals;
  }
}

/** The name of the session cookie's security scheme in the document. */
export const SESSION_SCHEME = 'sessionCookie';

/** The session cookie as the document's security scheme: HttpOnly, set by login, sent back by the browser. */
export function sessionCookieScheme(cookieName: string) {
  return {
    type: 'apiKey',
    in: 'cookie',
    name: cookieName,
    description:
      'The session cookie that login (and the two-step code after it) sets: HttpOnly and SameSite=Lax, sent back with every call of the same site.',
  } as const;
}

const guardAccess = new WeakMap<object, GuardAccess>();

/** Records what `guard`, an onRequest hook, asks of a request; sessions/plugin.ts declares each guard it makes. */
export function declareGuardAccess<Guard extends object>(guard: Guard, access: GuardAccess): Guard {
  guardAccess.set(guard, access);
  return guard;
}

/** The roles `allows` (one of `@churchtrades/shared/permissions`) lets through, none chosen left out. */
export function rolesAllowed(allows: (role: Role) => boolean): Role[] {
  return ROLES.filter((role) => role !== 'SELECT' && allows(role));
}

function accessOf(onRequest: unknown): GuardAccess | undefined {
  const hooks = Array.isArray(onRequest) ? onRequest : [onRequest];
  return hooks.map((hook) => (typeof hook === 'function' ? guardAccess.get(hook) : undefined)).find(Boolean);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface DocumentedRoute {
  method: string | string[];
  url: string;
  onRequest?: unknown;
}

interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
  consumes?: readonly string[];
  refusals?: Refusals;
  [key: string]: unknown;
}

function securityOf(access: GuardAccess | undefined): Record<string, string[]>[] {
  if (!access) return [];
  if (access.session === 'optional') return [{}, { [SESSION_SCHEME]: [] }];
  return [{ [SESSION_SCHEME]: [] }];
}

function forbiddenWhen(access: GuardAccess | undefined, changesState: boolean, hasPathParameters: boolean): string | undefined {
  const reasons = [
    access?.roles && `the account's role is not one of ${access.roles.join(', ')}`,
    access?.session === 'required' &&
      (hasPathParameters || changesState) &&
      'what the request names belongs to someone else, or the account may not act on it',
    changesState && "the request comes from another site (its Origin is not this site's)",
  ].filter(Boolean);
  return reasons.length ? `Refused: ${reasons.join('; or ')}.` : undefined;
}

/** The refusals `route` can give, by status: when (see top). */
export function refusalsOf(route: DocumentedRoute, schema: RouteSchema, access: GuardAccess | undefined): Refusals {
  const methods = [route.method].flat().map((method) => method.toUpperCase());
  const changesState = methods.some((method) => STATE_CHANGING.has(method));
  const hasPathParameters = /[:*]/.test(route.url);
  const takesInput = Boolean(schema.body || schema.querystring || schema.params || schema.headers || schema.consumes);
  const refusals: Refusals = {};
  if (takesInput || changesState) refusals[400] = 'The request is not valid: `data.errors` lists the fields at fault.';
  if (access && access.session !== 'optional') {
    refusals[401] =
      access.session === 'two-step' ? 'No login is waiting for its two-step code.' : 'Not logged in: "You are not logged in".';
  }
  if (access?.session === 'optional' && access.roles) refusals[401] = 'Not logged in, and not let through otherwise.';
  const forbidden = forbiddenWhen(access, changesState, hasPathParameters);
  if (forbidden) refusals[403] = forbidden;
  if (hasPathParameters) refusals[404] = 'Nothing of that id or name (or not for the one asking).';
  if (changesState) {
    refusals[413] = 'The request body is larger than this call accepts.';
    refusals[415] = 'The request body is not of a type this call accepts.';
  }
  refusals[503] = 'The database is unavailable for a moment: try again after the Retry-After header\'s seconds.';
  return { ...refusals, ...schema.refusals };
}

interface TransformInput<Schema> {
  schema: Schema;
  url: string;
  route: DocumentedRoute;
  [key: string]: unknown;
}

/**
 * Wraps the schemas' transform of @fastify/swagger (zod's `jsonSchemaTransform`) so each operation also says
 * which security it needs (none, or the session cookie, required or optional) and its refusals, as `x-refusals`
 * until completeDocument makes them responses.
 */
export function documentAccess<Input extends TransformInput<unknown>, Output extends { schema: unknown }>(
  transform: (input: Input) => Output,
): (input: Input) => Output {
  return (input) => {
    const schema = input.schema as RouteSchema | undefined;
    if (!schema || schema.hide) return transform(input);
    const { refusals: _declared, ...rest } = schema;
    const access = accessOf(input.route.onRequest);
    const described = {
      ...rest,
      security: securityOf(access),
      'x-refusals': refusalsOf(input.route, schema, access),
    };
    return transform({ ...input, schema: described });
  };
}
