import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import { TEST_ABNS } from '../../../test/abr-register';
import { createAccount, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

/** A port nothing listens on: one a server had and gave back. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function savedAbn(app: Awaited<ReturnType<typeof createTestApp>>, abn: string) {
  const db = app.database.db;
  const owner = await createAccount(db);
  const trade = await createTrade(db, { ownerId: owner.id, name: 'Digits Only Joinery' });
  const browser = await loggedInBrowser(app.app, db, owner.id);
  const response = await browser.patch('/api/trades/updateTradeProfile', {
    tradeId: trade.id,
    name: trade.name,
    brief: trade.brief,
    abn,
  });
  const [row] = await db.select().from(trades).where(eq(trades.id, trade.id));
  return { response, row: row! };
}

describe('without ABR_GUID', () => {
  it('checks only the digits, never calling the ABN verified', async () => {
    const { response, row } = await savedAbn(await createTestApp({ backgroundWork: false }), TEST_ABNS[0]);

    expect(response.json()).toMatchObject({
      message: MESSAGES.tradeUpdated,
      data: { trade: { abn: TEST_ABNS[0], abnCheck: { status: 'CHECKSUM_ONLY', checkedAt: null, registeredName: null } } },
    });
    expect(row).toMatchObject({ abnStatus: 'CHECKSUM_ONLY', verifiedUntil: null, abnNextCheckAt: null });
  });
});

describe('a register that cannot be reached', () => {
  it('saves the profile, leaves the ABN waiting and tells the owner', async () => {
    const app = await createTestApp({ backgroundWork: false, abr: { guid: 'g', url: `http://127.0.0.1:${await closedPort()}`, timeoutMs: 1000 } });

    const { response, row } = await savedAbn(app, TEST_ABNS[1]);

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: `${MESSAGES.tradeUpdated}. ${MESSAGES.abnRegisterWaiting}`,
      data: { trade: { abnCheck: { status: 'UNCHECKED' } } },
    });
    expect(row.abnNextCheckAt).not.toBeNull();
  });
});
