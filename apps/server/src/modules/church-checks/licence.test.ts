import { MESSAGES } from '@churchtrades/shared/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, churchMembers, trades } from '../../db/schema';
import { createAccount, createCategoryPair, createChurch, createTrade, inCategory } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp({ backgroundWork: false });
const db = database.db;
const category = await createCategoryPair(db);
const LICENCE = { number: 'EC 12345', state: 'NSW', kind: 'Electrical contractor' } as const;

async function scene() {
  const church = await createChurch(db);
  const owner = await createAccount(db);
  const trade = await createTrade(db, { churchId: church.id, ownerId: owner.id, ...inCategory(category) });
  const moderator = await createAccount(db, { role: 'MODERATOR' });
  await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.id, churchRole: 'MODERATOR' });
  return {
    trade,
    owner: await loggedInBrowser(app, db, owner.id),
    moderator: { account: moderator, browser: await loggedInBrowser(app, db, moderator.id) },
  };
}

function stateLicence(owner: TestBrowser, trade: { id: string; churchId: string; name: string; brief: string }, licence: unknown) {
  return owner.patch('/api/trades/updateTradeProfile', {
    tradeId: trade.id,
    churchId: trade.churchId,
    categoryId: category.sub.id,
    name: trade.name,
    brief: trade.brief,
    ...(licence === undefined ? {} : { licence }),
  });
}

const markChecked = (browser: TestBrowser, tradeId: string) => browser.post(`/api/moderation/trades/${tradeId}/licenceChecked`);
const undoCheck = (browser: TestBrowser, tradeId: string) =>
  browser.request({ method: 'DELETE', url: `/api/moderation/trades/${tradeId}/licenceChecked` });

async function stored(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

describe('a licence stated by the owner and checked by a moderator', () => {
  it('shows as stated by the owner until a moderator marks it checked, with the date, audited', async () => {
    const { trade, owner, moderator } = await scene();

    const stated = await stateLicence(owner, trade, { ...LICENCE, number: '  EC 12345 ' });
    expect(stated.json().data.trade.licence).toEqual({ ...LICENCE, checkedAt: null });

    const checked = await markChecked(moderator.browser, trade.id);

    expect(checked.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.licenceMarkedChecked,
      data: {
        checks: {
          licence: {
            ...LICENCE,
            checkedByName: `${moderator.account.firstName} ${moderator.account.lastName}`,
          },
          mayCheckLicence: true,
        },
      },
    });
    expect(checked.json().data.checks.licence.checkedAt).toEqual(expect.any(String));
    expect((await stored(trade.id)).licenceCheckedBy).toBe(moderator.account.id);
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, trade.id), eq(auditLog.action, 'trade.licenceCheck')));
    expect(entries).toHaveLength(1);
  });

  it('keeps the check when the profile is saved with the same licence or without one, and clears it on a change', async () => {
    const { trade, owner, moderator } = await scene();
    await stateLicence(owner, trade, LICENCE);
    await markChecked(moderator.browser, trade.id);

    await stateLicence(owner, trade, LICENCE);
    await stateLicence(owner, trade, undefined);
    expect((await stored(trade.id)).licenceCheckedAt).not.toBeNull();

    const changed = await stateLicence(owner, trade, { ...LICENCE, state: 'VIC' });
    expect(changed.json().data.trade.licence).toEqual({ ...LICENCE, state: 'VIC', checkedAt: null });
    expect((await stored(trade.id)).licenceCheckedBy).toBeNull();
  });

  it('removes the licence when the owner sends null', async () => {
    const { trade, owner } = await scene();
    await stateLicence(owner, trade, LICENCE);

    const removed = await stateLicence(owner, trade, null);

    expect(removed.json().data.trade.licence).toBeNull();
    expect(await stored(trade.id)).toMatchObject({ licenceNumber: null, licenceState: null, licenceKind: null });
  });

  it('refuses a licence without a number or with an unknown state', async () => {
    const { trade, owner } = await scene();

    const noNumber = await stateLicence(owner, trade, { ...LICENCE, number: ' ' });
    const noState = await stateLicence(owner, trade, { ...LICENCE, state: 'XX' });

    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toBe(MESSAGES.licenceNumberRequired);
    expect(noState.statusCode).toBe(400);
  });

  it('undoes a check, and answers 409 when there is no licence or no check', async () => {
    const { trade, owner, moderator } = await scene();
    const noLicence = await markChecked(moderator.browser, trade.id);
    await stateLicence(owner, trade, LICENCE);
    const noCheck = await undoCheck(moderator.browser, trade.id);
    await markChecked(moderator.browser, trade.id);

    const undone = await undoCheck(moderator.browser, trade.id);

    expect(noLicence.statusCode).toBe(409);
    expect(noCheck.statusCode).toBe(409);
    expect(undone.json()).toMatchObject({ message: MESSAGES.licenceCheckUndone, data: { checks: { licence: { checkedAt: null } } } });
  });

  it("refuses the owner and a moderator of another church", async () => {
    const { trade, owner } = await scene();
    await stateLicence(owner, trade, LICENCE);
    const elsewhere = await createAccount(db, { role: 'MODERATOR' });
    await db.insert(churchMembers).values({ churchId: (await createChurch(db)).id, userId: elsewhere.id, churchRole: 'MODERATOR' });

    const answers = [await markChecked(owner, trade.id), await markChecked(await loggedInBrowser(app, db, elsewhere.id), trade.id)];

    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403]);
    expect((await stored(trade.id)).licenceCheckedAt).toBeNull();
  });
});
