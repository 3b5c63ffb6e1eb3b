import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { businessPath } from '@churchtrades/shared/business-page';
import type { Role } from '@churchtrades/shared/roles';
import { STILL_TRADING_MAX_MONTHS, STILL_TRADING_MIN_MONTHS } from '@churchtrades/shared/still-trading';
import { OWN_ACCOUNT_CLOSURES } from '@churchtrades/shared/user';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { type Config, loadConfig } from '../src/config/config';
import type { Database } from '../src/db/database';
import {
  addresses,
  addressIndex,
  blockedSenders,
  categories,
  churches,
  churchMembers,
  dataExports,
  enquiries,
  enquiryConfirmations,
  enquiryMessages,
  enquirySpamReports,
  oneTimeKeys,
  outboxMails,
  reviewNotices,
  reviewReports,
  reviews,
  sessions,
  siteSettings,
  socialMedia,
  trades,
  tradeVouches,
  users,
} from '../src/db/schema';
import { createEnquiry, createSpamReport } from '../src/modules/enquiry-inbox/enquiry-factory';
import { createAnsweredEnquiry, createReview, createReviewReport } from '../src/modules/reviews/review-factory';
import { SESSION_COOKIE } from '../src/modules/sessions/plugin';
import { stillTradingLinks } from '../src/modules/still-trading/link';
import { conversationLinks } from '../src/modules/enquiries/conversation-link';
import { proofsOfWork } from '../src/modules/enquiries/proof-of-work';
import { systemClock } from '../src/clock';
import { type SessionService, sessionIdOf } from '../src/modules/sessions/service';
import { hashToken, newToken } from '../src/tokens';
import {
  createAccount,
  createAddress,
  createCategory,
  createCategoryPair,
  createChurch,
  createFailedMail,
  createOwner,
  createSocialMedia,
  createTrade,
  inCategory,
  TEST_PASSWORD,
} from './factories';
import { multipartForm } from './multipart-form';
import { solvedWithoutApp } from './proof-of-work';
import { TEST_ORIGIN } from './test-app';

/**
 * Issue "Hostile input and access": every route of the app × every kind of caller, with the answer each must
 * get. One table (ACCESS_MATRIX below); access-matrix.test.ts fails on any route of the app without a row.
 *
 * The scene: one business owned by "TRADER owner", attached to a church in NSW where "PRIEST" is priest and
 * "MODERATOR" moderates; "GOVERNOR" governs NSW; "OTHER_MODERATOR" moderates another church of NSW (so a
 * refusal is the church's, not the state's); "OTHER_TRADER" owns a business of their own at that other church.
 */

export const CALLERS = [
  'anonymous',
  'USER',
  'OWNER',
  'OTHER_TRADER',
  'PRIEST',
  'MODERATOR',
  'OTHER_MODERATOR',
  'GOVERNOR',
  'ADMIN',
  'SUPER',
] as const;
export type Caller = (typeof CALLERS)[number];
export type Account = Exclude<Caller, 'anonymous'>;

export const CALLER_NAMES: Readonly<Record<Caller, string>> = {
  anonymous: 'anonymous',
  USER: 'USER',
  OWNER: 'TRADER owner',
  OTHER_TRADER: 'other TRADER',
  PRIEST: 'PRIEST of the church',
  MODERATOR: 'MODERATOR of the church',
  OTHER_MODERATOR: 'MODERATOR of another church',
  GOVERNOR: 'GOVERNOR of its state',
  ADMIN: 'ADMIN',
  SUPER: 'SUPER',
};

/**
 * 'ok': a 2xx. 'sees' / 'hidden': a 2xx whose answer names / does not name the call's target (a list the
 * caller may read, scoped to what they reach). A number: that status (302 a redirect, 401 not logged in, 403
 * refused, 404 not found for the caller so that its id cannot be probed, 409 the route's own rule, e.g. a second
 * business).
 */
export type Answer = 'ok' | 'sees' | 'hidden' | 302 | 401 | 403 | 404 | 409;
export type Answers = Readonly<Record<Caller, Answer>>;

function answers(others: Answer, given: Partial<Answers> = {}): Answers {
  return Object.fromEntries(CALLERS.map((caller) => [caller, given[caller] ?? others])) as Record<Caller, Answer>;
}

const EVERYONE = answers('ok');
/** A list anyone may read, the scene's business in it. */
const EVERYONE_SEES = answers('sees');
const LOGGED_IN = answers('ok', { anonymous: 401 });
/** SPEC §6: a USER sees their account but changes nothing. */
const OWN_ACCOUNT_CHANGE = answers('ok', { anonymous: 401, USER: 403 });
/** DESIGN "Sessions and security": a trade-scoped call is its owner's, or an administrator's. */
const OWNER_AND_ADMINISTRATORS = answers(403, { anonymous: 401, OWNER: 'ok', ADMIN: 'ok', SUPER: 'ok' });
const ADMINISTRATORS = answers(403, { anonymous: 401, ADMIN: 'ok', SUPER: 'ok' });
const ADMINISTRATORS_SEE = answers(403, { anonymous: 401, ADMIN: 'sees', SUPER: 'sees' });
/** The church's state's governor and administrators. */
const CHURCH_ADMINISTRATORS = answers(403, { anonymous: 401, GOVERNOR: 'ok', ADMIN: 'ok', SUPER: 'ok' });
const CHURCH_ADMINISTRATORS_SEE = answers(403, { anonymous: 401, GOVERNOR: 'sees', ADMIN: 'sees', SUPER: 'sees' });
/** Whoever moderates the church: its moderator, its state's governor, administrators. */
const CHURCH_MODERATORS = answers(403, { anonymous: 401, MODERATOR: 'ok', GOVERNOR: 'ok', ADMIN: 'ok', SUPER: 'ok' });

export type UserRow = typeof users.$inferSelect;
type ChurchRow = typeof churches.$inferSelect;
type TradeRow = typeof trades.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

export interface Scene {
  db: Database;
  church: ChurchRow;
  otherChurch: ChurchRow;
  category: { main: CategoryRow; sub: CategoryRow };
  /** The scene's account of each kind of caller; OWNER owns `trade`. */
  accounts: Readonly<Record<Account, UserRow>>;
  /** The owner's business: listed, with an address and a social media entry, and changed since its approval. */
  trade: TradeRow;
  addressId: string;
  socialMediaId: string;
  /** An id of the national address index. */
  addressIndexId: string;
  /** The path of a stored upload. */
  uploadPath: string;
  /** Where the app keeps the archives of people's data. */
  exportDir: string;
  image: Buffer;
  /** A new account of the caller's kind (role, church, state, a business for a trader); none for anonymous. */
  accountLike(caller: Caller, fields?: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined>;
  /** A business of a new owner at the church, for a call that changes one. */
  freshTrade(fields?: Partial<typeof trades.$inferInsert>): Promise<TradeRow>;
}

export interface Call {
  request: InjectOptions;
  /** Whose session makes the call, when not the caller's scene account (a call that changes the caller's account). */
  as?: UserRow | undefined;
  /** The owner of what the call acts on when it is fresh (a business, an account): "TRADER owner" for this call. */
  owner?: string;
  /** The id an answer names for a caller who 'sees' and must not name for one it is 'hidden' from. */
  target?: string;
  /** What the call would change: changed after an allowed call, unchanged after any other answer. */
  state?: () => Promise<unknown>;
}

export interface AccessRow {
  /** Method and route pattern as Fastify names them; a GET row covers its HEAD route. */
  route: string;
  answers: Answers;
  call(scene: Scene, caller: Caller): Promise<Call>;
}

export const ROLE_OF: Readonly<Record<Account, Exclude<Role, 'SELECT'>>> = {
  USER: 'USER',
  OWNER: 'TRADER',
  OTHER_TRADER: 'TRADER',
  PRIEST: 'PRIEST',
  MODERATOR: 'MODERATOR',
  OTHER_MODERATOR: 'MODERATOR',
  GOVERNOR: 'GOVERNOR',
  ADMIN: 'ADMIN',
  SUPER: 'SUPER',
};

const BRIEF = 'Friendly local business serving the parish and beyond.';
/** A licence as its owner states it. */
const LICENCE = { licenceNumber: 'EC 12345', licenceState: 'NSW', licenceKind: 'Electrical contractor' } as const;
/** Not among the common passwords the server refuses. */
const NEW_PASSWORD = 'Jacaranda-Vestry-4471';

export async function buildScene(db: Database, { uploadDir, exportDir }: Pick<Config, 'uploadDir' | 'exportDir'>): Promise<Scene> {
  const church = await createChurch(db, { stateType: 'NSW', suburb: 'Parramatta' });
  const otherChurch = await createChurch(db, { stateType: 'NSW', suburb: 'Ryde' });
  const category = await createCategoryPair(db);
  const image = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#345678' } }).png().toBuffer();

  const freshTrade: Scene['freshTrade'] = async (fields = {}) =>
    createTrade(db, { churchId: church.id, stateType: 'NSW', ...inCategory(category), ...fields });

  async function member(userId: string, churchId: string, churchRole: 'PRIEST' | 'MODERATOR') {
    await db.insert(churchMembers).values({ churchId, userId, churchRole });
  }

  async function accountOf(kind: Account, fields: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
    const account = await createAccount(db, {
      role: ROLE_OF[kind],
      governedState: kind === 'GOVERNOR' ? 'NSW' : null,
      ...fields,
    });
    if (kind === 'OWNER') await freshTrade({ ownerId: account.id });
    if (kind === 'OTHER_TRADER') await freshTrade({ ownerId: account.id, churchId: otherChurch.id });
    if (kind === 'PRIEST') await member(account.id, church.id, 'PRIEST');
    if (kind === 'MODERATOR') await member(account.id, church.id, 'MODERATOR');
    if (kind === 'OTHER_MODERATOR') await member(account.id, otherChurch.id, 'MODERATOR');
    return account;
  }

  const accounts = {} as Record<Account, UserRow>;
  for (const caller of CALLERS) {
    if (caller !== 'anonymous') accounts[caller] = await accountOf(caller);
  }
  // Listed, and waiting in the moderation queue all the same: changed by its owner since its approval. It names
  // the church's priest.
  const [trade] = await db
    .update(trades)
    .set({ changedSinceApproval: true, priestId: accounts.PRIEST.id })
    .where(eq(trades.ownerId, accounts.OWNER.id))
    .returning();
  const address = await createAddress(db, trade!.id, { suburb: 'Parramatta', latitude: -33.81, longitude: 151.0 });
  const entry = await createSocialMedia(db, trade!.id);
  const addressIndexId = `GANSW${randomUUID().slice(0, 8)}`;
  await db.insert(addressIndex).values({
    id: addressIndexId,
    fullAddress: '1 CHURCH STREET, PARRAMATTA NSW 2150',
    stateAbbreviation: 'NSW',
    localityName: 'PARRAMATTA',
  });
  const uploadPath = '/uploads/photos/access-matrix.png';
  fs.mkdirSync(path.join(uploadDir, 'photos'), { recursive: true });
  fs.writeFileSync(path.join(uploadDir, 'photos', 'access-matrix.png'), image);

  return {
    db,
    church,
    otherChurch,
    category,
    accounts,
    trade: trade!,
    addressId: address.id,
    socialMediaId: entry.id,
    addressIndexId,
    uploadPath,
    exportDir,
    image,
    accountLike: async (caller, fields) => (caller === 'anonymous' ? undefined : accountOf(caller, fields)),
    freshTrade,
  };
}

/** The account whose session makes the call as `caller`, if any. */
function accountCalling(scene: Scene, caller: Caller, call: Call): string | undefined {
  if (caller === 'anonymous') return undefined;
  if (call.as) return call.as.id;
  if (caller === 'OWNER' && call.owner !== undefined) return call.owner;
  return scene.accounts[caller].id;
}

/**
 * Makes a row's call as the web app does, from the caller's `address`, on a session of its own, so that a
 * logout or a login ends no other call's.
 */
export function sceneCaller(app: FastifyInstance, sessions: SessionService, scene: Scene) {
  return async (caller: Caller, call: Call, address: string): Promise<LightMyRequestResponse> => {
    const userId = accountCalling(scene, caller, call);
    const session = userId === undefined ? undefined : await sessions.start(userId, 'ACTIVE', { address, userAgent: '' });
    const cookie = session === undefined ? {} : { cookie: `${SESSION_COOKIE}=${session.token}` };
    return app.inject({
      ...call.request,
      remoteAddress: address,
      headers: { origin: TEST_ORIGIN, ...cookie, ...call.request.headers },
    });
  };
}

/** The built web app's files as the test serves them: its index.html and one hashed asset. */
export const WEB_APP_ASSET = '/assets/index-3f9a1c.js';

export function writeWebApp(distDir: string): void {
  const indexHtml = '<!doctype html><html lang="en-AU"><head><title>ChurchTrades</title></head><body></body></html>';
  fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  fs.mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(distDir, WEB_APP_ASSET), 'export {};');
}

