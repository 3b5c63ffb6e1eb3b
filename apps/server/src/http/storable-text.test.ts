import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema';
import { createAccount } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { loggedInBrowser } from '../../test/test-browser';
import { makeTextStorable, storableText } from './storable-text';

const { app, database } = await createTestApp();
const db = database.db;

describe('storableText', () => {
  it('drops NUL and replaces an unpaired surrogate with U+FFFD', () => {
    expect(storableText('Ol\u0000ive')).toBe('Olive');
    expect(storableText('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc');
  });

  it('keeps emoji, accents and right-to-left marks as they are', () => {
    const text = '👨‍👩‍👧 Zoë \u202Eevil\u202C e\u0301';

    expect(storableText(text)).toBe(text);
  });

  it('cleans every string of a body nested thousands deep without running out of stack', () => {
    const innermost = ['\u0000deep'];
    let body: unknown = innermost;
    for (let depth = 0; depth < 100_000; depth += 1) body = [body];

    makeTextStorable(body);

    expect(innermost).toEqual(['deep']);
  });
});

describe('text from any request on its way to the database', () => {
  it('stores a profile whose fields carry NUL and broken characters, cleaned', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);

    const response = await browser.patch('/api/user/update', {
      firstName: 'Ol\u0000ive',
      lastName: 'Own\uD800er',
      email: account.email,
      bio: 'Plumber\u0000 of the parish',
      phone: '0400 000 000',
    });

    expect(response.statusCode).toBe(200);
    const [stored] = await db.select().from(users).where(eq(users.id, account.id));
    expect(stored).toMatchObject({ firstName: 'Olive', lastName: 'Own\uFFFDer', bio: 'Plumber of the parish' });
  });

  it('registers a church named with an unpaired surrogate and writes its audit entry', async () => {
    const administrator = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

    const response = await administrator.post('/api/churches/register', { name: 'St \uDFFD Mary', stateType: 'ACT' });

    expect(response.statusCode).toBe(201);
    const churchId: string = response.json().data.church.churchId;
    expect(await db.select().from(auditLog).where(eq(auditLog.subjectId, churchId))).toHaveLength(1);
  });

  it('answers a query parameter with NUL as any other value, not with 500', async () => {
    const administrator = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

    const response = await administrator.request({ method: 'PATCH', url: '/api/trades/sendNewOwnerPasswordResetEmail?email=%00x' });

    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ statusCode: response.statusCode });
  });
});
