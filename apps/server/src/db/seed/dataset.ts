import type { AddressIndexRow } from '../address-import/gnaf-release';
import type { BusinessKind } from '@churchtrades/shared/trade-profile';
import type { MailSender } from '../../modules/mail/account-mails';
import { createAddressBook } from './address-book';
import { DEMO_NOW } from './demo-clock';
import {
  buildLeavingVisitor,
  buildMemberships,
  buildRoleAccounts,
  buildNeighbourModerator,
  buildWaitingModerator,
  type ChurchMemberRow,
  type DemoAccount,
  type UserRow,
} from './generate-accounts';
import { buildCategories, type CategoryRow } from './generate-categories';
import { buildChurches, type ChurchRow, type DemoChurch } from './generate-churches';
import { buildCovers, type DemoCover, withCovers } from './generate-covers';
import { buildEnquiries, dailyCountsOf, type DemoEnquiries } from './generate-enquiries';
import { buildFailedMails, type OutboxMailRow } from './generate-mails';
import { buildReviews, type DemoReviews, invitedWhenDue } from './generate-reviews';
import { placeInStillTradingRounds } from './generate-still-trading';
import { addVerification } from './generate-verification';
import {
  demoAbn,
  generateTrade,
  type AddressRow,
  type GeneratedTrade,
  type SocialMediaRow,
  type TradeContext,
  type TradeRow,
} from './generate-trades';
import { type TradeVouchRow, withChurchChecks } from './generate-church-checks';
import { createRandom } from './random';

export const APPROVED_TRADES = 600;
export const PENDING_TRADES = 12;
/** Pending businesses of the demo church, so the demo moderator has something to decide. */
const PENDING_AT_DEMO_CHURCH = 4;
/** The approved business listed under its main category alone (SPEC: a sub category is optional). */
const MAIN_CATEGORY_ONLY_TRADE = 3;
/** The demo trader's ABN ends in these digits, so its Profile page shows the field filled from the first start. */
const DEMO_TRADER_ABN_NUMBER = 824_753_556;

/**
 * The kinds of business (SPEC §1) in turn, mostly sole traders, one in ten not stated as older listings are.
 * Derived from the business's number, not drawn: a draw would change every business generated after it.
 */
const KINDS_IN_TURN: readonly (BusinessKind | null)[] = [
  'SOLE_TRADER',
  'COMPANY',
  'SOLE_TRADER',
  'JOINT_VENTURE',
  'SOLE_TRADER',
  'COMPANY',
  'SOLE_TRADER',
  null,
  'SOLE_TRADER',
  'COMPANY',
];

function kindOf(number: number): BusinessKind | null {
  return KINDS_IN_TURN[number % KINDS_IN_TURN.length] ?? null;
}

const CATEGORIES_CREATED_AT = new Date(Date.UTC(DEMO_NOW.getUTCFullYear() - 3, 0, 10, 9, 0, 0));

/** Every row of the demo, in insert order; a pure function of the options. */
export interface DemoDataset {
  categories: CategoryRow[];
  users: UserRow[];
  churches: ChurchRow[];
  churchMembers: ChurchMemberRow[];
  trades: TradeRow[];
  /** The pictures some businesses' rows name, drawn and stored beside the rows. */
  covers: DemoCover[];
  addresses: AddressRow[];
  socialMedia: SocialMediaRow[];
  addressIndex: AddressIndexRow[];
  failedMails: OutboxMailRow[];
  /**
   * The churches' word that they know some businesses: the demo church's by its own people (generate-church-checks.ts),
   * the other churches' by moderators the demo holds no account of (generate-verification.ts).
   */
  tradeVouches: TradeVouchRow[];
  /** Enquiries to the demo trader's business in every folder, and answered ones of other businesses (generate-enquiries.ts). */
  enquiries: DemoEnquiries;
  /** Reviews with the answered enquiries they come from, their reports and a notice (generate-reviews.ts). */
  reviews: DemoReviews;
  accounts: DemoAccount[];
  /** The church the demo priest and moderator serve, and the demo trader's business belongs to. */
  demoChurch: { id: string; name: string };
  /** The approved business the demo trader owns. */
  demoBusiness: { id: string; name: string };
  /** The visitor whose account waits to be deleted; the seed mails them its undo link. */
  leavingVisitor: UserRow;
}