/**
 * Every route of the app as `METHOD /pattern`, read from `app.printRoutes()`: each line of the tree adds its
 * part of the path to its parent's. HEAD routes Fastify adds beside GET routes are left out.
 */
export function routesOf(printedTree: string): string[] {
  const parts: string[] = [];
  const routes: string[] = [];
  for (const line of printedTree.split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    parts.length = node[1]!.length / 4;
    parts.push(node[2]!);
    for (const method of node[3]?.split(', ') ?? []) routes.push(`${method} ${parts.join('')}`);
  }
  return routes.filter((route) => !route.startsWith('HEAD ') || !routes.includes(route.replace(/^HEAD/, 'GET')));
}

// Requests -----------------------------------------------------------------------------------------------------

const get = (url: string): InjectOptions => ({ method: 'GET', url });

function send(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object): InjectOptions {
  return payload === undefined ? { method, url } : { method, url, payload };
}

function imageForm(scene: Scene, fields: Record<string, string>): Pick<InjectOptions, 'headers' | 'payload'> {
  const file = { field: 'file', filename: 'picture.png', contentType: 'image/png', content: scene.image };
  return multipartForm(fields, [file]);
}

/** A read of the scene, the same for every caller. */
function read(url: (scene: Scene) => string): AccessRow['call'] {
  return async (scene) => ({ request: get(url(scene)) });
}

/** A read of a list, which names (or must not name) the target. */
function readList(url: (scene: Scene) => string, target: (scene: Scene) => string): AccessRow['call'] {
  return async (scene) => ({ request: get(url(scene)), target: target(scene) });
}

function userState(scene: Scene, id: string) {
  return () => scene.db.select().from(users).where(eq(users.id, id));
}

function tradeState(scene: Scene, id: string) {
  return () => scene.db.select().from(trades).where(eq(trades.id, id));
}

function churchState(scene: Scene, id: string) {
  return () => scene.db.select().from(churches).where(eq(churches.id, id));
}

function keysOf(scene: Scene, userId: string) {
  return () => scene.db.select().from(oneTimeKeys).where(eq(oneTimeKeys.userId, userId));
}

/** A key as the e-mailed link carries it; the database keeps its hash. */
async function oneTimeKey(
  scene: Scene,
  userId: string,
  purpose: (typeof oneTimeKeys.$inferInsert)['purpose'],
  email?: string,
): Promise<string> {
  const key = newToken();
  const expiresAt = new Date(Date.now() + 3_600_000);
  await scene.db.insert(oneTimeKeys).values({ keyHash: hashToken(key), userId, purpose, expiresAt, email });
  return key;
}

export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/**
 * A ready archive of a fresh account's data (the call's "TRADER owner"), on disk, and its link's key; the state is
 * the archive's row.
 */
async function readyDataExport(scene: Scene) {
  const owner = await createAccount(scene.db);
  const key = newToken();
  const now = Date.now();
  const [row] = await scene.db
    .insert(dataExports)
    .values({ userId: owner.id, status: 'READY', requestedAt: new Date(now), keyHash: hashToken(key), readyAt: new Date(now), expiresAt: new Date(now + 3_600_000) })
    .returning();
  fs.mkdirSync(scene.exportDir, { recursive: true });
  fs.writeFileSync(path.join(scene.exportDir, `${row!.id}.zip`), 'PK');
  return { key, owner: owner.id, state: () => scene.db.select().from(dataExports).where(eq(dataExports.id, row!.id)) };
}

/** A call changing the caller's own account, made by a fresh account of the caller's kind. */
function ownAccountChange(
  request: (account: UserRow | undefined) => InjectOptions,
  fields: Partial<typeof users.$inferInsert> = {},
): AccessRow['call'] {
  return async (scene, caller) => {
    const account = await scene.accountLike(caller, fields);
    const state = account && userState(scene, account.id);
    return { request: request(account), as: account, ...(state ? { state } : {}) };
  };
}

/** A call on a fresh business of a new owner (the call's "TRADER owner"). */
function onFreshTrade(
  request: (trade: TradeRow, scene: Scene) => InjectOptions | Promise<InjectOptions>,
  fields: Partial<typeof trades.$inferInsert> = {},
): AccessRow['call'] {
  return async (scene) => {
    const trade = await scene.freshTrade(fields);
    return { request: await request(trade, scene), owner: trade.ownerId, state: tradeState(scene, trade.id) };
  };
}

/**
 * A call on the sessions of a fresh account of the caller's kind (of anyone, for a stranger), which has a
 * session on another device besides the one making the call: the state is that other session.
 */
function onOtherSession(url: (sessionId: string) => string): AccessRow['call'] {
  return async (scene, caller) => {
    const account = (await scene.accountLike(caller)) ?? (await createAccount(scene.db));
    const tokenHash = hashToken(newToken());
    const expiresAt = new Date(Date.now() + 3_600_000);
    await scene.db.insert(sessions).values({ tokenHash, userId: account.id, stage: 'ACTIVE', expiresAt });
    const state = () => scene.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    return { request: { method: 'DELETE', url: url(sessionIdOf(tokenHash)) }, as: account, state };
  };
}

function userSwitch(path: string, prefix = '/api/user'): AccessRow {
  return {
    route: `PATCH ${prefix}/${path}`,
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const target = await createOwner(scene.db, { role: 'TRADER' });
      return { request: send('PATCH', `${prefix}/${path}?userId=${target.id}`), state: userState(scene, target.id) };
    },
  };
}

/** The links the test app signs: its configuration's session secret, the test default. */
const stillTradingLinksOfTestApp = stillTradingLinks(loadConfig({ NODE_ENV: 'test' }).sessionSecret);

/** A fresh listed business asked whether it still trades, and its e-mailed link's token; reading it changes nothing. */
function onStillTradingQuestion(
  request: (token: string, trade: TradeRow) => InjectOptions,
  changes = true,
): AccessRow['call'] {
  return async (scene) => {
    const askedAt = new Date(Date.now() - 1000);
    const trade = await scene.freshTrade({ tradingCheckSentAt: askedAt, moderatedAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) });
    const token = stillTradingLinksOfTestApp.tokenFor({ tradeId: trade.id, askedAt });
    const call = { request: request(token, trade), owner: trade.ownerId };
    return changes ? { ...call, state: tradeState(scene, trade.id) } : call;
  };
}

