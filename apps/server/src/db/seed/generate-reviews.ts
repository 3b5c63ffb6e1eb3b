import { inboxKey } from '@churchtrades/shared/inbox-key';
import { REVIEW_NOTICE_DAYS, reviewerDisplayName, type ReviewRelation } from '@churchtrades/shared/reviews';
import { textHashOf } from '../../modules/enquiries/service';
import type { reviewNotices, reviewReports, reviews } from '../schema';
import { DEMO_INVITED_REVIEWER } from './demo-people';
import type { UserRow } from './generate-accounts';
import type { EnquiryMessageRow, EnquiryRow } from './generate-enquiries';
import type { TradeRow } from './generate-trades';
import type { Random } from './random';

export type ReviewRow = typeof reviews.$inferInsert & { id: string };
export type ReviewReportRow = typeof reviewReports.$inferInsert;
export type ReviewNoticeRow = typeof reviewNotices.$inferInsert;

export interface DemoReviews {
  /** The answered enquiries the reviews come from, and the demo user's and the uninvited ones. */
  enquiries: EnquiryRow[];
  messages: EnquiryMessageRow[];
  reviews: ReviewRow[];
  reports: ReviewReportRow[];
  notices: ReviewNoticeRow[];
  /** The demo user's answered enquiry they have not reviewed: `/reviews/write?enquiry=<id>` once logged in. */
  reviewableEnquiryId: string;
}

