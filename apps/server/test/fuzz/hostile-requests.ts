import fc from 'fast-check';
import { multipartForm } from '../multipart-form';
import type { ApiRoute } from './api-routes';
import {
  encodeForUrl,
  EXTRA_FIELDS,
  hostileString,
  hostileValue,
  MALFORMED_JSON,
  MARKUP_PAYLOADS,
  TRAVERSALS,
} from './hostile-values';
import { type JsonSchema, type KnownIds, wellTypedArbitrary } from './schema-arbitrary';

/** One request of the fuzz suite; `kind` says what in it is hostile. */
export interface HostileRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface Body {
  kind: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Images and non-images for the routes that take a multipart form; the suite passes a real PNG in. */
export interface FormFiles {
  png: Buffer;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=ebcdic',
  'application/jsonx',
  '*/*',
  'application/json, text/html',
];
// Strings a query parser may choke on, appended raw after the encoded ones.
const BROKEN_QUERY_TAILS = ['', '', '', '&x=%', '&%zz=1', '&=&&==', '&a=%E0%A4%A', '&%00=%00', '&a[b][c]=1&a[]=2'];
const EXTRA_QUERY_NAMES = ['__proto__', 'constructor', 'page[]', 'a[b]', '', 'hasOwnProperty'];
const FORM_ID_FIELDS = ['userId', 'tradeId', 'churchId'];

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function jsonBody(kind: string, value: unknown): Body {
  return { kind, headers: JSON_TYPE, payload: JSON.stringify(value) ?? 'undefined' };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A well-typed id as a path segment: one that exists, one that does not, a number. */
function wellTypedSegment(known: KnownIds): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid(), fc.constantFrom(...known.integers.map(String)));
}

function hostileSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: hostileString.map(encodeForUrl), weight: 5 },
    // Unencoded, so that the slashes and dots reach the router as they are.
    { arbitrary: fc.constantFrom(...TRAVERSALS), weight: 2 },
    { arbitrary: hostileString.map((value) => encodeForUrl(encodeForUrl(value))), weight: 1 },
  );
}

function queryString(pairs: [string, string][], tail: string): string {
  const encoded = pairs.map(([name, value]) => `${encodeForUrl(name)}=${encodeForUrl(value)}`).join('&');
  const query = encoded + tail;
  return query === '' ? '' : `?${query}`;
}

function wellTypedQuery(route: ApiRoute, known: KnownIds): fc.Arbitrary<[string, string][]> {
  const model = Object.fromEntries(route.query.map(({ name, schema }) => [name, wellTypedArbitrary(schema, known).map(asText)]));
  return fc.record(model, { requiredKeys: [] }).map((values) => Object.entries(values) as [string, string][]);
}

/** Declared parameters with hostile values, repeated ones (which arrive as arrays) and undeclared ones. */
function hostileQuery(route: ApiRoute, known: KnownIds): fc.Arbitrary<string> {
  const declared = route.query.map(({ name }) => name);
  const name = fc.constantFrom(...declared, ...EXTRA_QUERY_NAMES);
  const value = fc.oneof(hostileString, hostileValue.map(asText));
  const extra = fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 3 });
  return fc
    .tuple(wellTypedQuery(route, known), extra, fc.constantFrom(...BROKEN_QUERY_TAILS))
    .map(([well, hostile, tail]) => queryString([...well, ...hostile], tail));
}

/** The well-typed body with one declared field replaced by a value of the wrong kind. */
function withWrongField(well: fc.Arbitrary<unknown>, schema: JsonSchema): fc.Arbitrary<Body> {
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return hostileValue.map((value) => jsonBody('body:wrong-type', value));
  return fc.tuple(well, fc.constantFrom(...names), hostileValue).map(([body, name, value]) =>
    jsonBody('body:wrong-type', { ...(isObject(body) ? body : {}), [name]: value }),
  );
}

function withMissingField(well: fc.Arbitrary<unknown>, schema: JsonSchema): fc.Arbitrary<Body> {
  const required = schema.required ?? [];
  if (required.length === 0) return fc.constant(jsonBody('body:missing', {}));
  return fc.tuple(well, fc.constantFrom(...required)).map(([body, name]) => {
    const copy = { ...(isObject(body) ? body : {}) };
    delete copy[name];
    return jsonBody('body:missing', copy);
  });
}

function withExtraFields(well: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc
    .tuple(well, fc.constantFrom(...EXTRA_FIELDS))
    .map(([body, extra]) => jsonBody('body:extra', { ...(isObject(body) ? body : {}), ...extra }));
}

