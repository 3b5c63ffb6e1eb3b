import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { oneTimeKeys, sessions, users } from '../../db/schema';
import { createAccount, createOwner } from '../../../test/factories';
import { startMailCatcher } from '../../../test/mail-catcher';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

// The audit log refuses the entries about the accounts named so: the change is written first, its entry fails.
await refuseWrites(db, 'audit_log', `NEW.subject_name LIKE 'Unauditable%'`);

const administrator = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

function someone(firstName: string) {
  return createOwner(db, { firstName, email: `someone.${randomUUID().slice(0, 8)}@example.com.au` });
}

async function account(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

describe('an account change whose audit entry cannot be written', () => {
  it('keeps the role', async () => {
    const user = await someone('Unauditable');

    const response = await administrator.patch('/api/user/updateRole', { userId: user.id, role: 'MODERATOR' });

    expect(response.statusCode).toBe(500);
    expect((await account(user.id)).role).toBe('TRADER');
  });

  it('neither locks the account nor ends its sessions', async () => {
    const user = await someone('Unauditable');
    await loggedInBrowser(app, db, user.id);

    const response = await administrator.patch(`/api/user/tglUserAccountLocked?userId=${user.id}`);

    expect(response.statusCode).toBe(500);
    expect((await account(user.id)).accountNonLocked).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('keeps no reset key of an owner and mails them nothing', async () => {
    const user = await someone('Unauditable');

    const response = await administrator.patch(`/api/trades/sendNewOwnerPasswordResetEmail?email=${encodeURIComponent(user.email)}`);

    expect(response.statusCode).toBe(500);
    expect(await db.select().from(oneTimeKeys).where(eq(oneTimeKeys.userId, user.id))).toEqual([]);
    // A reset sent after it is mailed; by then a mail of the refused one would have come first.
    const other = await someone('Auditable');
    await administrator.patch(`/api/trades/sendNewOwnerPasswordResetEmail?email=${encodeURIComponent(other.email)}`);
    await catcher.waitForMail(other.email);
    expect(catcher.mailsTo(user.email)).toEqual([]);
  });
});
