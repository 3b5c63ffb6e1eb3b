import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import { createAccount, createTrade } from '../../../test/factories';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

// The audit log refuses the entries about the businesses named so: the switch is flipped first, its entry fails.
await refuseWrites(db, 'audit_log', `NEW.subject_name LIKE 'Unauditable%'`);

describe("an administrator's switch whose audit entry cannot be written", () => {
  it.each([
    ['toggleLocked', 'locked'],
    ['toggleExpired', 'expired'],
  ] as const)('%s leaves %s as it was, and the business listed', async (route, field) => {
    const trade = await createTrade(db, { name: `Unauditable ${route} Joinery` });
    const administrator = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

    const response = await administrator.patch(`/api/trades/${route}?key=${trade.id}`);

    expect(response.statusCode).toBe(500);
    const [stored] = await db.select().from(trades).where(eq(trades.id, trade.id));
    expect(stored).toMatchObject({ [field]: false, listed: true });
  });
});
