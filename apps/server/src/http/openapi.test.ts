import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { operationIdOf } from './openapi';

const { app } = await createTestApp({ supportEmail: 'help@parish.example' });

async function servedDocument() {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Spectral's findings at `severity` or worse (0 error, 1 warning), as `rule at path: message`. */
async function spectralFindings(document: unknown, severity: number): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas] } as Parameters<Spectral['setRuleset']>[0]);
  const results = await spectral.run(document as Record<string, unknown>);
  return results
    .filter((result) => result.severity <= severity)
    .map((result) => `${String(result.code)} at ${result.path.join('.')}: ${result.message}`);
}

describe('the OpenAPI document at /api/docs/json', () => {
  it("passes Spectral's OpenAPI rules without an error or a warning", async () => {
    expect(await spectralFindings(await servedDocument(), 1)).toEqual([]);
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

    expect(answer.properties.data.properties.category.properties.mains.description).toMatch(/main category/);
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