/**
 * The demo trader's business and the first pending one at the demo church name the demo priest, so the priest's
 * page lists businesses from the first start.
 */
function generateTrades(
  context: TradeContext,
  churches: { first: DemoChurch; open: DemoChurch[] },
  accounts: { demoTrader: UserRow; demoPriest: UserRow },
): GeneratedTrade[] {
  const { random } = context;
  const generated = [
    generateTrade(context, {
      church: churches.first,
      status: 'APPROVED',
      ownerNumber: 0,
      owner: accounts.demoTrader,
      onPremises: true,
      priestId: accounts.demoPriest.id,
      businessKind: kindOf(0),
      abn: demoAbn(DEMO_TRADER_ABN_NUMBER),
    }),
  ];
  for (let number = 1; number < APPROVED_TRADES; number += 1) {
    const church = random.pick(churches.open);
    const mainCategoryOnly = number === MAIN_CATEGORY_ONLY_TRADE;
    generated.push(
      generateTrade(context, { church, status: 'APPROVED', ownerNumber: number, mainCategoryOnly, businessKind: kindOf(number) }),
    );
  }
  for (let index = 0; index < PENDING_TRADES; index += 1) {
    const atDemoChurch = index < PENDING_AT_DEMO_CHURCH;
    const church = atDemoChurch ? churches.first : random.pick(churches.open);
    const number = APPROVED_TRADES + index;
    const priestId = index === 0 ? accounts.demoPriest.id : undefined;
    generated.push(generateTrade(context, { church, status: 'PENDING', ownerNumber: number, priestId, businessKind: kindOf(number) }));
  }
  return generated;
}

/**
 * Two owners who used the toggles of their own account (SPEC §7): one closed it, so their business is out of
 * the directory and administrators find the account disabled; one asked for a new password at the next login,
 * which mails them a reset link instead of logging them in. Businesses 1 and 2 are the failed mails' (below), 3
 * the one under a main category alone.
 */
function closeOwnAccounts(generated: GeneratedTrade[]): void {
  const [closedAccount, expiredPassword] = [generated[5], generated[6]];
  if (!closedAccount?.ownerIsNew || !expiredPassword?.ownerIsNew) throw new Error('Too few owners for the closed accounts');
  closedAccount.owner.enabled = false;
  expiredPassword.owner.credentialsNonExpired = false;
}

export interface DemoDatasetOptions {
  seed: number;
  passwordHash: string;
  /** The demo address file's addresses (address-import/fixture): the address index, and the businesses' addresses. */
  addressFile: readonly AddressIndexRow[];
  /** The site the demo's mails link to, as the app's own mails do. */
  mailSender: MailSender;
  /**
   * The moment of seeding. The failed mails are dated in the hours before it, not before the demo's today: an
   * administrator sends a failed mail again within three months, after which housekeeping forgets it.
   */
  now: Date;
}

