/**
 * What the OpenAPI document (`/api/docs/json`) says beyond the routes' own schemas, added once for every route,
 * so that a route declaring a summary and tags is documented completely without saying more: each operation
 * gets a stable operationId named after its method and path, a description, and a tag; the document its
 * servers, contact and a description of every tag it uses. Spectral's OpenAPI rules hold it to that
 * (openapi.test.ts).
 */

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  [key: string]: unknown;
}

export interface OpenApiDocument {
  info: {
    title: string;
    version: string;
    description?: string;
    contact?: { name?: string; email?: string; url?: string };
    license?: { name: string; url?: string };
  };
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, OpenApiOperation | unknown>>;
  [key: string]: unknown;
}

export interface SiteFacts {
  appOrigin: string;
  supportEmail: string;
  version: string;
}

/** The component every refusal answers with: `refusalSchema` of the shared envelope. */
const ENVELOPE = 'Envelope';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** What the calls of each tag are for; a tag missing here is still declared, described by its name. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  site: 'Public facts about the site: support e-mail, bank details, map tiles, version and roles',
  user: 'Registration, login, two-step verification, password reset, the own account and its sessions',
  trades: 'Searching the directory and reading businesses',
  'trade dashboard': "An owner's business: profile, logo, settings and switches",
  address: "A business's address",
  'address lookup': 'Suggestions of Australian addresses while typing',
  'social media': "A business's social media entries",
  categories: 'Main and sub categories of the directory',
  'category administration': 'Categories as administrators manage them',
  churches: 'Churches of the directory',
  'church administration': 'Churches with their priests and moderators, as governors and administrators manage them',
  moderation: "Church moderators' decisions on businesses",
  administration: 'Users, businesses, the audit log, undelivered e-mails and site settings, as administrators see them',
  'still trading': "An owner's answer to whether their business still trades: the e-mailed one-click link and the dashboard",
  reviews: "Reviews of businesses: who may review, writing and editing one, a business's reviews and its owner's answers",
  operations: 'Health and metrics of the running server',
  pages: 'Pages for people and search engines outside the API',
};

/** Words of a path segment, each capitalised: `category_id` → `CategoryId`, `{id}` → `ById`, `*` → `Any`. */
function segmentName(segment: string): string {
  if (segment === '*') return 'Any';
  const parameter = /^\{(.+)\}$/.exec(segment) ?? /^:(.+)$/.exec(segment);
  const words = (parameter ? parameter[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return parameter ? `By${name}` : name;
}

/**
 * The operation's id: its method and its path below `/api`, in camel case, as SPEC §7 names the calls
 * (`GET /api/user/profile` → `getUserProfile`, `PATCH /api/trades/updateTradeProfile` →
 * `patchTradesUpdateTradeProfile`, `GET /api/user/{id}` → `getUserById`). Unique because method and path are.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path.replace(/^\/api(?=\/|$)/, '').split('/').filter(Boolean);
  return `${method.toLowerCase()}${segments.map(segmentName).join('') || 'Root'}`;
}

/** A route without tags is filed under the first part of its path below `/api`, or under pages outside it. */
function defaultTag(path: string): string {
  const [first, second] = path.split('/').filter(Boolean);
  if (first !== 'api') return 'pages';
  return second ?? 'site';
}

function isOperation(method: string, value: unknown): value is OpenApiOperation {
  return HTTP_METHODS.has(method) && typeof value === 'object' && value !== null;
}

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
};

/**
 * The refusals documentAccess (openapi-refusals.ts) found for the operation, as answers in the envelope; one
 * that tells the client to wait for its Retry-After header declares the header.
 */
function documentRefusals(operation: OpenApiOperation): void {
  const refusals = (operation['x-refusals'] ?? {}) as Record<string, string>;
  delete operation['x-refusals'];
  const responses = (operation.responses ??= {}) as Record<string, unknown>;
  for (const [status, description] of Object.entries(refusals)) {
    responses[status] ??= {
      description,
      ...(description.includes('Retry-After') ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${ENVELOPE}` } } },
    };
  }
}

function documentOperation(method: string, path: string, operation: OpenApiOperation): void {
  operation.operationId ??= operationIdOf(method, path);
  operation.description ??= operation.summary ?? `${method.toUpperCase()} ${path}`;
  if (!operation.tags?.length) operation.tags = [defaultTag(path)];
  documentRefusals(operation);
}

/** Every `$ref` target in `value`, as the component's name. */
function collectReferences(value: unknown, names: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((entry) => collectReferences(entry, names));
  if (typeof value !== 'object' || value === null) return;
  for (const [key, entry] of Object.entries(value)) {
    if (key === '$ref' && typeof entry === 'string') names.add(entry.replace(/^#\/components\/schemas\//, ''));
    else collectReferences(entry, names);
  }
}

/**
 * The named schemas the operations use. The schemas' registry holds every named schema, each in its form read
 * (`…Input`) and written, and a schema names others: what no operation reaches, directly or through another,
 * goes.
 */
function keepSchemasUsed(document: OpenApiDocument): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  collectReferences(document.paths, used);
  for (let reached = [...used]; reached.length > 0; ) {
    const found = new Set<string>();
    reached.forEach((name) => collectReferences(schemas[name], found));
    reached = [...found].filter((name) => !used.has(name));
    reached.forEach((name) => used.add(name));
  }
  document.components!.schemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function tagsUsed(document: OpenApiDocument): string[] {
  const names = new Set<string>();
  for (const operations of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (isOperation(method, operation)) operation.tags?.forEach((tag) => names.add(tag));
    }
  }
  return [...names].sort();
}

/** The document with every operation and tag described, and this installation as its server (see top). */
export function completeDocument<T extends OpenApiDocument>(document: T, site: SiteFacts): T {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (isOperation(method, operation)) documentOperation(method, path, operation);
    }
  }
  const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  document.tags = tagsUsed(document).map(
    (name) => declared.get(name) ?? { name, description: TAG_DESCRIPTIONS[name] ?? `Calls about ${name}` },
  );
  document.info = {
    ...document.info,
    version: site.version,
    description:
      document.info.description ??
      'The JSON API of ChurchTrades, a directory of Australian businesses run by members of church communities. ' +
        'Every answer is one envelope: timeStamp, statusCode, status, message and data.',
    contact: document.info.contact ?? { name: 'ChurchTrades support', email: site.supportEmail, url: site.appOrigin },
  };
  document.info.license ??= { name: 'Terms and conditions', url: `${site.appOrigin}/termsandconditions` };
  document.servers ??= [{ url: site.appOrigin, description: 'This installation' }];
  keepSchemasUsed(document);
  return document;
}