const testSessionSecret = loadConfig({ NODE_ENV: 'test' }).sessionSecret;
const conversationLinksOfTestApp = conversationLinks(testSessionSecret);
const proofsOfWorkOfTestApp = proofsOfWork(testSessionSecret, systemClock);

/** An enquiry to a fresh listed business of the scene's church, standing as `delivery`, with its first message. */
async function enquiryOf(scene: Scene, delivery: (typeof enquiries.$inferInsert)['delivery']) {
  const trade = await scene.freshTrade();
  const enquiry = await createEnquiry(scene.db, { tradeId: trade.id, delivery, senderConfirmedAt: delivery === 'UNCONFIRMED' ? null : new Date() });
  const state = () => scene.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
  return { enquiry, state, token: conversationLinksOfTestApp.tokenFor({ enquiryId: enquiry.id, version: 1 }) };
}

/** An enquiry delivered to the owner's business: theirs alone; anyone else is told it is not found. */
const OWNERS_ENQUIRY = answers(404, { anonymous: 401, OWNER: 'ok' });
/** A change to it: a read-only account (USER) is refused for its role first. */
const OWNERS_ENQUIRY_CHANGE = answers(404, { anonymous: 401, USER: 403, OWNER: 'ok' });

/** A call on a fresh enquiry delivered to the owner's business; the state is the enquiry and its conversation. */
function onEnquiry(request: (enquiryId: string) => InjectOptions): AccessRow['call'] {
  return async (scene) => {
    const enquiry = await createEnquiry(scene.db, { tradeId: scene.trade.id });
    const state = async () => [
      await scene.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id)),
      await scene.db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, enquiry.id)),
    ];
    return { request: request(enquiry.id), target: enquiry.id, state };
  };
}

/** An open spam report of a fresh enquiry to the owner's business, from an address of its own. */
async function freshSpamReport(scene: Scene) {
  const senderEmail = `spam-${randomUUID().slice(0, 8)}@example.com`;
  const enquiry = await createEnquiry(scene.db, { tradeId: scene.trade.id, senderEmail });
  const report = await createSpamReport(scene.db, enquiry, scene.church.id);
  return { enquiry, report, senderEmail };
}

/**
 * An enquiry the USER sent from their account to a fresh listed business, answered 8 days ago: theirs to review,
 * from their account or through its conversation link's token, which anyone holding it may use.
 */
async function reviewableEnquiry(scene: Scene) {
  const trade = await scene.freshTrade();
  const { USER: sender } = scene.accounts;
  const enquiry = await createAnsweredEnquiry(scene.db, { tradeId: trade.id, senderUserId: sender.id, senderEmail: sender.email });
  const state = () => scene.db.select().from(reviews).where(eq(reviews.tradeId, trade.id));
  return { enquiry, state, token: conversationLinksOfTestApp.tokenFor({ enquiryId: enquiry.id, version: 1 }) };
}

/** The enquiry's proof as the caller brings it: a stranger the link's token, anyone logged in the enquiry's id. */
function reviewerProof(caller: Caller, reviewable: { enquiry: { id: string }; token: string }): Record<string, string> {
  return caller === 'anonymous' ? { token: reviewable.token } : { enquiryId: reviewable.enquiry.id };
}

const REVIEW = { relation: 'CUSTOMER', stars: 5, body: 'They fixed the leaking tap in an hour and charged what they quoted.' };

/** A published review of the owner's business, by a visitor; the state is the review. */
async function reviewOfTheOwner(scene: Scene) {
  const review = await createReview(scene.db, { tradeId: scene.trade.id });
  return { review, state: () => scene.db.select().from(reviews).where(eq(reviews.id, review.id)) };
}

function blockedState(scene: Scene, emailKey: string) {
  return () => scene.db.select().from(blockedSenders).where(eq(blockedSenders.emailKey, emailKey));
}

/**
 * Remove, keep and the notice: anyone without ties to the business's church (another church's moderator, a
 * governor, an administrator); its own moderator may not.
 */
const REVIEW_DECIDERS = answers(403, { anonymous: 401, OTHER_MODERATOR: 'ok', GOVERNOR: 'ok', ADMIN: 'ok', SUPER: 'ok' });

/** A call on a fresh review of a fresh business of the scene's church; the state is the review and its reports. */
function onReview(request: (reviewId: string) => InjectOptions, fields: Partial<typeof reviews.$inferInsert> = {}): AccessRow['call'] {
  return async (scene) => {
    const trade = await scene.freshTrade();
    const review = await createReview(scene.db, { tradeId: trade.id, ...fields });
    const state = async () => [
      await scene.db.select().from(reviews).where(eq(reviews.id, review.id)),
      await scene.db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id)),
    ];
    return { request: request(review.id), target: review.id, state };
  };
}

let stillTradingPeriodsSet = 0;

/** Each allowed call sets a period the one before did not. */
function nextStillTradingPeriod(): number {
  stillTradingPeriodsSet += 1;
  return STILL_TRADING_MIN_MONTHS + (stillTradingPeriodsSet % (STILL_TRADING_MAX_MONTHS - STILL_TRADING_MIN_MONTHS));
}

function tradeSwitch(path: string, who: Answers): AccessRow {
  return {
    route: `PATCH /api/trades/${path}`,
    answers: who,
    call: onFreshTrade((trade) => send('PATCH', `/api/trades/${path}?key=${trade.id}`)),
  };
}

function churchSwitch(path: string): AccessRow {
  return {
    route: `PATCH /api/churches/${path}`,
    answers: CHURCH_ADMINISTRATORS,
    call: async (scene) => {
      const target = await createChurch(scene.db, { stateType: 'NSW' });
      const request = send('PATCH', `/api/churches/${path}?churchId=${target.id}`);
      return { request, state: churchState(scene, target.id) };
    },
  };
}

function churchPicture(path: 'logo' | 'image'): AccessRow {
  return {
    route: `PATCH /api/churches/${path}`,
    answers: CHURCH_ADMINISTRATORS,
    call: async (scene) => {
      const target = await createChurch(scene.db, { stateType: 'NSW' });
      const form = imageForm(scene, { churchId: target.id });
      const request = { method: 'PATCH', url: `/api/churches/${path}`, ...form } as const;
      return { request, state: churchState(scene, target.id) };
    },
  };
}

// The table ----------------------------------------------------------------------------------------------------

