import type { AddressIndexRow } from '../address-import/gnaf-release';
import type { MailSender } from '../../modules/mail/account-mails';
import { createAddressBook } from './address-book';
import { DEMO_NOW } from './demo-clock';
import {
  buildMemberships,
  buildRoleAccounts,
  buildWaitingModerator,
  type ChurchMemberRow,
  type DemoAccount,
  type UserRow,
} from './generate-accounts';
import { buildCategories, type CategoryRow } from './generate-categories';
import { buildChurches, type ChurchRow, type DemoChurch } from './generate-churches';
import { buildFailedMails, type OutboxMailRow } from './generate-mails';
import {
  generateTrade,
  type AddressRow,
  type GeneratedTrade,
  type SocialMediaRow,
  type TradeContext,
  type TradeRow,
} from './generate-trades';
import { createRandom } from './random';

export const APPROVED_TRADES = 600;
export const PENDING_TRADES = 12;
/** Pending businesses of the demo church, so the demo moderator has something to decide. */
const PENDING_AT_DEMO_CHURCH = 4;

const CATEGORIES_CREATED_AT = new Date(Date.UTC(DEMO_NOW.getUTCFullYear() - 3, 0, 10, 9, 0, 0));

/** Every row of the demo, in insert order; a pure function of the options. */
export interface DemoDataset {
  categories: CategoryRow[];
  users: UserRow[];
  churches: ChurchRow[];
  churchMembers: ChurchMemberRow[];
  trades: TradeRow[];
  addresses: AddressRow[];
  socialMedia: SocialMediaRow[];
  addressIndex: AddressIndexRow[];
  failedMails: OutboxMailRow[];
  accounts: DemoAccount[];
  /** The church the demo priest and moderator serve, and the demo trader's business belongs to. */
  demoChurch: { id: string; name: string };
  /** The approved business the demo trader owns. */
  demoBusiness: { id: string; name: string };
}

function generateTrades(
  context: TradeContext,
  churches: { first: DemoChurch; open: DemoChurch[] },
  demoTrader: UserRow,
): GeneratedTrade[] {
  const { random } = context;
  const generated = [
    generateTrade(context, {
      church: churches.first,
      status: 'APPROVED',
      ownerNumber: 0,
      owner: demoTrader,
      onPremises: true,
    }),
  ];
  for (let number = 1; number < APPROVED_TRADES; number += 1) {
    const church = random.pick(churches.open);
    generated.push(generateTrade(context, { church, status: 'APPROVED', ownerNumber: number }));
  }
  for (let index = 0; index < PENDING_TRADES; index += 1) {
    const church = index < PENDING_AT_DEMO_CHURCH ? churches.first : random.pick(churches.open);
    generated.push(generateTrade(context, { church, status: 'PENDING', ownerNumber: APPROVED_TRADES + index }));
  }
  return generated;
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
  if (!demoTrader) throw new Error('No demo TRADER account');
  const context: TradeContext = {
    random: createRandom(seed, 'trades'),
    categories: categories.trees,
    addressBook: createAddressBook(createRandom(seed, 'addresses'), addressFile),
    passwordHash,
    usedNames: new Set(),
  };
  // Businesses only at open churches: every approved one is then listed in search.
  const open = churches.filter((church) => church.row.enabled);
  const generated = generateTrades(context, { first, open }, demoTrader);
  const demoBusiness = generated[0]?.trade;
  if (!demoBusiness) throw new Error('The demo trader has no business');
  const users = [...accounts.values(), waitingModerator, ...generated.filter((item) => item.ownerIsNew).map((item) => item.owner)];
  const churchRows = churches.map((church) => church.row);
  // Generated businesses 1 and 2 are approved (generateTrades): their owners were told so.
  const [listed, relisted] = [generated[1]?.trade, generated[2]?.trade];
  if (!listed || !relisted) throw new Error('Too few businesses for the failed mails');
  return {
    categories: categories.rows,
    users,
    churches: churchRows,
    churchMembers: buildMemberships(accounts, waitingModerator, first.row.id, first.row.createdAt ?? DEMO_NOW),
    trades: generated.map((item) => item.trade),
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
    accounts: [...accounts].map(([role, account]) => ({ role, email: account.email })),
    demoChurch: { id: first.row.id, name: first.row.name },
    demoBusiness: { id: demoBusiness.id, name: demoBusiness.name },
  };
}
