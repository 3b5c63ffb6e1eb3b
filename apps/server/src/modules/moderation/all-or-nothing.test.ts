import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { churchMembers, trades } from '../../db/schema';
import { createAccount, createChurch, createOwner, createTrade } from '../../../test/factories';
import { startMailCatcher } from '../../../test/mail-catcher';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

// The audit log refuses the entries about the businesses named so: the decision is written first, its entry fails.
await refuseWrites(db, 'audit_log', `NEW.subject_name LIKE 'Unauditable%'`);

/** A pending business of a new church, its owner with an e-mail of their own, and a moderator of that church. */
async function pendingTrade(name: string) {
  const church = await createChurch(db);
  const owner = await createOwner(db, { email: `owner.${randomUUID().slice(0, 8)}@example.com.au` });
  const trade = await createTrade(db, { churchId: church.id, ownerId: owner.id, name, moderationStatus: 'PENDING' });
  const moderator = await createAccount(db, { role: 'MODERATOR' });
  await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.id, churchRole: 'MODERATOR' });
  return { owner, trade, moderator: await loggedInBrowser(app, db, moderator.id) };
}

describe('a moderator decision whose audit entry cannot be written', () => {
  it('leaves the business waiting, and tells its owner nothing', async () => {
    const { owner, trade, moderator } = await pendingTrade('Unauditable Joinery');

    const response = await moderator.patch('/api/moderation/decide', { tradeId: trade.id, decision: 'APPROVE' });

    expect(response.statusCode).toBe(500);
    const [stored] = await db.select().from(trades).where(eq(trades.id, trade.id));
    expect(stored).toMatchObject({ moderationStatus: 'PENDING', moderatedBy: null, listed: false });
    // A decision made after it is mailed; by then a mail of the refused one would have come first.
    const other = await pendingTrade('Auditable Joinery');
    await other.moderator.patch('/api/moderation/decide', { tradeId: other.trade.id, decision: 'APPROVE' });
    await catcher.waitForMail(other.owner.email);
    expect(catcher.mailsTo(owner.email)).toEqual([]);
  });
});