function otherContentType(well: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.tuple(fc.constantFrom(...OTHER_CONTENT_TYPES), fc.oneof(well.map(asText), hostileString)).map(([type, text]) => ({
    kind: 'body:content-type',
    headers: { 'content-type': type },
    payload: text,
  }));
}

/** A multipart form, as the image routes take, with hostile ids, file names and files. */
function hostileForm(known: KnownIds, files: FormFiles): fc.Arbitrary<Body> {
  const field = fc.oneof(fc.constantFrom(...known.uuids), hostileString);
  const content = fc.constantFrom(
    files.png,
    files.png.subarray(0, 40),
    Buffer.alloc(0),
    Buffer.from(MARKUP_PAYLOADS[0]),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  );
  const filename = fc.oneof(fc.constantFrom('logo.png', '../../etc/passwd.png', 'a"b.png', '.png'), hostileString.map(encodeForUrl));
  return fc
    .tuple(fc.dictionary(fc.constantFrom(...FORM_ID_FIELDS), field), content, filename, fc.constantFrom('file', 'image', 'file[]'))
    .map(([fields, image, name, fieldName]) => {
      const form = multipartForm(fields, [{ field: fieldName, filename: name, contentType: 'image/png', content: image }]);
      return { kind: 'body:multipart', headers: form.headers, payload: form.payload };
    });
}

function malformedBody(payload: string | Buffer): Body {
  return { kind: 'body:malformed', headers: JSON_TYPE, payload };
}

function hostileBody(route: ApiRoute, known: KnownIds, files: FormFiles): fc.Arbitrary<Body> {
  const schema = route.body ?? {};
  const well = route.body ? wellTypedArbitrary(route.body, known) : fc.constant({});
  return fc.oneof(
    { arbitrary: well.map((value) => jsonBody('body:well-typed', value)), weight: 4 },
    { arbitrary: withWrongField(well, schema), weight: 4 },
    { arbitrary: withMissingField(well, schema), weight: 1 },
    { arbitrary: withExtraFields(well), weight: 2 },
    { arbitrary: hostileValue.map((value) => jsonBody('body:top-level', value)), weight: 1 },
    { arbitrary: fc.constantFrom(...MALFORMED_JSON).map(malformedBody), weight: 2 },
    { arbitrary: otherContentType(well), weight: 1 },
    { arbitrary: hostileForm(known, files), weight: 1 },
  );
}

function takesBody(route: ApiRoute): boolean {
  return route.method !== 'GET';
}

function wellTypedBody(route: ApiRoute, known: KnownIds): fc.Arbitrary<Body | undefined> {
  if (!takesBody(route) || route.body === undefined) return fc.constant(undefined);
  return wellTypedArbitrary(route.body, known).map((value) => jsonBody('well-typed', value));
}

function fillPath(route: ApiRoute, segments: Record<string, string>): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => segments[name] ?? '');
}

/**
 * Requests to the route with one part hostile (the path, the query or the body) and the others well-typed,
 * so that each reaches its own validation instead of stopping at the first bad part.
 */
export function hostileRequests(route: ApiRoute, known: KnownIds, files: FormFiles): fc.Arbitrary<HostileRequest> {
  const segments = (segment: fc.Arbitrary<string>) =>
    fc.record(Object.fromEntries(route.pathParams.map((name) => [name, segment])) as Record<string, fc.Arbitrary<string>>);
  const well = fc.record({
    path: segments(wellTypedSegment(known)),
    query: wellTypedQuery(route, known).map((pairs) => queryString(pairs, '')),
    body: wellTypedBody(route, known),
  });
  type Parts = { path: Record<string, string>; query: string; body: Body | undefined; kind: string };
  const targets: fc.WeightedArbitrary<Partial<Parts>>[] = [
    { arbitrary: fc.constant({ kind: 'well-typed' }), weight: 1 },
    { arbitrary: hostileQuery(route, known).map((query) => ({ query, kind: 'query' })), weight: route.query.length > 0 ? 3 : 1 },
  ];
  if (route.pathParams.length > 0) {
    targets.push({ arbitrary: segments(hostileSegment()).map((path) => ({ path, kind: 'path' })), weight: 3 });
  }
  if (takesBody(route)) {
    targets.push({ arbitrary: hostileBody(route, known, files).map((body) => ({ body, kind: body.kind })), weight: 6 });
  }
  return fc.tuple(well, fc.oneof(...targets)).map(([base, hostile]) => {
    const parts: Parts = { kind: 'well-typed', ...base, ...hostile };
    return {
      kind: parts.kind,
      method: route.method,
      url: fillPath(route, parts.path) + parts.query,
      headers: parts.body?.headers ?? {},
      ...(parts.body?.payload === undefined ? {} : { payload: parts.body.payload }),
    };
  });
}