export const ACCESS_MATRIX: readonly AccessRow[] = [
  // Operations and documentation
  { route: 'GET /healthz', answers: EVERYONE, call: read(() => '/healthz') },
  { route: 'GET /readyz', answers: EVERYONE, call: read(() => '/readyz') },
  { route: 'GET /api/docs', answers: EVERYONE, call: read(() => '/api/docs') },
  { route: 'GET /api/docs/', answers: EVERYONE, call: read(() => '/api/docs/') },
  // Swagger UI sends its own page's old address on to /api/docs/.
  { route: 'GET /api/docs/static/index.html', answers: answers(302), call: read(() => '/api/docs/static/index.html') },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    answers: EVERYONE,
    call: read(() => '/api/docs/static/swagger-initializer.js'),
  },
  { route: 'GET /api/docs/static/*', answers: EVERYONE, call: read(() => '/api/docs/static/swagger-ui.css') },
  { route: 'GET /api/docs/json', answers: EVERYONE, call: read(() => '/api/docs/json') },
  { route: 'GET /api/docs/yaml', answers: EVERYONE, call: read(() => '/api/docs/yaml') },
  {
    // DESIGN "Roles": operational views are a DEVELOPER's (not among these callers) and a SUPER's; a scraper
    // on the machine itself needs no session, which is why every caller here calls from elsewhere.
    route: 'GET /metrics',
    answers: answers(403, { anonymous: 401, SUPER: 'ok' }),
    call: read(() => '/metrics'),
  },
  { route: 'GET /api/site', answers: EVERYONE, call: read(() => '/api/site') },
  { route: 'GET /api/utils/profile', answers: EVERYONE, call: read(() => '/api/utils/profile') },
  // Everyone reads the roles; which of them the caller may give is the answer's business (site/routes.test.ts).
  { route: 'GET /api/utils/roleList', answers: EVERYONE, call: read(() => '/api/utils/roleList') },
  // Any page of the web app may meet an error, logged in or not; what it reports changes no data.
  {
    route: 'POST /api/client-errors',
    answers: EVERYONE,
    call: async () => ({
      request: send('POST', '/api/client-errors', { kind: 'render', route: '/about', name: 'TypeError', message: 'x is undefined' }),
    }),
  },

  // Accounts: registration, login, keys of e-mailed links
  {
    route: 'POST /api/user/register',
    answers: EVERYONE,
    call: async (scene) => {
      const email = `matrix-${randomUUID().slice(0, 8)}@example.com.au`;
      const payload = { firstName: 'Ruth', lastName: 'Newcomer', email, password: NEW_PASSWORD };
      const state = () => scene.db.select().from(users).where(eq(users.email, email));
      return { request: send('POST', '/api/user/register', payload), state };
    },
  },
  {
    route: 'GET /api/user/verify/account',
    answers: EVERYONE,
    call: async (scene) => {
      const account = await createAccount(scene.db, { enabled: false, emailVerifiedAt: null });
      const key = await oneTimeKey(scene, account.id, 'VERIFY_ACCOUNT');
      return { request: get(`/api/user/verify/account?key=${key}`), state: userState(scene, account.id) };
    },
  },
  {
    route: 'GET /api/user/verify/email',
    answers: EVERYONE,
    call: async (scene) => {
      const account = await createAccount(scene.db);
      const newEmail = `matrix-${randomUUID().slice(0, 8)}@example.com.au`;
      const key = await oneTimeKey(scene, account.id, 'CHANGE_EMAIL', newEmail);
      return { request: get(`/api/user/verify/email?key=${key}`), state: userState(scene, account.id) };
    },
  },
  {
    route: 'GET /api/user/verify/email/undo',
    answers: EVERYONE,
    call: async (scene) => {
      const account = await createAccount(scene.db);
      const oldEmail = `matrix-${randomUUID().slice(0, 8)}@example.com.au`;
      const key = await oneTimeKey(scene, account.id, 'UNDO_EMAIL_CHANGE', oldEmail);
      return { request: get(`/api/user/verify/email/undo?key=${key}`), state: userState(scene, account.id) };
    },
  },
  {
    route: 'POST /api/user/login',
    answers: EVERYONE,
    call: async (scene) => {
      const account = await createAccount(scene.db);
      return { request: send('POST', '/api/user/login', { email: account.email, password: TEST_PASSWORD }) };
    },
  },
  {
    // Only a login waiting for its two-step code may call it: a full session is not one.
    route: 'POST /api/user/verify/qrcode',
    answers: answers(401),
    call: async (scene) => {
      const boxes = { qrCode1: '1', qrCode2: '2', qrCode3: '3', qrCode4: '4', qrCode5: '5', qrCode6: '6' };
      return { request: send('POST', '/api/user/verify/qrcode', { ...boxes, userId: scene.accounts.OWNER.id }) };
    },
  },
  {
    // The "it's me" link of a paused login: anyone holding the key, logged in or not, as the owner on any device.
    route: 'POST /api/user/verify/login',
    answers: EVERYONE,
    call: async (scene) => {
      const account = await createAccount(scene.db);
      const key = await oneTimeKey(scene, account.id, 'LOGIN_PAUSE', account.email);
      return { request: send('POST', '/api/user/verify/login', { key }), state: keysOf(scene, account.id) };
    },
  },
  { route: 'POST /api/user/logout', answers: EVERYONE, call: async () => ({ request: send('POST', '/api/user/logout') }) },
  {
    route: 'POST /api/user/resetpassword',
    answers: EVERYONE,
    call: async (scene) => {
      const account = await createAccount(scene.db);
      const request = send('POST', '/api/user/resetpassword', { email: account.email });
      return { request, state: keysOf(scene, account.id) };
    },
  },
  {
    route: 'GET /api/user/verify/password',
    answers: EVERYONE,
    call: async (scene) => {
      const account = await createAccount(scene.db);
      return { request: get(`/api/user/verify/password?key=${await oneTimeKey(scene, account.id, 'RESET_PASSWORD')}`) };
    },
  },
  {
    route: 'POST /api/user/resetpassword/reset',
    answers: EVERYONE,
    call: async (scene) => {
      const account = await createAccount(scene.db);
      const key = await oneTimeKey(scene, account.id, 'RESET_PASSWORD');
      const payload = { userId: account.id, key, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD };
      return { request: send('POST', '/api/user/resetpassword/reset', payload), state: userState(scene, account.id) };
    },
  },

  // The own account
  { route: 'GET /api/user/profile', answers: LOGGED_IN, call: read(() => '/api/user/profile') },
  {
    route: 'PATCH /api/user/update',
    answers: OWN_ACCOUNT_CHANGE,
    call: ownAccountChange((account) =>
      send('PATCH', '/api/user/update', {
        firstName: 'Martha',
        lastName: 'Renamed',
        email: account?.email ?? 'nobody@example.com.au',
        bio: 'Parish volunteer and carpenter.',
        phone: '0400 111 222',
      }),
    ),
  },
  {
    // Read-only as it is, a USER's password is still theirs to change.
    route: 'PATCH /api/user/updatepassword',
    answers: LOGGED_IN,
    call: ownAccountChange(() => {
      const payload = { password: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD };
      return send('PATCH', '/api/user/updatepassword', payload);
    }),
  },
  {
    // The owner's photo (the form names whose): theirs to change, nobody else's, administrators included.
    route: 'PATCH /api/user/photo',
    answers: answers(403, { anonymous: 401, OWNER: 'ok' }),
    call: async (scene) => {
      const owner = (await scene.accountLike('OWNER'))!;
      const request = { method: 'PATCH', url: '/api/user/photo', ...imageForm(scene, { userId: owner.id }) } as const;
      return { request, owner: owner.id, state: userState(scene, owner.id) };
    },
  },
  {
    // A user's photo by id: their own (the call's "TRADER owner"), or anyone's not above an administrator's role.
    route: 'PATCH /api/user/userPhoto',
    answers: OWNER_AND_ADMINISTRATORS,
    call: async (scene) => {
      const owner = (await scene.accountLike('OWNER'))!;
      const request = { method: 'PATCH', url: '/api/user/userPhoto', ...imageForm(scene, { userId: owner.id }) } as const;
      return { request, owner: owner.id, state: userState(scene, owner.id) };
    },
  },
  // Closing one's own account (or password): read-only as a USER's account is, it is theirs to close.
  ...Object.keys(OWN_ACCOUNT_CLOSURES).map(
    (path): AccessRow => ({
      route: `PATCH /api/user/${path}`,
      answers: LOGGED_IN,
      call: ownAccountChange(() => send('PATCH', `/api/user/${path}`, { password: TEST_PASSWORD })),
    }),
  ),
  // Deleting one's own account: whoever is logged in (a USER too: leaving is not changing); the undo link's key is
  // anyone's who holds it, logged in or not.
  {
    route: 'POST /api/user/deletion',
    answers: LOGGED_IN,
    call: ownAccountChange(() => send('POST', '/api/user/deletion', { password: TEST_PASSWORD })),
  },
  {
    route: 'POST /api/user/deletion/undo',
    answers: EVERYONE,
    call: async (scene) => {
      const dueAt = new Date(Date.now() + 86_400_000);
      const account = await createAccount(scene.db, { deletionRequestedAt: new Date(), deletionDueAt: dueAt });
      const key = await oneTimeKey(scene, account.id, 'UNDO_DELETION', account.email);
      return { request: send('POST', '/api/user/deletion/undo', { key }), state: keysOf(scene, account.id) };
    },
  },
  // Looking users up: oneself and administrators; a business owner's card also for who may see the business.
  {
    route: 'GET /api/user/:id',
    answers: OWNER_AND_ADMINISTRATORS,
    call: read((scene) => `/api/user/${scene.accounts.OWNER.id}`),
  },
  {
    route: 'GET /api/user/owner',
    answers: answers(403, { anonymous: 401, OWNER: 'ok', PRIEST: 'ok', MODERATOR: 'ok', GOVERNOR: 'ok', ADMIN: 'ok', SUPER: 'ok' }),
    call: read((scene) => `/api/user/owner?userId=${scene.accounts.OWNER.id}`),
  },
  {
    route: 'PATCH /api/user/mfa/setup',
    answers: OWN_ACCOUNT_CHANGE,
    call: ownAccountChange(() => send('PATCH', '/api/user/mfa/setup')),
  },
  {
    route: 'PATCH /api/user/mfa/confirm',
    answers: OWN_ACCOUNT_CHANGE,
    call: async (scene, caller) => {
      const secret = new Secret({ size: 20 }).base32;
      return ownAccountChange(() => send('PATCH', '/api/user/mfa/confirm', { code: totpCode(secret), password: TEST_PASSWORD }), {
        mfaPendingSecret: secret,
      })(scene, caller);
    },
  },
  {
    route: 'PATCH /api/user/mfa/cancel',
    answers: OWN_ACCOUNT_CHANGE,
    call: ownAccountChange(() => send('PATCH', '/api/user/mfa/cancel', { password: TEST_PASSWORD }), {
      mfa: true,
      mfaSecret: new Secret({ size: 20 }).base32,
    }),
  },

  // The own data's archive: whoever is logged in asks for theirs (a USER too: reading is not changing), and only
  // its owner downloads it; another account's key is not found.
  {
    route: 'POST /api/user/dataExport',
    answers: LOGGED_IN,
    call: async (scene, caller) => {
      const account = await scene.accountLike(caller);
      const request = send('POST', '/api/user/dataExport', { password: TEST_PASSWORD });
      if (!account) return { request };
      return { request, as: account, state: () => scene.db.select().from(dataExports).where(eq(dataExports.userId, account.id)) };
    },
  },
  { route: 'GET /api/user/dataExport', answers: LOGGED_IN, call: read(() => '/api/user/dataExport') },
  {
    route: 'GET /api/user/dataExport/:key',
    answers: answers(404, { anonymous: 401, OWNER: 'ok' }),
    call: async (scene) => {
      const { key, owner, state } = await readyDataExport(scene);
      return { request: get(`/api/user/dataExport/${key}`), owner, state };
    },
  },

  // The own account's sessions: whoever is logged in sees and ends their own (another's id is not found).
  { route: 'GET /api/user/sessions', answers: LOGGED_IN, call: read(() => '/api/user/sessions') },
  {
    route: 'DELETE /api/user/sessions/others',
    answers: LOGGED_IN,
    call: onOtherSession(() => '/api/user/sessions/others'),
  },
  {
    route: 'DELETE /api/user/sessions/:sessionId',
    answers: LOGGED_IN,
    call: onOtherSession((sessionId) => `/api/user/sessions/${sessionId}`),
  },

  // The directory
  {
    route: 'GET /api/trades/clientFilter',
    answers: EVERYONE_SEES,
    call: readList(
      (scene) => `/api/trades/clientFilter?searchText=${encodeURIComponent(scene.trade.name)}`,
      (scene) => scene.trade.id,
    ),
  },
  {
    route: 'GET /api/trades/mapPoints',
    answers: EVERYONE,
    call: read((scene) => `/api/trades/mapPoints?churchId=${scene.church.id}`),
  },
  { route: 'GET /api/trades/:id', answers: EVERYONE, call: read((scene) => `/api/trades/${scene.trade.id}`) },
  { route: 'GET /api/category/main_categories', answers: EVERYONE, call: read(() => '/api/category/main_categories') },
  {
    route: 'GET /api/category/sub_categories',
    answers: EVERYONE,
    call: read((scene) => `/api/category/sub_categories?parent_id=${scene.category.main.id}`),
  },
  {
    route: 'GET /api/category/category/:id',
    answers: EVERYONE,
    call: read((scene) => `/api/category/category/${scene.category.main.id}`),
  },
  {
    route: 'GET /api/category/category_id/:id',
    answers: EVERYONE,
    call: read((scene) => `/api/category/category_id/${scene.category.sub.id}`),
  },
  {
    route: 'GET /api/category/taggedCategories/:tag',
    answers: EVERYONE,
    call: async (scene) => {
      await createCategory(scene.db, { parentId: scene.category.main.id, tags: 'bellringing, carillons' });
      return { request: get('/api/category/taggedCategories/Carillons') };
    },
  },
  {
    route: 'GET /api/churches/stateChurches',
    answers: EVERYONE_SEES,
    call: readList(
      () => '/api/churches/stateChurches?stateType=NSW',
      (scene) => scene.church.id,
    ),
  },
  {
    route: 'GET /api/churches/search',
    answers: EVERYONE_SEES,
    call: readList(
      (scene) => `/api/churches/search?name=${encodeURIComponent(scene.church.name)}`,
      (scene) => scene.church.id,
    ),
  },
  { route: 'GET /api/churches/:id', answers: EVERYONE, call: read((scene) => `/api/churches/${scene.church.id}`) },
  {
    // An owner choosing their business's priest: names only, for anyone signed in.
    route: 'GET /api/churches/priests',
    answers: answers('sees', { anonymous: 401 }),
    call: readList(
      (scene) => `/api/churches/priests?churchId=${scene.church.id}`,
      (scene) => scene.accounts.PRIEST.id,
    ),
  },
  { route: 'GET /api/address/lookup', answers: EVERYONE, call: read(() => '/api/address/lookup?q=1%20church%20st') },
  {
    route: 'GET /api/address/lookup/:id',
    answers: EVERYONE,
    call: read((scene) => `/api/address/lookup/${scene.addressIndexId}`),
  },

  // The owner's business
  {
    route: 'POST /api/trades/new',
    // Traders own a business already: one each.
    answers: answers('ok', { anonymous: 401, USER: 403, OWNER: 409, OTHER_TRADER: 409 }),
    call: async (scene, caller) => {
      const account = await scene.accountLike(caller);
      const payload = {
        name: 'Matrix Carpentry',
        brief: BRIEF,
        mainCategoryId: scene.category.main.id,
        stateType: 'NSW',
        churchId: scene.church.id,
      };
      const state = account && (() => scene.db.select().from(trades).where(eq(trades.ownerId, account.id)));
      return { request: send('POST', '/api/trades/new', payload), as: account, ...(state ? { state } : {}) };
    },
  },
  {
    // Its owner's only: an administrator unlists or relists instead.
    route: 'PATCH /api/trades/resubmit',
    answers: answers(403, { anonymous: 401, OWNER: 'ok' }),
    call: onFreshTrade((trade) => send('PATCH', '/api/trades/resubmit', { tradeId: trade.id }), {
      moderationStatus: 'REJECTED',
      moderationReason: 'Please describe the business.',
    }),
  },
  {
    route: 'GET /api/trades/byUser/:userId',
    answers: OWNER_AND_ADMINISTRATORS,
    call: read((scene) => `/api/trades/byUser/${scene.accounts.OWNER.id}`),
  },
  {
    route: 'PATCH /api/trades/updateTradeProfile',
    answers: OWNER_AND_ADMINISTRATORS,
    call: onFreshTrade((trade) =>
      send('PATCH', '/api/trades/updateTradeProfile', { tradeId: trade.id, name: `${trade.name} Renamed`, brief: BRIEF }),
    ),
  },
  {
    // The businesses naming the caller as their priest: the scene's names the PRIEST, no one else's list has it.
    route: 'GET /api/trades/byPriest',
    answers: answers('hidden', { anonymous: 401, USER: 403, OWNER: 403, OTHER_TRADER: 403, PRIEST: 'sees' }),
    call: readList(
      () => '/api/trades/byPriest',
      (scene) => scene.trade.id,
    ),
  },
  {
    // The priest a business names, and no one else, takes their name off it.
    route: 'PATCH /api/trades/detachPriest',
    answers: answers(403, { anonymous: 401, PRIEST: 'ok' }),
    call: async (scene) => {
      const trade = await scene.freshTrade({ priestId: scene.accounts.PRIEST.id });
      const request = send('PATCH', `/api/trades/detachPriest?tradeId=${trade.id}`);
      return { request, owner: trade.ownerId, state: tradeState(scene, trade.id) };
    },
  },
  tradeSwitch('toggletradeatclient', OWNER_AND_ADMINISTRATORS),
  tradeSwitch('toggletradeatbusiness', OWNER_AND_ADMINISTRATORS),
  tradeSwitch('toggletradeonline', OWNER_AND_ADMINISTRATORS),
  tradeSwitch('toggleEnabled', OWNER_AND_ADMINISTRATORS),
  tradeSwitch('toggleLocked', ADMINISTRATORS),
  tradeSwitch('toggleExpired', ADMINISTRATORS),
  {
    route: 'PATCH /api/trades/logo',
    answers: OWNER_AND_ADMINISTRATORS,
    call: onFreshTrade((trade, scene) => ({
      method: 'PATCH',
      url: '/api/trades/logo',
      ...imageForm(scene, { tradeId: trade.id }),
    })),
  },
  {
    route: 'PATCH /api/trades/image',
    answers: OWNER_AND_ADMINISTRATORS,
    call: onFreshTrade((trade, scene) => ({
      method: 'PATCH',
      url: '/api/trades/image',
      ...imageForm(scene, { tradeId: trade.id }),
    })),
  },
  {
    route: 'POST /api/address/create',
    answers: OWNER_AND_ADMINISTRATORS,
    call: async (scene) => {
      const trade = await scene.freshTrade();
      const payload = {
        entityId: trade.id,
        fullAddress: '7 Church St, Parramatta NSW 2150',
        suburb: 'Parramatta',
        stateType: 'NSW',
        postcode: '2150',
      };
      const state = () => scene.db.select().from(addresses).where(eq(addresses.entityId, trade.id));
      return { request: send('POST', '/api/address/create', payload), owner: trade.ownerId, state };
    },
  },
  {
    route: 'GET /api/address/searchByEntityId/:tradeId',
    answers: OWNER_AND_ADMINISTRATORS,
    call: read((scene) => `/api/address/searchByEntityId/${scene.trade.id}`),
  },
  {
    route: 'GET /api/address/searchById/:id',
    answers: OWNER_AND_ADMINISTRATORS,
    call: read((scene) => `/api/address/searchById/${scene.addressId}`),
  },
  {
    route: 'PATCH /api/address/update',
    answers: OWNER_AND_ADMINISTRATORS,
    call: async (scene) => {
      const trade = await scene.freshTrade();
      const address = await createAddress(scene.db, trade.id, { suburb: 'Parramatta' });
      const state = () => scene.db.select().from(addresses).where(eq(addresses.id, address.id));
      const payload = { id: address.id, entityId: trade.id, suburb: 'Harris Park' };
      return { request: send('PATCH', '/api/address/update', payload), owner: trade.ownerId, state };
    },
  },
  {
    route: 'PATCH /api/address/delete/:id',
    answers: OWNER_AND_ADMINISTRATORS,
    call: async (scene) => {
      const trade = await scene.freshTrade();
      const address = await createAddress(scene.db, trade.id);
      const state = () => scene.db.select().from(addresses).where(eq(addresses.id, address.id));
      return { request: send('PATCH', `/api/address/delete/${address.id}`), owner: trade.ownerId, state };
    },
  },
  {
    route: 'POST /api/socialMedia/create',
    answers: OWNER_AND_ADMINISTRATORS,
    call: async (scene) => {
      const trade = await scene.freshTrade();
      const payload = { entityId: trade.id, name: 'parishcarpentry', mediaType: 'FACEBOOK', referenceId: 'refnull' };
      const state = () => scene.db.select().from(socialMedia).where(eq(socialMedia.entityId, trade.id));
      return { request: send('POST', '/api/socialMedia/create', payload), owner: trade.ownerId, state };
    },
  },
  {
    route: 'GET /api/socialMedia/searchByEntityId/:tradeId',
    answers: OWNER_AND_ADMINISTRATORS,
    call: read((scene) => `/api/socialMedia/searchByEntityId/${scene.trade.id}`),
  },
  {
    route: 'GET /api/socialMedia/searchByReferenceId/:id',
    answers: OWNER_AND_ADMINISTRATORS,
    call: read((scene) => `/api/socialMedia/searchByReferenceId/${scene.socialMediaId}`),
  },
  {
    route: 'PATCH /api/socialMedia/update',
    answers: OWNER_AND_ADMINISTRATORS,
    call: async (scene) => {
      const trade = await scene.freshTrade();
      const entry = await createSocialMedia(scene.db, trade.id);
      const { referenceId } = entry;
      const payload = { id: entry.id, entityId: trade.id, name: 'parishjoinery', mediaType: 'FACEBOOK', referenceId };
      const state = () => scene.db.select().from(socialMedia).where(eq(socialMedia.id, entry.id));
      return { request: send('PATCH', '/api/socialMedia/update', payload), owner: trade.ownerId, state };
    },
  },
  {
    route: 'PATCH /api/socialMedia/delete',
    answers: OWNER_AND_ADMINISTRATORS,
    call: async (scene) => {
      const trade = await scene.freshTrade();
      const entry = await createSocialMedia(scene.db, trade.id);
      const state = () => scene.db.select().from(socialMedia).where(eq(socialMedia.id, entry.id));
      return { request: send('PATCH', '/api/socialMedia/delete', { id: entry.id }), owner: trade.ownerId, state };
    },
  },

  // Moderation: the church's moderators decide, its priest reads
  {
    route: 'GET /api/moderation/queue',
    answers: answers(403, {
      anonymous: 401,
      MODERATOR: 'sees',
      OTHER_MODERATOR: 'hidden',
      GOVERNOR: 'sees',
      ADMIN: 'sees',
      SUPER: 'sees',
    }),
    call: readList(
      (scene) => `/api/moderation/queue?churchId=${scene.church.id}`,
      (scene) => scene.trade.id,
    ),
  },
  {
    route: 'GET /api/moderation/trades',
    answers: answers(403, {
      anonymous: 401,
      PRIEST: 'sees',
      MODERATOR: 'sees',
      OTHER_MODERATOR: 'hidden',
      GOVERNOR: 'sees',
      ADMIN: 'sees',
      SUPER: 'sees',
    }),
    call: readList(
      (scene) => `/api/moderation/trades?name=${encodeURIComponent(scene.trade.name)}`,
      (scene) => scene.trade.id,
    ),
  },
  {
    route: 'GET /api/moderation/trades/:id',
    answers: answers(403, { anonymous: 401, PRIEST: 'ok', MODERATOR: 'ok', GOVERNOR: 'ok', ADMIN: 'ok', SUPER: 'ok' }),
    call: read((scene) => `/api/moderation/trades/${scene.trade.id}`),
  },
  {
    route: 'PATCH /api/moderation/decide',
    answers: CHURCH_MODERATORS,
    call: onFreshTrade((trade) => send('PATCH', '/api/moderation/decide', { tradeId: trade.id, decision: 'APPROVE' }), {
      moderationStatus: 'PENDING',
    }),
  },

  // Church checks: the church's moderators and priest vouch, whoever moderates it withdraws and checks licences
  {
    route: 'GET /api/moderation/trades/:id/checks',
    answers: answers(403, { anonymous: 401, PRIEST: 'ok', MODERATOR: 'ok', GOVERNOR: 'ok', ADMIN: 'ok', SUPER: 'ok' }),
    call: read((scene) => `/api/moderation/trades/${scene.trade.id}/checks`),
  },
  {
    route: 'POST /api/moderation/trades/:id/vouch',
    answers: answers(403, { anonymous: 401, PRIEST: 'ok', MODERATOR: 'ok' }),
    call: onFreshTrade((trade) => send('POST', `/api/moderation/trades/${trade.id}/vouch`, { named: false })),
  },
  {
    route: 'DELETE /api/moderation/trades/:id/vouch',
    answers: answers(403, { anonymous: 401, PRIEST: 'ok', MODERATOR: 'ok', GOVERNOR: 'ok', ADMIN: 'ok', SUPER: 'ok' }),
    call: onFreshTrade(async (trade, scene) => {
      const vouchedAt = new Date();
      const expiresAt = new Date(vouchedAt.getTime() + 365 * 24 * 60 * 60 * 1000);
      await scene.db.insert(tradeVouches).values({
        tradeId: trade.id,
        churchId: trade.churchId,
        voucherId: scene.accounts.PRIEST.id,
        voucherRole: 'PRIEST',
        vouchedAt,
        expiresAt,
      });
      await scene.db.update(trades).set({ vouchedUntil: expiresAt }).where(eq(trades.id, trade.id));
      return send('DELETE', `/api/moderation/trades/${trade.id}/vouch`, { reason: 'No longer known to the church.' });
    }),
  },
  {
    route: 'POST /api/moderation/trades/:id/licenceChecked',
    answers: CHURCH_MODERATORS,
    call: onFreshTrade((trade) => send('POST', `/api/moderation/trades/${trade.id}/licenceChecked`), LICENCE),
  },
  {
    route: 'DELETE /api/moderation/trades/:id/licenceChecked',
    answers: CHURCH_MODERATORS,
    call: onFreshTrade((trade) => send('DELETE', `/api/moderation/trades/${trade.id}/licenceChecked`), {
      ...LICENCE,
      licenceCheckedAt: new Date(),
    }),
  },

  // Churches: the governor of their state and administrators
  {
    route: 'GET /api/churches/manage',
    answers: CHURCH_ADMINISTRATORS_SEE,
    call: readList(
      (scene) => `/api/churches/manage?name=${encodeURIComponent(scene.church.name)}`,
      (scene) => scene.church.id,
    ),
  },
  {
    route: 'GET /api/churches/manage/:id',
    answers: CHURCH_ADMINISTRATORS,
    call: read((scene) => `/api/churches/manage/${scene.church.id}`),
  },
  {
    route: 'POST /api/churches/register',
    answers: CHURCH_ADMINISTRATORS,
    call: async (scene) => {
      const name = `St Aidan's ${randomUUID().slice(0, 8)}`;
      const payload = { name, stateType: 'NSW', suburb: 'Ryde', postcode: '2112' };
      const state = () => scene.db.select().from(churches).where(eq(churches.name, name));
      return { request: send('POST', '/api/churches/register', payload), state };
    },
  },
  {
    route: 'PATCH /api/churches/update',
    answers: CHURCH_ADMINISTRATORS,
    call: async (scene) => {
      const target = await createChurch(scene.db, { stateType: 'NSW' });
      const payload = { churchId: target.id, name: `${target.name} Renamed`, stateType: 'NSW' };
      return { request: send('PATCH', '/api/churches/update', payload), state: churchState(scene, target.id) };
    },
  },
  churchPicture('logo'),
  churchPicture('image'),
  churchSwitch('toggleEnabled'),
  churchSwitch('toggleModerated'),
  {
    route: 'GET /api/masterUser/churchPriests',
    answers: CHURCH_ADMINISTRATORS_SEE,
    call: readList(
      (scene) => `/api/masterUser/churchPriests?churchId=${scene.church.id}`,
      (scene) => scene.accounts.PRIEST.id,
    ),
  },
  {
    route: 'GET /api/masterUser/churchModerators',
    answers: CHURCH_ADMINISTRATORS_SEE,
    call: readList(
      (scene) => `/api/masterUser/churchModerators?churchId=${scene.church.id}`,
      (scene) => scene.accounts.MODERATOR.id,
    ),
  },
  {
    route: 'POST /api/masterUser/churchMembers',
    answers: CHURCH_ADMINISTRATORS,
    call: async (scene) => {
      const target = await createChurch(scene.db, { stateType: 'NSW' });
      const member = await createOwner(scene.db, { role: 'TRADER' });
      const payload = { churchId: target.id, email: member.email, churchRole: 'MODERATOR' };
      const state = () => scene.db.select().from(churchMembers).where(eq(churchMembers.churchId, target.id));
      return { request: send('POST', '/api/masterUser/churchMembers', payload), state };
    },
  },
  {
    route: 'PATCH /api/masterUser/churchMembers/remove',
    answers: CHURCH_ADMINISTRATORS,
    call: async (scene) => {
      const target = await createChurch(scene.db, { stateType: 'NSW' });
      const member = await createOwner(scene.db, { role: 'PRIEST' });
      await scene.db.insert(churchMembers).values({ churchId: target.id, userId: member.id, churchRole: 'PRIEST' });
      const payload = { churchId: target.id, email: member.email, churchRole: 'PRIEST' };
      const state = () => scene.db.select().from(churchMembers).where(eq(churchMembers.churchId, target.id));
      return { request: send('PATCH', '/api/masterUser/churchMembers/remove', payload), state };
    },
  },

  // Administration of the directory
  { route: 'GET /api/category/manage', answers: ADMINISTRATORS, call: read(() => '/api/category/manage') },
  {
    route: 'POST /api/category/create',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const name = `Bell ringing ${randomUUID().slice(0, 8)}`;
      const state = () => scene.db.select().from(categories).where(eq(categories.name, name));
      return { request: send('POST', '/api/category/create', { name, tags: 'bells', parentId: -1 }), state };
    },
  },
  {
    route: 'PATCH /api/category/update',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const target = await createCategory(scene.db);
      const state = () => scene.db.select().from(categories).where(eq(categories.id, target.id));
      const payload = { id: target.id, name: `${target.name} renamed`, tags: 'new' };
      return { request: send('PATCH', '/api/category/update', payload), state };
    },
  },
  {
    route: 'PATCH /api/category/delete',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const target = await createCategory(scene.db);
      const state = () => scene.db.select().from(categories).where(eq(categories.id, target.id));
      return { request: send('PATCH', '/api/category/delete', { id: target.id }), state };
    },
  },
  {
    route: 'PATCH /api/category/reorder',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const { main, sub } = await createCategoryPair(scene.db);
      const second = await createCategory(scene.db, { parentId: main.id, displayOrder: 1 });
      const ids = [second.id, sub.id];
      const order = { id: categories.id, order: categories.displayOrder };
      const state = () => scene.db.select(order).from(categories).where(inArray(categories.id, ids));
      return { request: send('PATCH', '/api/category/reorder', { parentId: main.id, ids }), state };
    },
  },
  {
    route: 'GET /api/masterUser/filter',
    answers: ADMINISTRATORS_SEE,
    call: readList(
      (scene) => `/api/masterUser/filter?searchText=${encodeURIComponent(scene.accounts.OWNER.email)}`,
      (scene) => scene.accounts.OWNER.id,
    ),
  },
  {
    route: 'GET /api/masterUser/:id',
    answers: ADMINISTRATORS,
    call: read((scene) => `/api/masterUser/${scene.accounts.OWNER.id}`),
  },
  {
    route: 'PATCH /api/user/updateRole',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const target = await createOwner(scene.db, { role: 'TRADER' });
      const request = send('PATCH', '/api/user/updateRole', { userId: target.id, role: 'MODERATOR' });
      return { request, state: userState(scene, target.id) };
    },
  },
  userSwitch('tglUserAccountExpired'),
  userSwitch('tglUserAccountLocked'),
  userSwitch('tglUserAccountEnabled'),
  userSwitch('tglUserCredentialsExpired'),
  {
    route: 'GET /api/masterUser/listMasterUsers',
    answers: ADMINISTRATORS_SEE,
    // A priest whose name sorts first: the rows of other routes make master users, which could push one named
    // later off the first page.
    call: async (scene) => {
      const priest = await createAccount(scene.db, { role: 'PRIEST', lastName: 'Aaberg' });
      return { request: get('/api/masterUser/listMasterUsers?size=100'), target: priest.id };
    },
  },
  {
    route: 'GET /api/masterUser/search',
    answers: ADMINISTRATORS_SEE,
    call: readList(
      (scene) => `/api/masterUser/search?name=${encodeURIComponent(scene.accounts.MODERATOR.email)}`,
      (scene) => scene.accounts.MODERATOR.id,
    ),
  },
  {
    route: 'POST /api/masterUser/registerMasterUser',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const email = `moderator-${randomUUID().slice(0, 8)}@example.org`;
      const payload = {
        firstName: 'Hannah',
        lastName: 'Greaves',
        email,
        phone: '0400 222 333',
        role: 'MODERATOR',
        moderates: [scene.church.id],
      };
      const state = () => scene.db.select().from(users).where(eq(users.email, email));
      return { request: send('POST', '/api/masterUser/registerMasterUser', payload), state };
    },
  },
  {
    route: 'PATCH /api/masterUser/updateMasterUser',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const target = await createOwner(scene.db, { role: 'MODERATOR' });
      const payload = { userId: target.id, firstName: 'Hannah', lastName: 'Greaves', email: target.email, phone: '0400 222 333' };
      return { request: send('PATCH', '/api/masterUser/updateMasterUser', payload), state: userState(scene, target.id) };
    },
  },
  {
    route: 'PATCH /api/masterUser/updateMasterUserRole',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const target = await createOwner(scene.db, { role: 'TRADER' });
      const request = send('PATCH', '/api/masterUser/updateMasterUserRole', { userId: target.id, role: 'PRIEST' });
      return { request, state: userState(scene, target.id) };
    },
  },
  {
    route: 'PATCH /api/masterUser/toggleModerated',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const target = await createOwner(scene.db, { role: 'PRIEST', moderated: false });
      return { request: send('PATCH', `/api/masterUser/toggleModerated?userId=${target.id}`), state: userState(scene, target.id) };
    },
  },
  {
    route: 'PATCH /api/masterUser/userPhoto',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const target = await createOwner(scene.db, { role: 'PRIEST' });
      const request: InjectOptions = { method: 'PATCH', url: '/api/masterUser/userPhoto', ...imageForm(scene, { userId: target.id }) };
      return { request, state: userState(scene, target.id) };
    },
  },
  userSwitch('tglUserAccountExpired', '/api/masterUser'),
  userSwitch('tglUserAccountLocked', '/api/masterUser'),
  userSwitch('tglUserAccountEnabled', '/api/masterUser'),
  userSwitch('tglUserCredentialsExpired', '/api/masterUser'),
  {
    route: 'PATCH /api/trades/sendNewOwnerPasswordResetEmail',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const owner = await createOwner(scene.db);
      const url = `/api/trades/sendNewOwnerPasswordResetEmail?email=${encodeURIComponent(owner.email)}`;
      return { request: send('PATCH', url), state: keysOf(scene, owner.id) };
    },
  },
  {
    route: 'GET /api/trades/searchTrade',
    answers: ADMINISTRATORS_SEE,
    call: readList(
      (scene) => `/api/trades/searchTrade?name=${encodeURIComponent(scene.trade.name)}`,
      (scene) => scene.trade.id,
    ),
  },
  { route: 'GET /api/audit', answers: ADMINISTRATORS, call: read(() => '/api/audit') },
  {
    route: 'GET /api/mails/failed',
    answers: ADMINISTRATORS_SEE,
    call: async (scene) => {
      const mail = await createFailedMail(scene.db);
      return { request: get('/api/mails/failed?size=100'), target: mail.id };
    },
  },
  {
    route: 'POST /api/mails/failed/:id/resend',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const mail = await createFailedMail(scene.db);
      const state = () => scene.db.select({ state: outboxMails.state }).from(outboxMails).where(eq(outboxMails.id, mail.id));
      return { request: send('POST', `/api/mails/failed/${mail.id}/resend`), state };
    },
  },

  // Still trading: the e-mailed link (no login), the owner's yes, the administrators' period
  {
    route: 'GET /api/trades/stillTrading',
    answers: EVERYONE,
    call: onStillTradingQuestion((token) => get(`/api/trades/stillTrading?token=${encodeURIComponent(token)}`), false),
  },
  {
    route: 'POST /api/trades/stillTrading',
    answers: EVERYONE,
    call: onStillTradingQuestion((token) => send('POST', '/api/trades/stillTrading', { token })),
  },
  {
    route: 'PATCH /api/trades/stillTrading/own',
    answers: answers(403, { anonymous: 401, OWNER: 'ok' }),
    call: onStillTradingQuestion((_token, trade) => send('PATCH', '/api/trades/stillTrading/own', { tradeId: trade.id })),
  },
  { route: 'GET /api/settings/stillTrading', answers: ADMINISTRATORS, call: read(() => '/api/settings/stillTrading') },
  {
    route: 'PUT /api/settings/stillTrading',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const state = () => scene.db.select().from(siteSettings).where(eq(siteSettings.key, 'stillTradingMonths'));
      return { request: send('PUT', '/api/settings/stillTrading', { months: nextStillTradingPeriod() }), state };
    },
  },

  // Enquiries: anyone sends (a proof of work, or a session) and confirms; the private link is the visitor's
  { route: 'GET /api/enquiries/challenge', answers: EVERYONE, call: read(() => '/api/enquiries/challenge') },
  {
    route: 'POST /api/enquiries',
    answers: EVERYONE,
    call: async (scene, caller) => {
      const trade = await scene.freshTrade();
      const proof = caller === 'anonymous' ? { proofOfWork: await solvedWithoutApp(proofsOfWorkOfTestApp) } : {};
      const payload = {
        tradeIds: [trade.id],
        name: 'Vera Visitor',
        email: `visitor-${randomUUID().slice(0, 8)}@example.com.au`,
        suburb: 'Ryde',
        message: `Could you quote for a new fence? ${randomUUID()}`,
        ...proof,
      };
      const state = () => scene.db.select().from(enquiries).where(eq(enquiries.tradeId, trade.id));
      return { request: send('POST', '/api/enquiries', payload), state };
    },
  },
  {
    route: 'POST /api/enquiries/confirm',
    answers: EVERYONE,
    call: async (scene) => {
      const { enquiry, state } = await enquiryOf(scene, 'UNCONFIRMED');
      const key = newToken();
      const expiresAt = new Date(Date.now() + 3_600_000);
      await scene.db.insert(enquiryConfirmations).values({ keyHash: hashToken(key), sendId: enquiry.sendId, expiresAt });
      return { request: send('POST', '/api/enquiries/confirm', { key }), state };
    },
  },
  {
    route: 'GET /api/enquiries/conversation',
    answers: EVERYONE,
    call: async (scene) => {
      const { token } = await enquiryOf(scene, 'DELIVERED');
      return { request: get(`/api/enquiries/conversation?token=${encodeURIComponent(token)}`) };
    },
  },
  {
    route: 'POST /api/enquiries/conversation/messages',
    answers: EVERYONE,
    call: async (scene) => {
      const { enquiry, token } = await enquiryOf(scene, 'DELIVERED');
      const state = () => scene.db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, enquiry.id));
      return { request: send('POST', '/api/enquiries/conversation/messages', { token, body: 'Also on Saturday?' }), state };
    },
  },
  {
    route: 'POST /api/enquiries/conversation/revoke',
    answers: EVERYONE,
    call: async (scene) => {
      const { token, state } = await enquiryOf(scene, 'DELIVERED');
      return { request: send('POST', '/api/enquiries/conversation/revoke', { token }), state };
    },
  },
  {
    route: 'POST /api/moderation/enquiries/:id/release',
    answers: CHURCH_MODERATORS,
    call: async (scene) => {
      const { enquiry, state } = await enquiryOf(scene, 'HELD');
      return { request: send('POST', `/api/moderation/enquiries/${enquiry.id}/release`), state };
      },
    },
  // Enquiries: the owner's alone; the church's moderators see the reported or held message, administrators a reported one
  {
    route: 'GET /api/enquiries/received',
    answers: answers('hidden', { anonymous: 401, OWNER: 'sees' }),
    call: async (scene) => {
      const enquiry = await createEnquiry(scene.db, { tradeId: scene.trade.id });
      return { request: get('/api/enquiries/received?folder=NEW&size=100'), target: enquiry.id };
    },
  },
  {
    route: 'GET /api/enquiries/received/:id',
    answers: OWNERS_ENQUIRY,
    call: onEnquiry((id) => get(`/api/enquiries/received/${id}`)),
  },
  {
    route: 'PATCH /api/enquiries/received/:id',
    answers: OWNERS_ENQUIRY_CHANGE,
    call: onEnquiry((id) => send('PATCH', `/api/enquiries/received/${id}`, { folder: 'ARCHIVED' })),
  },
  {
    route: 'POST /api/enquiries/received/:id/replies',
    answers: OWNERS_ENQUIRY_CHANGE,
    call: onEnquiry((id) => send('POST', `/api/enquiries/received/${id}/replies`, { body: 'Happy to help: Tuesday at 9?' })),
  },
  {
    route: 'POST /api/enquiries/received/:id/spam',
    answers: OWNERS_ENQUIRY_CHANGE,
    call: onEnquiry((id) => send('POST', `/api/enquiries/received/${id}/spam`, { reason: 'Selling something unrelated' })),
  },
  {
    route: 'GET /api/moderation/enquiries',
    answers: answers(403, { anonymous: 401, MODERATOR: 'sees', OTHER_MODERATOR: 'hidden', GOVERNOR: 'sees', ADMIN: 'sees', SUPER: 'sees' }),
    call: async (scene) => {
      const { report } = await freshSpamReport(scene);
      return { request: get('/api/moderation/enquiries'), target: report.id };
    },
  },
  {
    route: 'GET /api/moderation/enquiries/:id',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const { enquiry } = await freshSpamReport(scene);
      return { request: get(`/api/moderation/enquiries/${enquiry.id}`), target: enquiry.id };
    },
  },
  {
    route: 'POST /api/moderation/enquiries/reports/:id/dismiss',
    answers: CHURCH_MODERATORS,
    call: async (scene) => {
      const { report } = await freshSpamReport(scene);
      const state = () => scene.db.select().from(enquirySpamReports).where(eq(enquirySpamReports.id, report.id));
      return { request: send('POST', `/api/moderation/enquiries/reports/${report.id}/dismiss`), state };
    },
  },
  {
    route: 'GET /api/moderation/blockedSenders',
    answers: answers(403, { anonymous: 401, MODERATOR: 'sees', OTHER_MODERATOR: 'hidden', GOVERNOR: 'sees', ADMIN: 'sees', SUPER: 'sees' }),
    call: async (scene) => {
      const { senderEmail } = await freshSpamReport(scene);
      await scene.db.insert(blockedSenders).values({ emailKey: senderEmail, reason: 'Spam', blockedBy: scene.accounts.ADMIN.id });
      return { request: get('/api/moderation/blockedSenders'), target: senderEmail };
    },
  },
  {
    route: 'POST /api/moderation/blockedSenders',
    answers: CHURCH_MODERATORS,
    call: async (scene) => {
      const { report, senderEmail } = await freshSpamReport(scene);
      const body = { email: senderEmail, reason: 'Spam to many businesses', reportId: report.id };
      return { request: send('POST', '/api/moderation/blockedSenders', body), state: blockedState(scene, senderEmail) };
    },
  },
  {
    route: 'DELETE /api/moderation/blockedSenders',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const emailKey = `blocked-${randomUUID().slice(0, 8)}@example.com`;
      await scene.db.insert(blockedSenders).values({ emailKey, reason: 'Spam' });
      const url = `/api/moderation/blockedSenders?email=${encodeURIComponent(emailKey)}`;
      return { request: send('DELETE', url), state: blockedState(scene, emailKey) };
    },
  },

  // Reviews: everyone reads a business's; the sender of an answered enquiry writes and edits; its owner answers
  {
    route: 'GET /api/trades/:id/reviews',
    answers: EVERYONE_SEES,
    call: async (scene) => {
      const { review } = await reviewOfTheOwner(scene);
      return { request: get(`/api/trades/${scene.trade.id}/reviews?size=100`), target: review.id };
    },
  },
  {
    route: 'GET /api/reviews/eligibility',
    answers: answers(404, { anonymous: 'ok', USER: 'ok' }),
    call: async (scene, caller) => {
      const reviewable = await reviewableEnquiry(scene);
      return { request: get(`/api/reviews/eligibility?${new URLSearchParams(reviewerProof(caller, reviewable))}`) };
    },
  },
  {
    route: 'POST /api/reviews',
    answers: answers(404, { anonymous: 'ok', USER: 'ok' }),
    call: async (scene, caller) => {
      const reviewable = await reviewableEnquiry(scene);
      return { request: send('POST', '/api/reviews', { ...REVIEW, ...reviewerProof(caller, reviewable) }), state: reviewable.state };
    },
  },
  {
    route: 'PUT /api/reviews/:id',
    answers: answers(403, { USER: 'ok' }),
    call: async (scene) => {
      const { enquiry } = await reviewableEnquiry(scene);
      const review = await createReview(scene.db, {
        tradeId: enquiry.tradeId,
        enquiryId: enquiry.id,
        reviewerUserId: enquiry.senderUserId,
        reviewerEmailKey: enquiry.senderEmailKey,
      });
      const state = () => scene.db.select().from(reviews).where(eq(reviews.id, review.id));
      return { request: send('PUT', `/api/reviews/${review.id}`, { ...REVIEW, stars: 3 }), state };
    },
  },
  {
    route: 'GET /api/reviews/received',
    answers: answers('hidden', { anonymous: 401, OWNER: 'sees' }),
    call: async (scene) => {
      const { review } = await reviewOfTheOwner(scene);
      return { request: get('/api/reviews/received?size=100'), target: review.id };
    },
  },
  {
    route: 'POST /api/reviews/:id/answer',
    answers: answers(403, { anonymous: 401, OWNER: 'ok' }),
    call: async (scene) => {
      const { review, state } = await reviewOfTheOwner(scene);
      return { request: send('POST', `/api/reviews/${review.id}/answer`, { body: 'Thank you for the kind words.' }), state };
    },
  },

  // Reviews' reports and their moderation
  {
    route: 'POST /api/reviews/:id/reports',
    answers: EVERYONE,
    call: async (scene, caller) => {
      const proof = caller === 'anonymous' ? { proofOfWork: await solvedWithoutApp(proofsOfWorkOfTestApp) } : {};
      return onReview((id) => send('POST', `/api/reviews/${id}/reports`, { reason: 'Reads as if the owner wrote it', ...proof }))(scene, caller);
    },
  },
  {
    route: 'GET /api/moderation/reviews',
    answers: answers(403, { anonymous: 401, MODERATOR: 'sees', OTHER_MODERATOR: 'sees', GOVERNOR: 'sees', ADMIN: 'sees', SUPER: 'sees' }),
    call: async (scene) => {
      const review = await createReview(scene.db, { tradeId: (await scene.freshTrade()).id });
      await createReviewReport(scene.db, review);
      return { request: get('/api/moderation/reviews'), target: review.id };
    },
  },
  {
    route: 'POST /api/moderation/reviews/:id/remove',
    answers: REVIEW_DECIDERS,
    call: onReview((id) => send('POST', `/api/moderation/reviews/${id}/remove`, { reason: 'Written by a competitor' })),
  },
  {
    route: 'POST /api/moderation/reviews/:id/keep',
    answers: REVIEW_DECIDERS,
    call: onReview((id) => send('POST', `/api/moderation/reviews/${id}/keep`), { status: 'HELD', holdReasons: ['LINK'] }),
  },
  {
    route: 'POST /api/moderation/reviews/:id/hold',
    answers: answers(403, { anonymous: 401, MODERATOR: 'ok' }),
    call: onReview((id) => send('POST', `/api/moderation/reviews/${id}/hold`)),
  },
  {
    route: 'POST /api/moderation/trades/:id/reviewNotice',
    answers: REVIEW_DECIDERS,
    call: async (scene) => {
      const trade = await scene.freshTrade();
      const state = () => scene.db.select().from(reviewNotices).where(eq(reviewNotices.tradeId, trade.id));
      return { request: send('POST', `/api/moderation/trades/${trade.id}/reviewNotice`, { reason: 'Reviews bought in bulk' }), state };
    },
  },
  {
    route: 'DELETE /api/moderation/trades/:id/reviewNotice',
    answers: ADMINISTRATORS,
    call: async (scene) => {
      const trade = await scene.freshTrade();
      await scene.db.insert(reviewNotices).values({ tradeId: trade.id, reason: 'Reviews bought in bulk', endsAt: new Date(Date.now() + 86_400_000) });
      const state = () => scene.db.select().from(reviewNotices).where(eq(reviewNotices.tradeId, trade.id));
      return { request: send('DELETE', `/api/moderation/trades/${trade.id}/reviewNotice`), state };
    },
  },

  // Pages for people and search engines, the web app, uploads
  { route: 'GET /business/:id', answers: EVERYONE, call: read((scene) => `/business/${scene.trade.id}`) },
  {
    route: 'GET /business/:id/:slug',
    answers: EVERYONE,
    call: read((scene) => businessPath(scene.trade.id, scene.trade.name)),
  },
  { route: 'GET /sitemap.xml', answers: EVERYONE, call: read(() => '/sitemap.xml') },
  { route: 'GET /sitemaps/:file', answers: EVERYONE, call: read(() => '/sitemaps/1.xml') },
  { route: 'GET /robots.txt', answers: EVERYONE, call: read(() => '/robots.txt') },
  { route: 'GET /', answers: EVERYONE, call: read(() => '/') },
  { route: 'GET /index.html', answers: EVERYONE, call: read(() => '/index.html') },
  { route: `GET ${WEB_APP_ASSET}`, answers: EVERYONE, call: read(() => WEB_APP_ASSET) },
  { route: 'GET /uploads/*', answers: EVERYONE, call: read((scene) => scene.uploadPath) },
];
