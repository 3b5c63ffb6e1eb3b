import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp } from '../../../test/test-app';
import { testBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

function registration(email: string, homepage: string) {
  return { firstName: 'Robot', lastName: 'Filler', email, password: 'fig-tree-harvest', homepage };
}

describe('the honeypot of the registration form', () => {
  it('refuses a registration whose hidden homepage field a robot filled in with 400, and creates no account', async () => {
    const email = `robot.${Date.now()}@example.com.au`;

    const response = await testBrowser(app).post('/api/user/register', registration(email, 'https://spam.example'));

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST' });
    expect(response.json().data.errors).toContainEqual({ field: 'homepage', message: MESSAGES.formRefused });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('takes a registration whose homepage field was left empty', async () => {
    const email = `person.${Date.now()}@example.com.au`;

    const response = await testBrowser(app).post('/api/user/register', registration(email, ''));

    expect(response.statusCode).toBe(200);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
