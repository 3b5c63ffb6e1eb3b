import { randomUUID } from 'node:crypto';
import { type AuditAction, type AuditEntry, type AuditSubject, auditQuerySchema } from '@churchtrades/shared/audit';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createActor, createOwner } from '../../../test/factories';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';
import type { SignedInUser } from '../sessions/service';
import { createAuditRepo } from './repo';
import { createAuditService } from './service';

const { app, database } = await createTestApp();
const db = database.db;
const audit = createAuditService(createAuditRepo(db));

const admin = await loggedInBrowser(app, db, (await createOwner(db, { role: 'ADMIN' })).id);

/** An administrator whose e-mail carries a word of their own, so a test reads only the entries it wrote. */
async function newActor() {
  const tag = `actor${randomUUID().slice(0, 8)}`;
  const user = await createOwner(db, { role: 'ADMIN', email: `${tag}@example.com.au` });
  return { tag, user, actor: { userId: user.id, role: user.role } };
}

interface Written {
  action?: AuditAction;
  subjectType?: AuditSubject;
  subjectId?: string;
  createdAt?: string;
}

/** Writes an entry as the actor, at the given time (now if none), and answers its subject id. */
async function write(actor: SignedInUser, entry: Written = {}): Promise<string> {
  const subjectId = entry.subjectId ?? randomUUID();
  await audit.record(actor, {
    action: entry.action ?? 'church.update',
    subjectType: entry.subjectType ?? 'CHURCH',
    subjectId,
    subjectName: `Subject ${subjectId}`,
    before: { name: 'Old' },
    after: { name: 'New' },
  });
  if (entry.createdAt !== undefined) {
    await db.update(auditLog).set({ createdAt: new Date(entry.createdAt) }).where(eq(auditLog.subjectId, subjectId));
  }
  return subjectId;
}

async function entries(params: Record<string, string>) {
  const response = await admin.get(`/api/audit?${new URLSearchParams(params).toString()}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.entries as { content: AuditEntry[]; totalElements: number; totalPages: number; number: number };
}

async function subjectsFound(params: Record<string, string>): Promise<string[]> {
  return (await entries(params)).content.map((entry) => entry.subjectId);
}

describe('GET /api/audit', () => {
  it('shows who changed what, when, before and after, newest first', async () => {
    const { tag, user, actor } = await newActor();
    const older = await write(actor, { createdAt: '2024-05-01T10:00:00Z' });
    const newer = await write(actor, { createdAt: '2024-05-02T10:00:00Z' });

    const page = await entries({ actor: tag });

    expect(page.content.map((entry) => entry.subjectId)).toEqual([newer, older]);
    expect(page.content[0]).toEqual({
      id: expect.any(String),
      actorId: user.id,
      actorEmail: user.email,
      action: 'church.update',
      subjectType: 'CHURCH',
      subjectId: newer,
      subjectName: `Subject ${newer}`,
      before: { name: 'Old' },
      after: { name: 'New' },
      createdAt: '2024-05-02T10:00:00.000Z',
    });
  });

  it("finds by part of the actor's e-mail, in any case", async () => {
    const { tag, actor } = await newActor();
    const other = await newActor();
    const mine = await write(actor);
    await write(other.actor);

    expect(await subjectsFound({ actor: tag.toUpperCase() })).toEqual([mine]);
  });

  it('finds by action', async () => {
    const { tag, actor } = await newActor();
    const locked = await write(actor, { action: 'user.flag', subjectType: 'USER' });
    await write(actor, { action: 'user.role', subjectType: 'USER' });

    expect(await subjectsFound({ actor: tag, action: 'user.flag' })).toEqual([locked]);
  });

  it('finds by subject type and subject id', async () => {
    const { tag, actor } = await newActor();
    const category = await write(actor, { action: 'category.create', subjectType: 'CATEGORY' });
    const church = await write(actor, { action: 'church.register', subjectType: 'CHURCH' });
    await write(actor, { action: 'church.update', subjectType: 'CHURCH', subjectId: church });

    expect(await subjectsFound({ actor: tag, subjectType: 'CATEGORY' })).toEqual([category]);
    expect(await subjectsFound({ subjectId: church })).toEqual([church, church]);
  });

  it('finds from one day to another, both days included', async () => {
    const { tag, actor } = await newActor();
    await write(actor, { createdAt: '2024-03-09T12:00:00Z' });
    const first = await write(actor, { createdAt: '2024-03-10T12:00:00Z' });
    const last = await write(actor, { createdAt: '2024-03-11T12:00:00Z' });
    await write(actor, { createdAt: '2024-03-12T12:00:00Z' });

    expect(await subjectsFound({ actor: tag, from: '2024-03-10', to: '2024-03-11' })).toEqual([last, first]);
    expect(await subjectsFound({ actor: tag, from: '2024-03-12' })).toHaveLength(1);
    expect(await subjectsFound({ actor: tag, to: '2024-03-09' })).toHaveLength(1);
  });

  it('answers a page at a time, with the count of every entry found', async () => {
    const { tag, actor } = await newActor();
    const written = [];
    for (const day of [1, 2, 3, 4, 5]) written.push(await write(actor, { createdAt: `2024-01-0${day}T12:00:00Z` }));

    const page = await entries({ actor: tag, page: '1', size: '2' });

    expect(page).toMatchObject({ number: 1, totalElements: 5, totalPages: 3 });
    expect(page.content.map((entry) => entry.subjectId)).toEqual([written[2], written[1]]);
  });

  it.each([
    ['a date that is no date', { from: '2024-13-01' }, MESSAGES.dateInvalid],
    ['a date not written YYYY-MM-DD', { to: 'yesterday' }, MESSAGES.dateInvalid],
    ['an unknown action', { action: 'user.vanish' }, MESSAGES.chooseAuditAction],
    ['an unknown subject type', { subjectType: 'PARISH' }, MESSAGES.chooseAuditSubject],
  ])('refuses %s with 400', async (_case, params, message) => {
    const response = await admin.get(`/api/audit?${new URLSearchParams(params).toString()}`);

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message });
  });

  it('is kept by no cache', async () => {
    expect((await admin.get('/api/audit')).headers['cache-control']).toBe('no-store');
  });

  it('answers 401 to a visitor', async () => {
    expect((await testBrowser(app).get('/api/audit')).json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED' });
  });

  it.each(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR'] as const)('answers 403 to a %s', async (role) => {
    const browser = await loggedInBrowser(app, db, (await createOwner(db, { role, governedState: 'NSW' })).id);

    expect((await browser.get('/api/audit')).json()).toMatchObject({ statusCode: 403, message: MESSAGES.forbidden });
  });

  it.each(['DEVELOPER', 'SUPER'] as const)('lets a %s read it', async (role) => {
    const browser = await loggedInBrowser(app, db, (await createOwner(db, { role })).id);
    const { tag, actor } = await newActor();
    const subjectId = await write(actor);

    const response = await browser.get(`/api/audit?actor=${tag}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.entries.content.map((entry: AuditEntry) => entry.subjectId)).toEqual([subjectId]);
  });
});

describe('the audit service, whoever calls it', () => {
  it('refuses a trader the log', async () => {
    const trader = await createActor(db, 'TRADER');

    await expectRefused([() => audit.page(trader, auditQuerySchema.parse({}))]);
  });

  it('shows an administrator the log', async () => {
    const { tag, actor } = await newActor();
    const subjectId = await write(actor);

    const page = await audit.page(actor, auditQuerySchema.parse({ actor: tag }));

    expect(page.content.map((entry) => entry.subjectId)).toEqual([subjectId]);
  });
});
