import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, churches, sessions } from '../../src/db/schema';
import { createChurch, createOwner } from '../factories';
import { createTestDatabase } from '../test-database';
import { dataFingerprinter } from './data-fingerprint';

const database = await createTestDatabase();
afterAll(() => database.close());
const db = database.db;
const fingerprint = await dataFingerprinter(db);
const owner = await createOwner(db);

async function aSession() {
  const [session] = await db
    .insert(sessions)
    .values({ tokenHash: `token-${Math.random()}`, userId: owner.id, stage: 'ACTIVE', expiresAt: new Date(Date.now() + 60_000) })
    .returning();
  return session!;
}

async function auditEntry(action: string) {
  await db.insert(auditLog).values({ actorEmail: owner.email, action, subjectType: 'user', subjectId: owner.id });
}

describe('the data fingerprint of the fuzz suite', () => {
  it('changes when a row is added, changed or removed', async () => {
    const before = await fingerprint();
    const church = await createChurch(db);
    const added = await fingerprint();
    await db.update(churches).set({ name: 'St Changed' }).where(eq(churches.id, church.id));
    const changed = await fingerprint();
    await db.delete(churches).where(eq(churches.id, church.id));
    const removed = await fingerprint();

    expect(new Set([before, added, changed, removed]).size).toBe(4);
  });

  it('changes for a change undone later, which a comparison of the rows alone would miss', async () => {
    const church = await createChurch(db, { name: 'St Undone' });
    const before = await fingerprint();
    await db.update(churches).set({ name: 'St Done' }).where(eq(churches.id, church.id));
    await db.update(churches).set({ name: 'St Undone' }).where(eq(churches.id, church.id));

    expect(await fingerprint()).not.toBe(before);
  });

  it('stays for a write that changes nothing, a rolled-back one, and the columns any use changes', async () => {
    const church = await createChurch(db);
    const session = await aSession();
    const before = await fingerprint();
    await db.update(churches).set({ name: church.name }).where(eq(churches.id, church.id));
    await db
      .transaction(async (tx) => {
        await tx.delete(churches).where(eq(churches.id, church.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 120_000) })
      .where(eq(sessions.tokenHash, session.tokenHash));

    expect(await fingerprint()).toBe(before);

    await db.update(sessions).set({ network: '203.0.113.7' }).where(eq(sessions.tokenHash, session.tokenHash));
    expect(await fingerprint()).not.toBe(before);
  });

  it("leaves out refused logins' security events, not other audit entries, and the tables refusals write by design", async () => {
    const before = await fingerprint();
    await auditEntry('user.loginFailed');
    await db.execute(sql`update directory_version set version = version + 1`);
    expect(await fingerprint()).toBe(before);

    await auditEntry('user.roleChanged');
    expect(await fingerprint()).not.toBe(before);
  });
});
