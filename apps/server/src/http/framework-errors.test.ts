import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { NOT_FOUND_MESSAGE } from './error-handler';
import { BAD_URL_MESSAGE } from './framework-errors';

const { app } = await createTestApp();
app.get('/api/test-only/things/:id', async () => ({ ok: true }));

describe("errors of Fastify's router", () => {
  it('answers a path segment longer than any id with 404 in the envelope, without echoing it', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/test-only/things/${'x'.repeat(5000)}` });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
    expect(response.body).not.toContain('xxxx');
  });

  it('answers a malformed percent-encoding with 400 in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/things/%E0%A4%A' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: BAD_URL_MESSAGE });
  });
});
