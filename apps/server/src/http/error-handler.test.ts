import { loginSchema } from '@churchtrades/shared/auth';
import { MESSAGES } from '@churchtrades/shared/messages';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, createTestApp } from '../../test/test-app';
import { AppError } from './app-error';
import { DATABASE_UNAVAILABLE_MESSAGE } from './error-handler';

const { app } = await createTestApp();
app.post('/api/test-only/login-shape', { schema: { body: loginSchema } }, async () => ({ ok: true }));
app.get('/api/test-only/missing-trade', async () => {
  throw new AppError('NOT_FOUND', 'Trade not found');
});
app.get('/api/test-only/weak-password', async () => {
  throw new AppError('BAD_REQUEST', MESSAGES.passwordTooEasy, { field: 'newPassword' });
});
app.get('/api/test-only/crash', async () => {
  throw new Error('secret internal detail at /srv/app.ts:42');
});
// What a query gets while PostgreSQL restarts: the driver's refusal, wrapped by Drizzle.
app.get('/api/test-only/database-away', async () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
  throw new DrizzleQueryError('select 1 from secret_table', [], refused);
});

const envelopeShape = {
  timeStamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  statusCode: expect.any(Number),
  status: expect.any(String),
  message: expect.any(String),
  data: expect.any(Object),
};

describe('answers in the envelope', () => {
  it('answers an unknown API path with 404 NOT_FOUND', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ...envelopeShape, statusCode: 404, status: 'NOT_FOUND' });
  });

  it("maps a service's AppError to its status and message", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/missing-trade' });

    expect(response.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', message: 'Trade not found' });
  });

  it("names the field of a service's refusal in data.errors, for the form to show it there", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/weak-password' });

    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: MESSAGES.passwordTooEasy,
      data: { errors: [{ field: 'newPassword', message: MESSAGES.passwordTooEasy }] },
    });
  });

  it('answers a validation failure with 400, the schema message and every field error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-only/login-shape',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'x', password: '1' },
    });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 'BAD_REQUEST', message: MESSAGES.emailRequired });
    expect(body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: MESSAGES.emailRequired },
        { field: 'password', message: MESSAGES.passwordRequired },
      ]),
    );
  });

  it('answers malformed JSON with 400 and an unsupported body type with 415', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test-only/login-shape',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"email":',
    });
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/test-only/login-shape',
      headers: { 'content-type': 'application/x-unknown', origin: TEST_ORIGIN },
      payload: 'email',
    });

    expect(malformed.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST' });
    expect(wrongType.json()).toMatchObject({ statusCode: 415, status: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('hides the text and stack of an unexpected failure', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/crash' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 'INTERNAL_SERVER_ERROR' });
    expect(response.body).not.toMatch(/secret internal detail|app\.ts|stack/);
  });

  it('answers a request the database could not serve (restarting, say) with 503, a Retry-After and no detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/database-away' });

    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.json()).toMatchObject({
      ...envelopeShape,
      statusCode: 503,
      status: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|secret_table|10\.0\.0\.5/);
  });
});
