import { randomUUID } from 'node:crypto';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { Ajv } from 'ajv';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, CALLERS } from '../../test/access-matrix';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { operationIdOf } from './openapi';

const { app } = await createTestApp({ supportEmail: 'help@parish.example' });

async function servedDocument() {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Record<string, unknown> }>;
}

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
}

/** The operation of `route` (`PATCH /api/user/:id`, as Fastify names it) in the document, if documented. */
function operationOf(document: { paths: Record<string, Record<string, Operation>> }, route: string): Operation | undefined {
  const [method = '', path = ''] = route.split(' ');
  return document.paths[path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
}

/** Spectral's findings with every OpenAPI rule on, hints included, as `rule at path: message`. */
async function spectralFindings(document: unknown): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas, 'all']] } as Parameters<Spectral['setRuleset']>[0]);
  const results = await spectral.run(document as Record<string, unknown>);
  return results.map((result) => `${String(result.code)} at ${result.path.join('.')}: ${result.message}`);
}

describe('the OpenAPI document at /api/docs/json', () => {
  it("passes every one of Spectral's OpenAPI rules without a finding", async () => {
    expect(await spectralFindings(await servedDocument())).toEqual([]);
  });

  it('names this installation as its server and support as its contact', async () => {
    const document = await servedDocument();

    expect(document.servers).toEqual([{ url: TEST_ORIGIN, description: 'This installation' }]);
    expect(document.info.contact).toMatchObject({ email: 'help@parish.example' });
  });

  it('gives every operation an operationId after its method and path, once', async () => {
    const document = await servedDocument();
    const ids = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (operations) => Object.values(operations).map((operation) => operation.operationId),
    );

    expect(document.paths['/api/user/profile'].get.operationId).toBe('getUserProfile');
    expect(document.paths['/api/trades/updateTradeProfile'].patch.operationId).toBe('patchTradesUpdateTradeProfile');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the search filters of the list and the map, "4 stars and up" among them', async () => {
    const document = await servedDocument();
    const queryOf = (path: string) =>
      (document.paths[path].get.parameters as { in: string; name: string }[]).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);

    for (const path of ['/api/trades/clientFilter', '/api/trades/mapPoints']) {
      expect(queryOf(path)).toEqual(expect.arrayContaining(['searchText', 'stateType', 'churchId', 'verified', 'minRating']));
    }
  });

  it("explains a category's mains field", async () => {
    const document = await servedDocument();
    const answer = document.paths['/api/category/category/{id}'].get.responses['200'].content['application/json'].schema;

    expect(answer.properties.data.properties.category).toEqual({ $ref: '#/components/schemas/CategoryWithSubs' });
    expect(document.components.schemas.CategoryWithSubs.properties.mains.description).toMatch(/main category/);
  });

  it('declares every tag an operation uses, with a description', async () => {
    const document = await servedDocument();
    const used = new Set(
      Object.values(document.paths as Record<string, Record<string, { tags: string[] }>>).flatMap((operations) =>
        Object.values(operations).flatMap((operation) => operation.tags),
      ),
    );

    expect(document.tags.map((tag: { name: string }) => tag.name).sort()).toEqual([...used].sort());
    expect(document.tags.every((tag: { description?: string }) => Boolean(tag.description))).toBe(true);
  });
});

