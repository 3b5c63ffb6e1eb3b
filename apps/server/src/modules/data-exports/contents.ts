import { DATA_EXPORT_LINK_HOURS } from '@churchtrades/shared/data-export';
import { REVIEW_CHECKS } from '@churchtrades/shared/reviews';
import { inboxKey } from '@churchtrades/shared/inbox-key';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ImageStore } from '../uploads/image-store';
import { deviceName } from '../sessions/device-name';
import type { DataExportContentsRepo } from './contents-repo';
import { csvOf } from './csv';
import type { DataExportRow } from './repo';

/**
 * Every table of the schema that holds something about a person, and the files of the archive its rows go
 * into. A table that refers to a user but is not here must be in LEFT_OUT_TABLES, with the reason:
 * schema-coverage.test.ts reads the schema and fails on a table that is in neither. Moderators' and
 * administrators' acts on others (a business approved, a review removed) come in through the audit log.
 */
export const EXPORTED_TABLES: Readonly<Record<string, string>> = {
  users: 'account.json',
  church_members: 'account.json (churchRoles)',
  sessions: 'sessions.json, sessions.csv',
  login_networks: 'login-networks.json/csv',
  trades: 'businesses.json, businesses.csv',
  addresses: 'businesses.json, addresses.csv',
  social_media: 'businesses.json, social-media.csv',
  enquiries: 'enquiries-sent.json/csv, enquiries-received.json/csv',
  enquiry_messages: 'enquiries-sent.json, enquiries-received.json, enquiry-messages.csv',
  reviews: 'reviews-written.json/csv, reviews-received.json/csv',
  review_reports: 'review-reports.json/csv',
  enquiry_spam_reports: 'spam-reports.json/csv',
  trade_vouches: 'vouches.json/csv',
  audit_log: 'audit-log.json',
  one_time_keys: 'emailed-links.json/csv',
  blocked_senders: 'blocked-senders.json/csv',
  outbox_mails: 'mails.json/csv',
  data_exports: 'data-exports.json/csv',
};

/** Tables that refer to a user and are deliberately not in the archive, each with the reason. */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  site_settings:
    "A setting of the whole site, naming the administrator who changed it last: not about them, and their change is among their audit entries.",
  review_notices:
    "A business's public notice of fake reviews, naming the moderator who set it: setting or lifting it is among the moderator's audit entries, and the notice is about the business.",
};

/** One file of the archive, its path inside the ZIP. */
export interface ArchiveFile {
  path: string;
  content: Uint8Array;
}

type Row = Record<string, unknown>;

function jsonFile(name: string, value: unknown): ArchiveFile {
  return { path: `${name}.json`, content: strToU8(`${JSON.stringify(value, null, 2)}\n`) };
}

/** The rows as JSON, and as CSV when there are any: a spreadsheet opens the CSV. */
function tableFiles(name: string, rows: readonly Row[], csvRows: readonly Row[] = rows): ArchiveFile[] {
  const files = [jsonFile(name, rows)];
  if (csvRows.length > 0) files.push({ path: `${name}.csv`, content: strToU8(csvOf(csvRows)) });
  return files;
}

function readme(made: Date): ArchiveFile {
  const text = [
    'Your data on ChurchTrades',
    '',
    `Made on ${made.toISOString()} at your request. Its link worked once, for ${DATA_EXPORT_LINK_HOURS} hours; we then deleted our copy of this archive.`,
    '',
    'Each .json file holds one kind of data; a .csv file beside it holds the same rows for a spreadsheet.',
    '- account.json: your account, and the churches you serve as priest or moderator',
    '- sessions: where your account is logged in',
    `- login-networks: the networks your account logged in from in the last ${REVIEW_CHECKS.ownerNetworkDays} days`,
    '- businesses.json: the businesses you own, every field, with their addresses and social media (also addresses.csv, social-media.csv)',
    '- enquiries-sent, enquiries-received: enquiries and their conversations (every message also in enquiry-messages.csv)',
    '- reviews-written, reviews-received: reviews you wrote, and reviews of your businesses',
    '- review-reports, spam-reports: reports you made',
    '- vouches: vouches you gave as a priest or moderator, and those your businesses received',
    '- audit-log.json: changes you made, and changes made to your account and businesses',
    '- emailed-links: the links we mailed you (verification, password reset, email change); never the keys',
    '- blocked-senders: enquiry senders you blocked, or your address if it is blocked',
    '- mails: the emails we sent to your address, by subject',
    '- data-exports: the archives of your data you asked for',
    '- uploads/: your photo, and your businesses\' logos and cover pictures, as we keep them',
    '',
    'Passwords, two-step secrets and the keys of sessions and links are never part of it: we keep only their hashes.',
  ];
  return { path: 'README.txt', content: strToU8(`${text.join('\r\n')}\r\n`) };
}