interface ReviewPeople {
  demoBusiness: TradeRow;
  demoChurchId: string;
  /** The demo account of role USER, who asked a business and may review it. */
  demoUser: UserRow;
  /** Who removed a review and set the notice: a decider without a conflict of interest. */
  deciderId: string;
  /** Listed businesses of other owners. */
  others: readonly TradeRow[];
  /** The moment of seeding: every review, answer and enquiry is dated before it. */
  now: Date;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The invitation to review is e-mailed this long after the business's first answer (shared/reviews.ts). */
const INVITATION_MS = 14 * DAY_MS;

const REVIEWERS = [
  ['Margaret Sullivan', 'Parramatta'],
  ['James Oduya', 'Blacktown'],
  ['Chloe Pham', 'Cabramatta'],
  ['Peter Antonelli', 'Five Dock'],
  ['Ruth Abernethy', 'Lane Cove'],
  ['Samuel Tan', 'Burwood'],
  ['Olivia Kowalski', 'Liverpool'],
  ['Ben Carter', 'Manly'],
  ['Anita Joseph', 'Harris Park'],
  ['Isaac Mensah', 'Merrylands'],
  ['Lucy Fitzgerald', 'Randwick'],
  ['Noah Ibrahim', 'Auburn'],
] as const;

const QUESTIONS = [
  'Hello, could you quote for the job we talked about after Mass? Weekday mornings suit us best.',
  'Hi, are you able to come out this month? We found you in the directory and would love some help.',
  'Good afternoon, could you tell me what this would cost roughly and when you could start?',
];

const ANSWERS = [
  'Thanks for your message! I can come on Thursday morning to have a look and give you a price.',
  'Hello, thank you for asking. Yes, we can fit you in next week; I will call you to arrange it.',
];

/** What reviewers of each number of stars say: an opening and a detail, joined. */
const REVIEW_WORDS: Readonly<Record<number, { openings: string[]; details: string[] }>> = {
  5: {
    openings: ['Excellent from start to finish.', 'Could not be happier with the work.', 'Wonderful people to deal with.'],
    details: [
      'They arrived on time, explained everything and left the place spotless.',
      'The price matched the quote exactly and the job was done in a day.',
      'Friendly, honest and careful with our old house. We will call them again.',
    ],
  },
  4: {
    openings: ['Good work at a fair price.', 'Very happy overall.', 'Reliable and friendly.'],
    details: [
      'They were a day later than planned but let us know well ahead.',
      'The job took a little longer than quoted, and the result is very good.',
      'Clear quote, tidy work, and they answered every question we had.',
    ],
  },
  3: {
    openings: ['Mixed experience.', 'The work itself was fine.', 'Okay, but room to improve.'],
    details: [
      'Hard to reach by phone, and we had to ask twice for the invoice.',
      'The result is good, though the clean-up afterwards was left to us.',
    ],
  },
  2: {
    openings: ['Disappointing.', 'Not what we expected.'],
    details: [
      'They came two days late and the price went up from the quote without a word.',
      'The job had to be redone a week later, although they did come back.',
    ],
  },
  1: {
    openings: ['Would not use again.'],
    details: ['Nobody turned up on the agreed day and we were not told why.'],
  },
};

const OWNER_ANSWERS = [
  'Thank you so much for your kind words. It was a pleasure to help, and we hope to see you again.',
  'Thanks for taking the time to write this. We are glad the job went well.',
  'Thank you for the honest feedback. We have changed how we follow up on invoices since.',
];

/** The stars of each business that shows a rating (3 reviews or more); most of them 4 and up. */
const RATED_STARS: readonly (readonly number[])[] = [
  [5, 5, 4, 5, 4],
  [4, 4, 5],
  [5, 5, 5, 4, 5, 5],
  [4, 3, 5, 4],
  [3, 4, 2, 3],
  [5, 4, 4, 4, 5, 3, 4],
  [2, 3, 3, 1],
];
/** Businesses with a review or two: no rating shows yet. */
const FEW_STARS: readonly (readonly number[])[] = [[5], [4, 5], [3]];
const DEMO_BUSINESS_STARS = [5, 4, 5, 4];
const REMOVED_REASON = 'It described work done by another business, not this one.';
const NOTICE_REASON = 'Several reviews of this business were written by people connected to its owner.';
/** How many times the flagged review's report was made: repeats from one network merge into one report. */
export const DEMO_REPEATED_REPORTS = 3;
const HELD_BODY = 'Great service! See photos of the finished kitchen at www.example.com/kitchen-photos before you book.';
const OWNER_NETWORK_BODY = 'The best in the district by far: honest, quick and cheaper than anyone else we asked.';

/**
 * The demo's reviews, each from the sender of an enquiry the business answered at least 8 days before it was
 * written: businesses that show a rating (the demo trader's among them, one review not yet answered), some with a
 * review or two, one with a removed review and its note, one showing the notice for gathering fake reviews; a review
 * held for a link and one written from its business's owner's network, a flagged and reported one at another church than the demo moderator's (theirs to decide), one
 * reported at the demo moderator's own church (theirs only to hold); the demo user's answered enquiry not reviewed
 * yet, and two answered ones whose invitation the job mails at the first start (one of them the demo trader's).
 */
export function buildReviews(random: Random, people: ReviewPeople): DemoReviews {
  const { now } = people;
  const built: DemoReviews = { enquiries: [], messages: [], reviews: [], reports: [], notices: [], reviewableEnquiryId: '' };
  let reviewerNumber = 0;

  function answeredEnquiry(trade: TradeRow, answeredAt: Date, sender: { name: string; email: string; suburb: string; userId?: string }): EnquiryRow {
    const askedAt = new Date(answeredAt.getTime() - random.int(2, 30) * HOUR_MS);
    const question = random.pick(QUESTIONS);
    const row: EnquiryRow = {
      id: random.uuid(),
      tradeId: trade.id,
      sendId: random.uuid(),
      senderUserId: sender.userId ?? null,
      senderName: sender.name,
      senderEmail: sender.email,
      senderEmailKey: inboxKey(sender.email),
      senderSuburb: sender.suburb,
      senderNetwork: `198.51.100.${random.int(1, 254)}`,
      textHash: textHashOf(question),
      delivery: 'DELIVERED',
      folder: 'ANSWERED',
      senderConfirmedAt: askedAt,
      deliveredAt: askedAt,
      readAt: new Date(askedAt.getTime() + HOUR_MS),
      firstAnsweredAt: answeredAt,
      lastMessageAt: answeredAt,
      reviewInvitedAt: answeredAt.getTime() + INVITATION_MS <= now.getTime() ? new Date(answeredAt.getTime() + INVITATION_MS) : null,
      createdAt: askedAt,
    };
    built.enquiries.push(row);
    built.messages.push(
      { enquiryId: row.id, author: 'VISITOR', body: question, createdAt: askedAt },
      { enquiryId: row.id, author: 'OWNER', body: random.pick(ANSWERS), createdAt: answeredAt },
    );
    return row;
  }

  function nextReviewer() {
    const [name, suburb] = REVIEWERS[reviewerNumber % REVIEWERS.length]!;
    reviewerNumber += 1;
    const email = `${name.toLowerCase().replace(' ', '.')}${reviewerNumber}@example.org`;
    return { name, email, suburb };
  }

  function bodyOf(stars: number): string {
    const words = REVIEW_WORDS[stars]!;
    return `${random.pick(words.openings)} ${random.pick(words.details)}`;
  }

  interface ReviewPlan {
    stars: number;
    daysAgo: number;
    answered?: boolean;
    relation?: ReviewRelation;
    edited?: boolean;
    body?: string;
    fields?: Partial<ReviewRow>;
  }

  function review(trade: TradeRow, plan: ReviewPlan): ReviewRow {
    const writtenAt = new Date(now.getTime() - plan.daysAgo * DAY_MS - random.int(0, 20) * HOUR_MS);
    const answeredAt = new Date(writtenAt.getTime() - random.int(8, 20) * DAY_MS);
    const reviewer = nextReviewer();
    const enquiry = answeredEnquiry(trade, answeredAt, reviewer);
    const body = plan.body ?? bodyOf(plan.stars);
    const relation = plan.relation ?? 'CUSTOMER';
    const row: ReviewRow = {
      id: random.uuid(),
      tradeId: trade.id,
      enquiryId: enquiry.id,
      reviewerEmailKey: enquiry.senderEmailKey,
      reviewerName: reviewerDisplayName(enquiry.senderName),
      reviewerNetwork: enquiry.senderNetwork,
      relation,
      sameChurch: relation === 'SAME_CHURCH',
      stars: plan.stars,
      body,
      textHash: textHashOf(body),
      workSuburb: random.chance(0.6) ? reviewer.suburb : null,
      workMonth: answeredAt.toISOString().slice(0, 7),
      status: 'PUBLISHED',
      createdAt: writtenAt,
      editedAt: plan.edited ? new Date(writtenAt.getTime() + 2 * DAY_MS) : null,
      ...(plan.answered
        ? { ownerAnswer: random.pick(OWNER_ANSWERS), ownerAnsweredAt: new Date(writtenAt.getTime() + random.int(3, 40) * HOUR_MS) }
        : {}),
      ...plan.fields,
    };
    built.reviews.push(row);
    return row;
  }

  function report(reviewed: ReviewRow, reason: string, more: { decided?: { decidedBy: string; decidedAt: Date }; timesReported?: number } = {}): void {
    built.reports.push({
      reviewId: reviewed.id,
      reporterNetwork: `192.0.2.${random.int(1, 254)}`,
      reason,
      reportedAt: new Date((reviewed.createdAt as Date).getTime() + random.int(2, 48) * HOUR_MS),
      ...(more.timesReported ? { timesReported: more.timesReported } : {}),
      ...(more.decided ? { decision: 'REMOVED' as const, ...more.decided } : {}),
    });
  }

  const atOtherChurches = people.others.filter((trade) => trade.churchId !== people.demoChurchId);
  const pool = random.shuffle(atOtherChurches);
  const take = () => {
    const trade = pool.pop();
    if (!trade) throw new Error('Too few businesses for the demo reviews');
    return trade;
  };

  // The demo trader's business: answered but the newest, which waits for the owner's answer.
  DEMO_BUSINESS_STARS.forEach((stars, index) =>
    review(people.demoBusiness, { stars, daysAgo: 5 + index * 17, answered: index > 0, edited: index === 2 }),
  );

  const rated = RATED_STARS.map((stars) => {
    const trade = take();
    stars.forEach((star, index) => review(trade, { stars: star, daysAgo: 3 + index * 11 + random.int(0, 6), answered: random.chance(0.4) }));
    return trade;
  });
  // A reviewer of the first rated business's own church says so; the page shows "Same church" beside it.
  review(rated[0]!, { stars: 5, daysAgo: 15, relation: 'SAME_CHURCH', answered: true });
  FEW_STARS.forEach((stars) => {
    const trade = take();
    stars.forEach((star, index) => review(trade, { stars: star, daysAgo: 6 + index * 20 }));
  });

  // A review removed on a report, decided by someone of no conflict of interest: its note shows on the page.
  const removedFrom = take();
  [5, 4, 4].forEach((stars, index) => review(removedFrom, { stars, daysAgo: 12 + index * 15, answered: index === 0 }));
  const removedAt = new Date(now.getTime() - 4 * DAY_MS);
  const removed = review(removedFrom, {
    stars: 1,
    daysAgo: 8,
    fields: { status: 'REMOVED', removedAt, removedReason: REMOVED_REASON, removedBy: people.deciderId },
  });
  report(removed, 'This is about a different plumber; we never used this one.', { decided: { decidedBy: people.deciderId, decidedAt: removedAt } });

  // Reviews from one network, weighed by a moderator, and the notice the business shows for 90 days.
  const caught = take();
  const network = `198.51.100.${random.int(1, 254)}`;
  [5, 5, 5].forEach((stars, index) =>
    review(caught, {
      stars,
      daysAgo: 20 + index,
      fields: { reviewerNetwork: network, flags: ['SAME_NETWORK'], checkedAt: new Date(now.getTime() - 10 * DAY_MS), checkedBy: people.deciderId },
    }),
  );
  const noticeStart = new Date(now.getTime() - 10 * DAY_MS);
  built.notices.push({
    tradeId: caught.id,
    reason: NOTICE_REASON,
    startedAt: noticeStart,
    endsAt: new Date(noticeStart.getTime() + REVIEW_NOTICE_DAYS * DAY_MS),
    setBy: people.deciderId,
  });

  // Held by the automatic checks for its link, waiting for a moderator.
  review(rated[1]!, { stars: 5, daysAgo: 1, body: HELD_BODY, fields: { status: 'HELD', holdReasons: ['LINK'] } });

  // Flagged (two reviews from one network within days) and reported, at a church other than the demo moderator's:
  // its reporter's network reported it again, and the moderator sees how many times.
  const flaggedAt = take();
  review(flaggedAt, { stars: 4, daysAgo: 30 });
  const pairNetwork = `198.51.100.${random.int(1, 254)}`;
  review(flaggedAt, { stars: 5, daysAgo: 4, fields: { reviewerNetwork: pairNetwork } });
  const flagged = review(flaggedAt, { stars: 5, daysAgo: 2, fields: { reviewerNetwork: pairNetwork, flags: ['SAME_NETWORK'] } });
  report(flagged, 'I think the owner asked his relatives to write these.', { timesReported: DEMO_REPEATED_REPORTS });

  // Reported at the demo moderator's own church: they may hold it, another church's moderator decides it.
  const atDemoChurch = people.others.find((trade) => trade.churchId === people.demoChurchId) ?? people.demoBusiness;
  if (atDemoChurch !== people.demoBusiness) [4, 5].forEach((stars, index) => review(atDemoChurch, { stars, daysAgo: 25 + index * 9 }));
  const reported = review(atDemoChurch, { stars: 2, daysAgo: 3 });
  report(reported, 'This reviewer never used the business; they are a competitor.');

  // The demo user asked a business, which answered 9 days ago: they may review it now.
  const demoUserName = `${people.demoUser.firstName} ${people.demoUser.lastName}`;
  built.reviewableEnquiryId = answeredEnquiry(take(), new Date(now.getTime() - 9 * DAY_MS), {
    name: demoUserName,
    email: people.demoUser.email,
    suburb: 'Parramatta',
    userId: people.demoUser.id,
  }).id;
  // Answered over 14 days ago and not invited yet: the invitation job mails them at the first start, one of them
  // to a visitor without an account who asked the demo trader's business.
  const uninvited = [
    answeredEnquiry(people.demoBusiness, new Date(now.getTime() - 16 * DAY_MS), DEMO_INVITED_REVIEWER),
    answeredEnquiry(take(), new Date(now.getTime() - 21 * DAY_MS), nextReviewer()),
  ];
  for (const enquiry of uninvited) enquiry.reviewInvitedAt = null;

  // Held for a moderator because it came from a network the business's owner logged in from; its writer is told
  // only that it waits.
  review(rated[2]!, { stars: 5, daysAgo: 2, body: OWNER_NETWORK_BODY, fields: { status: 'HELD', holdReasons: ['OWNER_NETWORK'] } });
  return built;
}

/**
 * Answered enquiries made before the reviews were (generate-enquiries.ts) as the invitation job leaves them once it
 * has run: invited 14 days after their first answer, so that the first start mails only the demo's chosen ones.
 */
export function invitedWhenDue(rows: readonly EnquiryRow[], now: Date): EnquiryRow[] {
  return rows.map((row) => {
    const answeredAt = row.firstAnsweredAt as Date | null | undefined;
    if (!answeredAt || answeredAt.getTime() + INVITATION_MS > now.getTime()) return row;
    return { ...row, reviewInvitedAt: new Date(answeredAt.getTime() + INVITATION_MS) };
  });
}
