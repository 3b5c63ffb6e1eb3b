import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, churchMembers, users } from '../../db/schema';
import { createAccount, createChurch } from '../../../test/factories';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

// The audit log refuses the entries about the churches and accounts named so.
await refuseWrites(db, 'audit_log', `NEW.subject_name ILIKE 'unauditable%'`);

const administrator = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

async function stateOf(userId: string) {
  const [account] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const memberships = await db.select().from(churchMembers).where(eq(churchMembers.userId, userId));
  const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, userId));
  return { role: account!.role, memberships: memberships.length, roleEntries: entries.length };
}

describe('a church membership whose audit entries cannot be written', () => {
  it('attaches no one and raises no role when the membership cannot be audited', async () => {
    const church = await createChurch(db, { name: 'Unauditable Attaching Chapel' });
    const owner = await createAccount(db);

    const response = await administrator.post('/api/masterUser/churchMembers', {
      churchId: church.id,
      email: owner.email,
      churchRole: 'MODERATOR',
    });

    expect(response.statusCode).toBe(500);
    expect(await stateOf(owner.id)).toEqual({ role: 'TRADER', memberships: 0, roleEntries: 0 });
  });

  it('attaches no one when the raised role, the last step, cannot be audited', async () => {
    const church = await createChurch(db, { name: 'Auditable Attaching Chapel' });
    const owner = await createAccount(db, { email: `unauditable.${randomUUID().slice(0, 8)}@example.com.au` });

    const response = await administrator.post('/api/masterUser/churchMembers', {
      churchId: church.id,
      email: owner.email,
      churchRole: 'MODERATOR',
    });

    expect(response.statusCode).toBe(500);
    expect(await stateOf(owner.id)).toEqual({ role: 'TRADER', memberships: 0, roleEntries: 0 });
    expect(await db.select().from(auditLog).where(eq(auditLog.subjectId, church.id))).toEqual([]);
  });

  it('keeps the member of a church when the removal cannot be audited', async () => {
    const church = await createChurch(db, { name: 'Unauditable Detaching Chapel' });
    const moderator = await createAccount(db, { role: 'MODERATOR' });
    await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.id, churchRole: 'MODERATOR' });

    const response = await administrator.patch('/api/masterUser/churchMembers/remove', {
      churchId: church.id,
      email: moderator.email,
      churchRole: 'MODERATOR',
    });

    expect(response.statusCode).toBe(500);
    expect(await stateOf(moderator.id)).toEqual({ role: 'MODERATOR', memberships: 1, roleEntries: 0 });
  });
});