describe('the access and refusals of the OpenAPI document', () => {
  it('declares the session cookie as a security scheme, and what each operation needs of it', async () => {
    const document = await servedDocument();

    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'churchtrades_session' });
    expect(operationOf(document, 'GET /api/trades/clientFilter')!.security).toEqual([]);
    expect(operationOf(document, 'GET /api/user/profile')!.security).toEqual([{ sessionCookie: [] }]);
    expect(operationOf(document, 'GET /api/reviews/eligibility')!.security).toEqual([{}, { sessionCookie: [] }]);
  });

  it('names the roles a privileged operation lets through in its 403', async () => {
    const document = await servedDocument();

    expect(operationOf(document, 'PATCH /api/user/updateRole')!.responses['403']!.description).toMatch(/ADMIN, DEVELOPER, SUPER/);
    expect(operationOf(document, 'GET /api/user/profile')!.responses['403']).toBeUndefined();
  });

  it('declares the Retry-After header on the refusals that tell a client to wait for it', async () => {
    const document = await servedDocument();
    const headersOf = (route: string, status: string) => operationOf(document, route)!.responses[status]!.headers;

    expect(headersOf('POST /api/user/login', '429')).toHaveProperty('Retry-After');
    expect(headersOf('GET /api/trades/clientFilter', '503')).toHaveProperty('Retry-After');
    expect(headersOf('GET /readyz', '503')).toBeUndefined();
  });

  it('names the schemas used more than once, the envelope of every refusal among them', async () => {
    const document = await servedDocument();
    const dataOf = (route: string) =>
      operationOf(document, route)!.responses['200']!.content!['application/json']!.schema as { properties: { data: { properties: Record<string, unknown> } } };

    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Envelope', 'FieldError', 'Trade', 'TradeCard', 'TradePage', 'Church', 'Category', 'User']));
    expect(dataOf('GET /api/trades/clientFilter').properties.data.properties.trades).toEqual({ $ref: '#/components/schemas/TradePage' });
    expect(dataOf('GET /api/trades/:id').properties.data.properties.trade).toEqual({ $ref: '#/components/schemas/Trade' });
    expect(operationOf(document, 'GET /api/user/profile')!.responses['401']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Envelope',
    });
  });

  it('declares on its operation every refusal the access matrix sees a route give', async () => {
    const document = await servedDocument();
    const undeclared = ACCESS_MATRIX.flatMap((row) => {
      const operation = operationOf(document, row.route);
      if (!operation) return [];
      const statuses = new Set(CALLERS.map((caller) => row.answers[caller]).filter((answer) => typeof answer === 'number' && answer >= 400));
      return [...statuses].filter((status) => !operation.responses[String(status)]).map((status) => `${row.route} ${status}`);
    });

    expect(ACCESS_MATRIX.length).toBeGreaterThan(100);
    expect(undeclared).toEqual([]);
  });

  const crossSite = { origin: 'https://elsewhere.example' };
  const refusals: [string, number, InjectOptions][] = [
    ['POST /api/user/login', 400, { payload: {} }],
    ['GET /api/user/profile', 401, {}],
    ['POST /api/user/login', 403, { headers: crossSite, payload: { email: 'a@parish.example', password: 'secret' } }],
    ['GET /api/trades/:id', 404, { url: `/api/trades/${randomUUID()}` }],
    ['POST /api/user/login', 413, { headers: { 'content-type': 'application/json' }, payload: `{"email":"${'a'.repeat(2 * 1024 * 1024)}"}` }],
    ['POST /api/user/login', 415, { headers: { 'content-type': 'text/xml' }, payload: '<login/>' }],
  ];

  it.each(refusals)('%s answers %i in the envelope its operation documents', async (route, status, request) => {
    const document = await servedDocument();
    const [method, path] = route.split(' ') as [InjectOptions['method'], string];
    const validateEnvelope = new Ajv({ strict: false, validateFormats: false }).compile({
      $ref: '#/components/schemas/Envelope',
      components: document.components,
    });

    const response = await app.inject({ method, url: path, ...request, headers: { origin: TEST_ORIGIN, ...request.headers } });

    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    expect(validateEnvelope(response.json()), JSON.stringify(validateEnvelope.errors)).toBe(true);
    expect(operationOf(document, route)!.responses[String(status)]).toBeDefined();
    if (status === 400) expect(response.json().data.errors.length).toBeGreaterThan(0);
  });
});

describe('operationIdOf', () => {
  it.each([
    ['GET', '/api/user/profile', 'getUserProfile'],
    ['GET', '/api/user/{id}', 'getUserById'],
    ['GET', '/api/category/category_id/{id}', 'getCategoryCategoryIdById'],
    ['PATCH', '/api/user/mfa/setup', 'patchUserMfaSetup'],
    ['GET', '/api/moderation/trades/{id}/checks', 'getModerationTradesByIdChecks'],
    ['POST', '/api/moderation/trades/{id}/vouch', 'postModerationTradesByIdVouch'],
    ['DELETE', '/api/moderation/trades/{id}/vouch', 'deleteModerationTradesByIdVouch'],
    ['POST', '/api/moderation/trades/{id}/licenceChecked', 'postModerationTradesByIdLicenceChecked'],
    ['DELETE', '/api/moderation/trades/{id}/licenceChecked', 'deleteModerationTradesByIdLicenceChecked'],
    ['GET', '/sitemaps/{file}', 'getSitemapsByFile'],
    ['GET', '/uploads/*', 'getUploadsAny'],
    ['GET', '/', 'getRoot'],
  ])('names %s %s %s', (method, path, id) => {
    expect(operationIdOf(method, path)).toBe(id);
  });
});