/** A conversation as the archive writes it: the enquiry with its messages in order. */
function withMessages<T extends { id: string }>(rows: readonly T[], messages: readonly Row[]) {
  return rows.map((row) => ({ ...row, messages: messages.filter((message) => message.enquiryId === row.id) }));
}

function archiveOf(row: DataExportRow): Row {
  const { status, requestedAt, readyAt, expiresAt, downloadedAt } = row;
  return { status, requestedAt, readyAt, expiresAt, downloadedAt };
}

export interface ContentsDependencies {
  repo: DataExportContentsRepo;
  images: Pick<ImageStore, 'read'>;
  /** The account's archives (this one among them). */
  exportsOf(userId: string): Promise<DataExportRow[]>;
}

/** A built archive, and whom to mail its link. */
export interface BuiltArchive {
  zip: Uint8Array;
  owner: { email: string; firstName: string; emailVerifiedAt: Date | null };
}

/**
 * The archive of everything the schema holds about the person (EXPORTED_TABLES), as a ZIP; undefined when the
 * account is gone.
 */
export async function buildArchive({ repo, images, exportsOf }: ContentsDependencies, userId: string, made: Date): Promise<BuiltArchive | undefined> {
  const account = await repo.account(userId);
  if (!account) return undefined;
  const person = { userId, emailKey: inboxKey(account.email) };
  const businesses = await repo.businesses(userId);
  const tradeIds = businesses.map((business) => business.id);
  const [churchRoles, sessions, networks, addresses, socialMedia, sent, received] = await Promise.all([
    repo.churchRoles(userId),
    repo.sessions(userId),
    repo.loginNetworks(userId),
    repo.addresses(tradeIds),
    repo.socialMedia(tradeIds),
    repo.enquiriesSent(person),
    repo.enquiriesReceived(tradeIds),
  ]);
  const [messages, written, reviewsReceived, reviewReports, spamReports, vouches, audit, links, blocked, mails, exports] =
    await Promise.all([
      repo.messagesOf([...sent, ...received].map((enquiry) => enquiry.id)),
      repo.reviewsWritten(person),
      repo.reviewsReceived(tradeIds),
      repo.reviewReportsMade(userId),
      repo.spamReportsMade(userId),
      repo.vouches(userId, tradeIds),
      repo.auditEntries(userId, tradeIds),
      repo.emailedLinks(userId),
      repo.blockedSenders(person),
      repo.mails(person.emailKey),
      exportsOf(userId),
    ]);
  const pictures = await Promise.all([account.photo, ...businesses.flatMap((business) => [business.logoUri, business.image])].map((url) => images.read(url)));

  const files: ArchiveFile[] = [
    readme(made),
    jsonFile('account', { ...account, churchRoles }),
    ...tableFiles('sessions', sessions.map(({ userAgent, ...session }) => ({ device: deviceName(userAgent), userAgent, ...session }))),
    ...tableFiles('login-networks', networks),
    jsonFile('businesses', businesses.map((business) => ({
      ...business,
      address: addresses.find((address) => address.entityId === business.id) ?? null,
      socialMedia: socialMedia.filter((entry) => entry.entityId === business.id),
    }))),
    ...(businesses.length > 0 ? [{ path: 'businesses.csv', content: strToU8(csvOf(businesses)) }] : []),
    ...(addresses.length > 0 ? [{ path: 'addresses.csv', content: strToU8(csvOf(addresses)) }] : []),
    ...(socialMedia.length > 0 ? [{ path: 'social-media.csv', content: strToU8(csvOf(socialMedia)) }] : []),
    ...tableFiles('enquiries-sent', withMessages(sent, messages), sent),
    ...tableFiles('enquiries-received', withMessages(received, messages), received),
    ...(messages.length > 0 ? [{ path: 'enquiry-messages.csv', content: strToU8(csvOf(messages)) }] : []),
    ...tableFiles('reviews-written', written),
    ...tableFiles('reviews-received', reviewsReceived),
    ...tableFiles('review-reports', reviewReports),
    ...tableFiles('spam-reports', spamReports),
    ...tableFiles('vouches', vouches),
    jsonFile('audit-log', audit),
    ...tableFiles('emailed-links', links),
    ...tableFiles('blocked-senders', blocked),
    ...tableFiles('mails', mails),
    ...tableFiles('data-exports', exports.map(archiveOf)),
    ...pictures.flatMap((picture) => (picture ? [{ path: `uploads/${picture.name}`, content: new Uint8Array(picture.content) }] : [])),
  ];
  return { zip: zipOf(files, made), owner: account };
}

/** The files as one ZIP; the pictures are stored as they are, being compressed already. */
function zipOf(files: readonly ArchiveFile[], made: Date): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) entries[file.path] = [file.content, { level: file.path.startsWith('uploads/') ? 0 : 6 }];
  return zipSync(entries, { mtime: made });
}