export function buildDemoDataset(options: DemoDatasetOptions): DemoDataset {
  const { seed, passwordHash, addressFile, mailSender, now } = options;
  const categories = buildCategories(CATEGORIES_CREATED_AT);
  const { churches, first } = buildChurches(createRandom(seed, 'churches'));
  const accounts = buildRoleAccounts(createRandom(seed, 'accounts'), passwordHash);
  const waitingModerator = buildWaitingModerator(createRandom(seed, 'waiting-moderator'), passwordHash);
  const demoTrader = accounts.get('TRADER');
  const demoPriest = accounts.get('PRIEST');
  const demoModerator = accounts.get('MODERATOR');
  const demoUser = accounts.get('USER');
  const demoAdmin = accounts.get('ADMIN');
  if (!demoTrader || !demoPriest || !demoModerator || !demoUser || !demoAdmin) {
    throw new Error('No demo USER, TRADER, PRIEST, MODERATOR or ADMIN account');
  }
  const context: TradeContext = {
    random: createRandom(seed, 'trades'),
    categories: categories.trees,
    addressBook: createAddressBook(createRandom(seed, 'addresses'), addressFile),
    passwordHash,
    usedNames: new Set(),
  };
  // Businesses only at open churches: every approved one is then listed in search.
  const open = churches.filter((church) => church.row.enabled);
  const generated = generateTrades(context, { first, open }, { demoTrader, demoPriest });
  closeOwnAccounts(generated);
  placeInStillTradingRounds(createRandom(seed, 'still-trading'), generated, first.row.id, now);
  const demoBusiness = generated[0]?.trade;
  if (!demoBusiness) throw new Error('The demo trader has no business');
  const neighbourChurch = open.find((church) => church.row.id !== first.row.id);
  if (!neighbourChurch) throw new Error('No second open church for the neighbour moderator');
  const neighbourModerator = buildNeighbourModerator(createRandom(seed, 'neighbour-moderator'), passwordHash, demoAdmin);
  const leavingVisitor = buildLeavingVisitor(createRandom(seed, 'leaving-visitor'), passwordHash, now);
  const users = [...accounts.values(), waitingModerator, neighbourModerator, leavingVisitor, ...generated.filter((item) => item.ownerIsNew).map((item) => item.owner)];
  const churchRows = churches.map((church) => church.row);
  // Generated businesses 1 and 2 are approved (generateTrades): their owners were told so.
  const [listed, relisted] = [generated[1]?.trade, generated[2]?.trade];
  if (!listed || !relisted) throw new Error('Too few businesses for the failed mails');
  const checks = withChurchChecks(
    generated.map((item) => item.trade),
    { churchId: first.row.id, moderatorId: demoModerator.id, priestId: demoPriest.id, traderId: demoTrader.id, now },
  );
  const tradeRows = checks.trades;
  const verifiedElsewhere = addVerification(createRandom(seed, 'verification'), tradeRows, {
    now,
    demoChurchId: first.row.id,
    demoModeratorId: demoModerator.id,
  });
  const covers = buildCovers(createRandom(seed, 'covers'), tradeRows);
  const demoBusinessRow = tradeRows.find((trade) => trade.id === demoBusiness.id);
  if (!demoBusinessRow) throw new Error('The demo trader has no business');
  const others = tradeRows.filter((trade, index) => index > 6 && trade.moderationStatus === 'APPROVED' && !trade.expired);
  const enquiries = buildEnquiries(createRandom(seed, 'enquiries'), {
    demoBusiness: demoBusinessRow,
    demoChurchId: first.row.id,
    demoTraderId: demoTrader.id,
    demoModeratorId: demoModerator.id,
    others,
    now,
  });
  const reviews = buildReviews(createRandom(seed, 'reviews'), {
    demoBusiness: demoBusinessRow,
    demoChurchId: first.row.id,
    demoUser,
    deciderId: demoAdmin.id,
    others,
    now,
  });
  const enquiryRows = invitedWhenDue(enquiries.enquiries, now);
  return {
    categories: categories.rows,
    users,
    churches: churchRows,
    churchMembers: [
      ...buildMemberships(accounts, waitingModerator, first.row.id, first.row.createdAt ?? DEMO_NOW),
      { churchId: neighbourChurch.row.id, userId: neighbourModerator.id, churchRole: 'MODERATOR', createdAt: neighbourModerator.createdAt },
    ],
    trades: withCovers(tradeRows, covers),
    covers,
    addresses: generated.flatMap((item) => (item.address ? [item.address] : [])),
    socialMedia: generated.flatMap((item) => item.socialMedia),
    addressIndex: [...addressFile],
    failedMails: buildFailedMails(createRandom(seed, 'mails'), {
      sender: mailSender,
      trades: [listed, relisted],
      churches: churchRows,
      users,
      now,
    }),
    tradeVouches: [...checks.vouches, ...verifiedElsewhere],
    enquiries: { ...enquiries, enquiries: enquiryRows, dailyCounts: dailyCountsOf([...enquiryRows, ...reviews.enquiries]) },
    reviews,
    accounts: [...accounts].map(([role, account]) => ({ role, email: account.email })),
    demoChurch: { id: first.row.id, name: first.row.name },
    demoBusiness: { id: demoBusiness.id, name: demoBusiness.name },
    leavingVisitor,
  };
}
