import { MESSAGES } from '@churchtrades/shared/messages';
import { sessionListSchema, type SessionView } from '@churchtrades/shared/sessions';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../tokens';
import { createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

async function sessionsSeenBy(browser: TestBrowser): Promise<SessionView[]> {
  const response = await browser.get('/api/user/sessions');
  expect(response.statusCode).toBe(200);
  return sessionListSchema.strict().parse(response.json().data).sessions;
}

function end(browser: TestBrowser, path: string) {
  return browser.request({ method: 'DELETE', url: `/api/user/sessions/${path}` });
}

const profileStatus = async (browser: TestBrowser) => (await browser.get('/api/user/profile')).statusCode;

async function accountOnTwoDevices() {
  const account = await createAccount(db);
  const laptop = await loggedInBrowser(app, db, account.id);
  const phone = await loggedInBrowser(app, db, account.id);
  return { account, laptop, phone };
}

describe('GET /api/user/sessions', () => {
  it("lists the account's sessions with device, network and last use, this device marked", async () => {
    const { laptop, phone } = await accountOnTwoDevices();

    const listed = await sessionsSeenBy(laptop);

    expect(listed).toHaveLength(2);
    expect(listed.map((session) => session.current).sort()).toEqual([false, true]);
    const thisDevice = listed.find((session) => session.current)!;
    expect(thisDevice).toMatchObject({ device: 'Firefox on Linux', network: laptop.address });
    expect(listed.find((session) => !session.current)).toMatchObject({ network: phone.address });
    expect(Date.parse(thisDevice.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('never shows a token or its stored hash', async () => {
    const { laptop, phone } = await accountOnTwoDevices();

    const body = (await laptop.get('/api/user/sessions')).body;

    for (const token of [laptop.sessionToken!, phone.sessionToken!]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(hashToken(token));
    }
  });

  it("shows nothing of another account's sessions, nor of a login waiting for its two-step code", async () => {
    const { account, laptop } = await accountOnTwoDevices();
    await loggedInBrowser(app, db, account.id, 'MFA_PENDING');
    const stranger = await loggedInBrowser(app, db, (await createAccount(db)).id);

    expect(await sessionsSeenBy(laptop)).toHaveLength(2);
    expect(await sessionsSeenBy(stranger)).toEqual([expect.objectContaining({ current: true, network: stranger.address })]);
  });
});

describe('DELETE /api/user/sessions/others', () => {
  it('logs out everywhere else and keeps this device logged in', async () => {
    const { account, laptop, phone } = await accountOnTwoDevices();
    const tablet = await loggedInBrowser(app, db, account.id);

    const response = await end(laptop, 'others');

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.otherSessionsEnded });
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(tablet)).toBe(401);
    expect(await sessionsSeenBy(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });

  it("leaves other accounts' sessions alone", async () => {
    const { laptop } = await accountOnTwoDevices();
    const stranger = await loggedInBrowser(app, db, (await createAccount(db)).id);

    await end(laptop, 'others');

    expect(await profileStatus(stranger)).toBe(200);
  });
});

describe('DELETE /api/user/sessions/:sessionId', () => {
  it('ends the chosen session and no other', async () => {
    const { account, laptop, phone } = await accountOnTwoDevices();
    const tablet = await loggedInBrowser(app, db, account.id);
    const phoneId = (await sessionsSeenBy(phone)).find((session) => session.current)!.sessionId;

    const response = await end(laptop, phoneId);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.sessionEnded });
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(tablet)).toBe(200);
  });

  it("refuses the id of another account's session as not found, and that session lives on", async () => {
    const { laptop } = await accountOnTwoDevices();
    const stranger = await loggedInBrowser(app, db, (await createAccount(db)).id);
    const strangersId = (await sessionsSeenBy(stranger))[0]!.sessionId;

    const response = await end(laptop, strangersId);

    expect(response.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', message: MESSAGES.sessionNotFound });
    expect(await profileStatus(stranger)).toBe(200);
  });

  it('answers not found for a session already ended', async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    const phoneId = (await sessionsSeenBy(phone)).find((session) => session.current)!.sessionId;
    await end(laptop, phoneId);

    expect((await end(laptop, phoneId)).statusCode).toBe(404);
  });

  it("logs this device out when it is this device's session", async () => {
    const { laptop } = await accountOnTwoDevices();
    const ownId = (await sessionsSeenBy(laptop)).find((session) => session.current)!.sessionId;

    const response = await end(laptop, ownId);

    expect(response.statusCode).toBe(200);
    expect(laptop.sessionToken).toBeUndefined();
  });

  it('refuses an id that is no session id with a 400', async () => {
    const { laptop } = await accountOnTwoDevices();

    expect((await end(laptop, 'not-an-id')).statusCode).toBe(400);
  });
});
