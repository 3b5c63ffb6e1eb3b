import { inboxKey } from '@churchtrades/shared/inbox-key';
import { textHashOf } from '../../modules/enquiries/service';
import { sydneyDay } from '../../modules/enquiries/repo';
import type { blockedSenders, enquiries, enquiryDailyCounts, enquiryMessages, enquirySpamReports } from '../schema';
import type { TradeRow } from './generate-trades';
import type { Random } from './random';

export type EnquiryRow = typeof enquiries.$inferInsert & { id: string };
export type EnquiryMessageRow = typeof enquiryMessages.$inferInsert;
export type EnquirySpamReportRow = typeof enquirySpamReports.$inferInsert;
export type BlockedSenderRow = typeof blockedSenders.$inferInsert;
export type EnquiryDailyCountRow = typeof enquiryDailyCounts.$inferInsert;

export interface DemoEnquiries {
  enquiries: EnquiryRow[];
  messages: EnquiryMessageRow[];
  spamReports: EnquirySpamReportRow[];
  blockedSenders: BlockedSenderRow[];
  dailyCounts: EnquiryDailyCountRow[];
}

interface EnquiryPeople {
  demoBusiness: TradeRow;
  demoChurchId: string;
  demoTraderId: string;
  demoModeratorId: string;
  /** Listed businesses of other owners, some of which get answered enquiries. */
  others: readonly TradeRow[];
  /** The moment of seeding: every enquiry is dated before it. */
  now: Date;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Other businesses with answered enquiries in the last 90 days, so their pages show how quickly they reply. */
const BUSINESSES_WITH_REPLY_TIMES = 8;

const VISITORS = [
  ['Grace Nguyen', 'Parramatta'],
  ['Tom Fletcher', 'Chatswood'],
  ['Priya Raman', 'Epping'],
  ['Luke Morrison', 'Castle Hill'],
  ['Hannah Brooks', 'Ryde'],
  ['Daniel Okafor', 'Hornsby'],
  ['Sophie Tran', 'Strathfield'],
  ['Michael Haddad', 'Bankstown'],
  ['Emily Walsh', 'Penrith'],
  ['Josh Kim', 'Marrickville'],
] as const;

const QUESTIONS = [
  'Hello, could you give me a quote for the work you do? We are free most weekday afternoons.',
  'Hi there, are you taking on new customers at the moment? A friend from church recommended you.',
  'Good morning. What would it cost roughly, and how soon could you start? Thanks so much.',
  'Hi, do you come out to our suburb? We would like someone reliable for a small job next month.',
  'Hello, could you send me your prices? We are comparing a couple of businesses from the directory.',
];

const ANSWERS = [
  'Thanks for getting in touch! Yes, we can help. I will call you tomorrow to arrange a time.',
  'Hello, thanks for your enquiry. Our prices start from $120; happy to come and have a look first.',
  'Thank you for asking. We can start in two weeks; let me know a day that suits you.',
];

const THANKS = 'Thank you, that sounds good. Tuesday afternoon works for us.';

/** What the demo trader's business has in each folder of its Enquiries page, newest first. */
const DEMO_INBOX = [
  { folder: 'NEW', read: false, hoursAgo: 3, answers: 0 },
  { folder: 'NEW', read: false, hoursAgo: 20, answers: 0 },
  { folder: 'NEW', read: true, hoursAgo: 50, answers: 0 },
  { folder: 'ANSWERED', read: true, hoursAgo: 96, answers: 1 },
  { folder: 'ANSWERED', read: true, hoursAgo: 240, answers: 2 },
  { folder: 'ARCHIVED', read: true, hoursAgo: 600, answers: 1 },
  { folder: 'SPAM', read: true, hoursAgo: 30, answers: 0 },
] as const;

const SPAM_TEXT = 'CHEAP WATCHES and followers for your business!!! Visit www.example-spam.test now for a 90% discount.';

/**
 * The demo's enquiries, dated before the moment of seeding: the demo trader's business has some in every folder
 * (new read and unread, answered both ways, archived, spam with an open report for the demo church's moderators),
 * one held for a moderator and one sender blocked; and a few other businesses have enough answered ones in the
 * last 90 days for their pages to say how quickly they reply.
 */
export function buildEnquiries(random: Random, people: EnquiryPeople): DemoEnquiries {
  const { now } = people;
  const built: DemoEnquiries = { enquiries: [], messages: [], spamReports: [], blockedSenders: [], dailyCounts: [] };

  function enquiry(
    trade: TradeRow,
    at: Date,
    fields: { folder: EnquiryRow['folder']; delivery?: EnquiryRow['delivery']; read: boolean; message: string; answers: number; answerHours?: number },
  ): EnquiryRow {
    const [name, suburb] = random.pick(VISITORS);
    const email = `${name.toLowerCase().replace(' ', '.')}${random.int(1, 99)}@example.org`;
    const delivered = (fields.delivery ?? 'DELIVERED') === 'DELIVERED';
    const messages: EnquiryMessageRow[] = [];
    let last = at;
    const row: EnquiryRow = {
      id: random.uuid(),
      tradeId: trade.id,
      sendId: random.uuid(),
      senderName: name,
      senderEmail: email,
      senderEmailKey: inboxKey(email),
      senderPhone: random.chance(0.6) ? `04${random.int(10, 99)} ${random.int(100, 999)} ${random.int(100, 999)}` : null,
      senderSuburb: suburb,
      senderNetwork: `203.0.113.${random.int(1, 254)}`,
      textHash: textHashOf(fields.message),
      delivery: fields.delivery ?? 'DELIVERED',
      folder: fields.folder,
      senderConfirmedAt: at,
      deliveredAt: delivered ? at : null,
      readAt: fields.read ? new Date(at.getTime() + HOUR_MS) : null,
      createdAt: at,
    };
    messages.push({ enquiryId: row.id, author: 'VISITOR', body: fields.message, createdAt: at });
    for (let answer = 0; answer < fields.answers; answer += 1) {
      const hours = answer === 0 ? (fields.answerHours ?? random.int(2, 30)) : random.int(2, 20);
      last = new Date(last.getTime() + hours * HOUR_MS);
      if (answer === 0) row.firstAnsweredAt = last;
      messages.push({ enquiryId: row.id, author: 'OWNER', body: ANSWERS[answer % ANSWERS.length]!, createdAt: last });
      if (answer < fields.answers - 1) {
        last = new Date(last.getTime() + random.int(1, 10) * HOUR_MS);
        messages.push({ enquiryId: row.id, author: 'VISITOR', body: THANKS, createdAt: last });
      }
    }
    row.lastMessageAt = last;
    built.enquiries.push(row);
    built.messages.push(...messages);
    return row;
  }

  for (const entry of DEMO_INBOX) {
    const at = new Date(now.getTime() - entry.hoursAgo * HOUR_MS);
    const message = entry.folder === 'SPAM' ? SPAM_TEXT : random.pick(QUESTIONS);
    const row = enquiry(people.demoBusiness, at, { folder: entry.folder, read: entry.read, message, answers: entry.answers });
    if (entry.folder !== 'SPAM') continue;
    built.spamReports.push({
      enquiryId: row.id,
      churchId: people.demoChurchId,
      reportedBy: people.demoTraderId,
      reason: 'Advertising, not a question about my business.',
      reportedAt: new Date(at.getTime() + 2 * HOUR_MS),
    });
  }
  enquiry(people.demoBusiness, new Date(now.getTime() - 5 * HOUR_MS), {
    folder: 'NEW',
    delivery: 'HELD',
    read: false,
    message: 'We offer a free website audit for every local business. Reply to claim yours today.',
    answers: 0,
  });
  built.blockedSenders.push({
    emailKey: 'bulk.offers@example.net',
    reason: 'Sent the same advertisement to many businesses of the church.',
    blockedBy: people.demoModeratorId,
    blockedAt: new Date(now.getTime() - 12 * DAY_MS),
  });

  for (const trade of people.others.slice(0, BUSINESSES_WITH_REPLY_TIMES)) {
    // Each business answers in its own usual time, from within the hour to a couple of days.
    const usualHours = random.pick([1, 4, 12, 30, 60]);
    for (let index = random.int(3, 6); index > 0; index -= 1) {
      const at = new Date(now.getTime() - random.int(6, 85) * DAY_MS - random.int(0, 23) * HOUR_MS);
      const answerHours = Math.max(1, Math.round(usualHours * (0.5 + random.next())));
      const folder = random.chance(0.3) ? 'ARCHIVED' : 'ANSWERED';
      enquiry(trade, at, { folder, read: true, message: random.pick(QUESTIONS), answers: random.int(1, 2), answerHours });
    }
  }
  built.dailyCounts = dailyCountsOf(built.enquiries);
  return built;
}

/** What each business received and answered per day (Australia/Sydney), as sending and answering count them. */
export function dailyCountsOf(rows: readonly EnquiryRow[]): EnquiryDailyCountRow[] {
  const counts = new Map<string, EnquiryDailyCountRow>();
  function count(tradeId: string, at: Date, field: 'received' | 'answered'): void {
    const key = `${tradeId}:${sydneyDay(at)}`;
    const row = counts.get(key) ?? { tradeId, day: sydneyDay(at), received: 0, answered: 0 };
    row[field] = (row[field] ?? 0) + 1;
    counts.set(key, row);
  }
  for (const row of rows) {
    if (row.delivery === 'DELIVERED') count(row.tradeId, row.createdAt as Date, 'received');
    if (row.firstAnsweredAt) count(row.tradeId, row.firstAnsweredAt as Date, 'answered');
  }
  return [...counts.values()];
}
