import { describe, expect, it } from 'vitest';
import { ADDRESS_FIXTURE_DIR, readReleaseAddresses } from '../address-import/fixture';
import { buildDemoDataset } from './dataset';
import { BRIEF_LENGTH } from './generate-trades';

const addressFile = await readReleaseAddresses(ADDRESS_FIXTURE_DIR);
const options = {
  passwordHash: 'not-a-hash',
  addressFile,
  mailSender: { appOrigin: 'https://churchtrades.example', supportEmail: 'support@churchtrades.example' },
  now: new Date('2026-03-01T00:00:00Z'),
};
const dataset = buildDemoDataset({ seed: 11, ...options });

describe('buildDemoDataset', () => {
  it('is a function of its seed', () => {
    expect(buildDemoDataset({ seed: 11, ...options })).toEqual(dataset);
    expect(buildDemoDataset({ seed: 12, ...options }).trades[1]).not.toEqual(dataset.trades[1]);
  });

  it('dates the failed mails in the hours before the seeding, to addresses no mail can reach, their links keyless', () => {
    expect(dataset.failedMails).toHaveLength(2);
    for (const mail of dataset.failedMails) {
      expect(mail.state).toBe('FAILED');
      expect(mail.recipient).toMatch(/@[a-z]+\.invalid$/);
      expect(mail.lastError).toContain(`<${mail.recipient}>: Recipient address rejected`);
      expect(mail.failedAt!.getTime()).toBeLessThan(options.now.getTime());
      expect(mail.failedAt!.getTime()).toBeGreaterThan(options.now.getTime() - 24 * 60 * 60 * 1000);
      expect(mail.createdAt!.getTime()).toBeLessThanOrEqual(mail.failedAt!.getTime());
      const links = mail.textBody!.match(/https?:\/\/\S+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(link.startsWith(options.mailSender.appOrigin)).toBe(true);
        expect(new URL(link).searchParams.has('key')).toBe(false);
      }
    }
  });

  it("vouches for businesses of the demo church, holding when seeded, one naming its voucher and one lapsing within the month", () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const { demoChurch, trades } = dataset;
    const vouches = dataset.tradeVouches.filter((vouch) => vouch.churchId === demoChurch.id);
    expect(vouches).toHaveLength(3);
    for (const vouch of vouches) {
      const trade = trades.find((row) => row.id === vouch.tradeId)!;
      expect(trade).toMatchObject({ churchId: demoChurch.id, moderationStatus: 'APPROVED', vouchedUntil: vouch.expiresAt });
      expect(vouch.expiresAt.getTime()).toBeGreaterThan(options.now.getTime());
      expect(trade.ownerId).not.toBe(vouch.voucherId);
    }
    expect(vouches.filter((vouch) => vouch.voucherNamed)).toEqual([expect.objectContaining({ voucherRole: 'PRIEST' })]);
    const lapsing = vouches.filter((vouch) => vouch.expiresAt.getTime() - options.now.getTime() < 30 * DAY_MS);
    expect(lapsing).toHaveLength(1);
  });

  it('states licences of three businesses of the demo church, one checked by the demo moderator', () => {
    const licensed = dataset.trades.filter((trade) => trade.licenceNumber && trade.churchId === dataset.demoChurch.id);
    expect(licensed).toHaveLength(3);
    const checked = licensed.filter((trade) => trade.licenceCheckedAt);
    expect(checked).toHaveLength(1);
    expect(checked[0]!.licenceCheckedBy).toEqual(expect.any(String));
  });

  it("places the businesses in the still-trading rounds: the demo trader's due now, one of the demo church about to expire", () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const yearBefore = new Date('2025-03-01T00:00:00Z');
    const [demoTraders, ...others] = dataset.trades;
    expect(demoTraders!.tradingConfirmedAt!.getTime()).toBeLessThan(yearBefore.getTime());
    expect(demoTraders!.tradingCheckSentAt ?? null).toBeNull();

    const asked = others.filter((trade) => trade.tradingCheckSentAt);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ churchId: dataset.demoChurch.id, moderationStatus: 'APPROVED' });
    expect(asked[0]!.tradingCheckSentAt!.getTime()).toBe(options.now.getTime() - 57 * DAY_MS);
    expect(asked[0]!.tradingReminderSentAt!.getTime()).toBe(options.now.getTime() - 27 * DAY_MS);

    for (const trade of others.filter((other) => other.moderationStatus === 'APPROVED' && !other.tradingCheckSentAt)) {
      expect(trade.tradingConfirmedAt!.getTime()).toBeGreaterThan(yearBefore.getTime());
      expect(trade.tradingConfirmedAt!.getTime()).toBeLessThan(options.now.getTime());
    }
  });

  it("gives the demo trader's business enquiries in every folder, one held and one sender blocked, all before the seeding", () => {
    const { enquiries, messages, spamReports, blockedSenders } = dataset.enquiries;
    const demo = enquiries.filter((enquiry) => enquiry.tradeId === dataset.demoBusiness.id);
    const delivered = demo.filter((enquiry) => enquiry.delivery === 'DELIVERED');
    expect(new Set(delivered.map((enquiry) => enquiry.folder))).toEqual(new Set(['NEW', 'ANSWERED', 'ARCHIVED', 'SPAM']));
    expect(delivered.filter((enquiry) => enquiry.folder === 'NEW').map((enquiry) => enquiry.readAt === null)).toEqual(
      expect.arrayContaining([true, false]),
    );
    const answered = delivered.filter((enquiry) => enquiry.folder === 'ANSWERED');
    for (const enquiry of answered) {
      const authors = messages.filter((message) => message.enquiryId === enquiry.id).map((message) => message.author);
      expect(authors).toEqual(expect.arrayContaining(['VISITOR', 'OWNER']));
    }
    expect(demo.filter((enquiry) => enquiry.delivery === 'HELD')).toHaveLength(1);
    const spam = delivered.find((enquiry) => enquiry.folder === 'SPAM')!;
    expect(spamReports).toEqual([expect.objectContaining({ enquiryId: spam.id, churchId: dataset.demoChurch.id })]);
    expect(spamReports[0]!.decision ?? null).toBeNull();
    expect(blockedSenders).toHaveLength(1);
    for (const message of messages) expect(message.createdAt!.getTime()).toBeLessThan(options.now.getTime());
  });

  it('gives several other businesses at least three answered enquiries in the last 90 days, answered in varied times', () => {
    const NINETY_DAYS_MS = 90 * 24 * 60 * 60 * 1000;
    const answered = dataset.enquiries.enquiries.filter(
      (enquiry) =>
        enquiry.tradeId !== dataset.demoBusiness.id &&
        enquiry.firstAnsweredAt &&
        enquiry.deliveredAt!.getTime() > options.now.getTime() - NINETY_DAYS_MS,
    );
    const perBusiness = new Map<string, number>();
    for (const enquiry of answered) perBusiness.set(enquiry.tradeId, (perBusiness.get(enquiry.tradeId) ?? 0) + 1);
    expect([...perBusiness.values()].filter((answers) => answers >= 3).length).toBeGreaterThanOrEqual(5);
    const hours = answered.map((enquiry) => Math.round((enquiry.firstAnsweredAt!.getTime() - enquiry.deliveredAt!.getTime()) / 3_600_000));
    expect(Math.min(...hours)).toBeLessThan(6);
    expect(Math.max(...hours)).toBeGreaterThan(24);
    const received = dataset.enquiries.dailyCounts.reduce((sum, row) => sum + (row.received ?? 0), 0);
    const everyEnquiry = [...dataset.enquiries.enquiries, ...dataset.reviews.enquiries];
    expect(received).toBe(everyEnquiry.filter((enquiry) => enquiry.delivery === 'DELIVERED').length);
  });

  it('writes briefs of 40 to 100 characters', () => {
    for (const trade of dataset.trades) {
      expect(trade.brief?.length, trade.brief).toBeGreaterThanOrEqual(BRIEF_LENGTH.min);
      expect(trade.brief?.length, trade.brief).toBeLessThanOrEqual(BRIEF_LENGTH.max);
    }
  });

  it('never repeats a business name, an e-mail address or an id', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;

    expect(unique(dataset.trades.map((trade) => trade.name))).toBe(true);
    expect(unique(dataset.users.map((user) => user.email.toLowerCase()))).toBe(true);
    expect(unique([...dataset.users, ...dataset.churches, ...dataset.trades].map((row) => row.id))).toBe(true);
  });

  it('fills every template placeholder', () => {
    const texts = dataset.trades.flatMap((trade) => [trade.name, trade.brief ?? '', trade.service ?? '']);

    expect(texts.filter((text) => /[{}]/.test(text))).toEqual([]);
  });

  it('gives about a tenth of the businesses no street address, and most a website', () => {
    const onlineOnly = dataset.trades.length - dataset.addresses.length;
    const withWebsite = dataset.trades.filter((trade) => trade.website).length;

    expect(onlineOnly / dataset.trades.length).toBeGreaterThan(0.04);
    expect(onlineOnly / dataset.trades.length).toBeLessThan(0.16);
    expect(withWebsite / dataset.trades.length).toBeGreaterThan(0.7);
  });
});
