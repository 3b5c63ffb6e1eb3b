import { z } from 'zod';
import { plainText, proofOfWorkSchema } from './enquiries';
import { honeypotSchema } from './honeypot';
import { MESSAGES } from './messages';
import { STARS } from './rating';
import { pageSchema, pagingSchema, tradeRatingSchema } from './trade-search';

/**
 * Reviews: stars and words from a person who asked a business through the directory and was answered, at least
 * `REVIEW_AFTER_ANSWER_DAYS` days before. One review per person and business; family, employees and the owner may
 * not review. Automatic checks hold a review with links, contact details or profanity, one of a burst, or one
 * written from a network the owner logged in from; anyone may report one; reports are decided by people without a
 * conflict of interest (a moderator of another church, a governor, an administrator); a moderator of the
 * business's own church may only hold a review, for `CHURCH_HOLD_HOURS` hours. A removed review leaves a public
 * note with the date and the reason.
 */

/** Days after the business's first answer from which the person who asked may review it. */
export const REVIEW_AFTER_ANSWER_DAYS = 7;
/** Days after the first answer when the invitation to review is e-mailed (once, to every such person alike). */
export const REVIEW_INVITATION_DAYS = 14;
/** Days a reviewer may edit their review after writing it; an edited review is marked. */
export const REVIEW_EDIT_DAYS = 30;
/** Hours a moderator of the business's own church may hold a review; then it shows again unless decided. */
export const CHURCH_HOLD_HOURS = 48;
/** Days a business caught gathering fake reviews shows the public notice. */
export const REVIEW_NOTICE_DAYS = 90;

export const REVIEW_BODY_MIN_LENGTH = 20;
export const REVIEW_BODY_MAX_LENGTH = 2000;
export const REVIEW_SUBURB_MAX_LENGTH = 60;
export const OWNER_ANSWER_MAX_LENGTH = 1000;
export const REVIEW_REPORT_REASON_MAX_LENGTH = 500;
/** A removal's reason is public: short, and at least a few words. */
export const REMOVAL_REASON_MIN_LENGTH = 5;
export const REMOVAL_REASON_MAX_LENGTH = 300;

/** The automatic checks and signs of manipulation, with the thresholds they use. */
export const REVIEW_CHECKS = {
  /** More new reviews than this for one business within `burstHours` are held. */
  burstReviews: 3,
  burstHours: 24,
  /** Reviews of one business from one network within `networkDays` beyond this raise a flag. */
  networkReviews: 2,
  networkDays: 30,
  /** A reviewer account younger than this many days raises a flag. */
  newAccountDays: 14,
  /** The same text in another review within this many days raises a flag. */
  sameTextDays: 90,
  /** New reports one network may make an hour; a repeat, which merges into an open report, does not count. */
  reportsPerNetworkPerHour: 5,
  /** A review written from a network the business's owner logged in from within this many days is held. */
  ownerNetworkDays: 30,
} as const;

/** How the reviewer knows the business. FAMILY and EMPLOYEE are offered so that the refusal can say why. */
export const REVIEW_RELATIONS = ['CUSTOMER', 'SAME_CHURCH', 'FRIEND', 'FAMILY', 'EMPLOYEE'] as const;
export type ReviewRelation = (typeof REVIEW_RELATIONS)[number];
export const REFUSED_REVIEW_RELATIONS: readonly ReviewRelation[] = ['FAMILY', 'EMPLOYEE'];
export const REVIEW_RELATION_LABELS: Readonly<Record<ReviewRelation, string>> = {
  CUSTOMER: 'I was a customer',
  SAME_CHURCH: 'I was a customer, and we go to the same church',
  FRIEND: 'I was a customer, and I am a friend of the owner',
  FAMILY: 'I am family of the owner',
  EMPLOYEE: 'I work or worked for the business',
};

/** Published (shown), held (by an automatic check or the church's moderator), or removed (its note shows). */
export const REVIEW_STATUSES = ['PUBLISHED', 'HELD', 'REMOVED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why the automatic checks held a review. */
export const REVIEW_HOLD_REASONS = ['LINK', 'CONTACT_DETAILS', 'PROFANITY', 'BURST', 'OWNER_NETWORK', 'REVIEWER_LEFT'] as const;
export type ReviewHoldReason = (typeof REVIEW_HOLD_REASONS)[number];
export const REVIEW_HOLD_REASON_TEXTS: Readonly<Record<ReviewHoldReason, string>> = {
  LINK: 'It holds a link',
  CONTACT_DETAILS: 'It holds a phone number or an e-mail address',
  PROFANITY: 'It holds a word that may offend',
  BURST: 'Many reviews of this business came in one day',
  OWNER_NETWORK: `Written from a network the business's owner logged in from in the last ${REVIEW_CHECKS.ownerNetworkDays} days`,
  REVIEWER_LEFT: 'Its writer deleted their account while it was reported',
};
/**
 * The reasons its reviewer is told; moderators read them all. OWNER_NETWORK is not told: it would say where the
 * owner logs in from, and show whoever writes for the owner how to go unnoticed.
 */
export const REVIEWER_HOLD_REASONS = ['LINK', 'CONTACT_DETAILS', 'PROFANITY', 'BURST'] as const satisfies readonly ReviewHoldReason[];
export type ReviewerHoldReason = (typeof REVIEWER_HOLD_REASONS)[number];

/** Signs of manipulation, raised for moderators; they hold nothing by themselves. */
export const REVIEW_FLAGS = ['SAME_NETWORK', 'NEW_ACCOUNT', 'SAME_TEXT'] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];
export const REVIEW_FLAG_TEXTS: Readonly<Record<ReviewFlag, string>> = {
  SAME_NETWORK: 'Several reviews of this business came from one network',
  NEW_ACCOUNT: 'Written from a new account',
  SAME_TEXT: 'Another review has the same text',
};

/** What a report's decider decided. */
export const REVIEW_REPORT_DECISIONS = ['REMOVED', 'KEPT'] as const;
export type ReviewReportDecision = (typeof REVIEW_REPORT_DECISIONS)[number];

/** "Jane Citizen" shows as "Jane C.": enough to be a person, not enough to be found. */
export function reviewerDisplayName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  if (!first) return 'A customer';
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** The public note a removed review leaves: "A review was removed on <date>: <reason>". */
export function removalNoteText(removedOn: string, reason: string): string {
  return `A review was removed on ${removedOn}: ${reason}`;
}

/**
 * The public notice of a business caught gathering fake reviews, shown for `REVIEW_NOTICE_DAYS` days. The reason's
 * own closing full stop is left out, as a sentence follows it.
 */
export function reviewNoticeText(foundOn: string, reason: string): string {
  return `This business was found gathering fake reviews on ${foundOn}: ${reason.trim().replace(/\.+$/, '')}. Read its reviews with care.`;
}

const monthSchema = z
  .union([z.literal(''), z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MESSAGES.reviewMonthInvalid })], {
    error: MESSAGES.reviewMonthInvalid,
  })
  .optional()
  .transform((month) => (month === '' ? undefined : month));

const starsSchema = z.coerce
  .number({ error: MESSAGES.reviewStarsRequired })
  .int({ error: MESSAGES.reviewStarsRequired })
  .min(1, { error: MESSAGES.reviewStarsRequired })
  .max(5, { error: MESSAGES.reviewStarsRequired });

const reviewBodySchema = plainText(
  REVIEW_BODY_MAX_LENGTH,
  MESSAGES.reviewBodyTooShort,
  MESSAGES.reviewBodyTooLong,
  REVIEW_BODY_MIN_LENGTH,
);

const relationSchema = z
  .enum(REVIEW_RELATIONS, { error: MESSAGES.reviewRelationRequired })
  .refine((relation) => !REFUSED_REVIEW_RELATIONS.includes(relation), { error: MESSAGES.reviewRelationRefused });

/** A conversation link's token (enquiries), for a reviewer without an account. */
const tokenSchema = z
  .string({ error: MESSAGES.enquiryLinkInvalid })
  .min(1, { error: MESSAGES.enquiryLinkInvalid })
  .max(200, { error: MESSAGES.enquiryLinkInvalid });

/**
 * Whose review this is: a logged-in sender names the enquiry (`enquiryId`), anyone else brings the token of their
 * conversation's private link. Exactly one of the two.
 */
const reviewerProofSchema = {
  enquiryId: z
    .uuid({ error: MESSAGES.enquiryNotFound })
    .optional()
    .describe("The id (a UUID) of the logged-in sender's enquiry; give it or token, not both"),
  token: tokenSchema
    .optional()
    .describe("The token of the conversation's private link, 1 to 200 characters, for a reviewer without an account; give it or enquiryId, not both"),
};
function oneProof(proof: { enquiryId?: string; token?: string }): boolean {
  return (proof.enquiryId === undefined) !== (proof.token === undefined);
}

/** `GET /api/reviews/eligibility?enquiryId=` (logged in) or `?token=`: whether, and from when, the person may review. */
export const reviewEligibilityQuerySchema = z
  .object(reviewerProofSchema)
  .refine(oneProof, { error: MESSAGES.reviewProofRequired });
export type ReviewEligibilityQuery = z.infer<typeof reviewEligibilityQuerySchema>;

/**
 * ELIGIBLE: may write now. TOO_SOON: answered, but less than 7 days ago (`eligibleFrom` says when). NOT_ANSWERED:
 * the business has not answered. REVIEWED: this person's review exists (`review` holds it). OWN_BUSINESS: the
 * reviewer is the owner (same account, same e-mail).
 */
export const REVIEW_ELIGIBILITIES = ['ELIGIBLE', 'TOO_SOON', 'NOT_ANSWERED', 'REVIEWED', 'OWN_BUSINESS'] as const;
export type ReviewEligibilityState = (typeof REVIEW_ELIGIBILITIES)[number];

/** A review as its own reviewer sees it (status and the hold reasons they are told), to read and, within 30 days, edit. */
export const ownReviewSchema = z.object({
  id: z.string(),
  tradeId: z.string(),
  stars: z.number().int(),
  body: z.string(),
  relation: z.enum(REVIEW_RELATIONS),
  workSuburb: z.string().nullable(),
  workMonth: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  holdReasons: z.array(z.enum(REVIEWER_HOLD_REASONS)),
  writtenAt: z.string(),
  editedAt: z.string().nullable(),
  /** Until when it may be edited; past it, never. */
  editableUntil: z.string(),
  ownerAnswer: z.string().nullable(),
  removedReason: z.string().nullable(),
}).meta({ id: 'OwnReview' });
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** `data.eligibility` of the eligibility call. */
export const reviewEligibilitySchema = z.object({
  state: z.enum(REVIEW_ELIGIBILITIES),
  tradeId: z.string(),
  tradeName: z.string(),
  /** When TOO_SOON: the first moment the review may be written. */
  eligibleFrom: z.string().nullable(),
  /** When REVIEWED: the person's review. */
  review: ownReviewSchema.nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

/** `POST /api/reviews` (201, `data.review`: OwnReview). */
export const writeReviewSchema = z
  .object({
    ...reviewerProofSchema,
    relation: relationSchema,
    stars: starsSchema,
    body: reviewBodySchema,
    workSuburb: plainText(REVIEW_SUBURB_MAX_LENGTH, MESSAGES.reviewSuburbTooLong, MESSAGES.reviewSuburbTooLong, 0).optional(),
    workMonth: monthSchema,
    ...honeypotSchema,
  })
  .refine(oneProof, { error: MESSAGES.reviewProofRequired });
export type WriteReviewInput = z.infer<typeof writeReviewSchema>;
export type WriteReviewFormValues = z.input<typeof writeReviewSchema>;

/** `PUT /api/reviews/:id` (200, `data.review`): the reviewer's edit within 30 days; `token` for a reviewer without an account. */
export const editReviewSchema = z.object({
  token: tokenSchema.optional(),
  relation: relationSchema,
  stars: starsSchema,
  body: reviewBodySchema,
  workSuburb: plainText(REVIEW_SUBURB_MAX_LENGTH, MESSAGES.reviewSuburbTooLong, MESSAGES.reviewSuburbTooLong, 0).optional(),
  workMonth: monthSchema,
});
export type EditReviewInput = z.infer<typeof editReviewSchema>;

/** A published review as every visitor sees it. */
export const publicReviewSchema = z.object({
  id: z.string(),
  reviewerName: z.string(),
  stars: z.number().int(),
  body: z.string(),
  relation: z.enum(REVIEW_RELATIONS),
  /** The reviewer said so, or their account is a member of the business's church: shown as "Same church". */
  sameChurch: z.boolean(),
  workSuburb: z.string().nullable(),
  workMonth: z.string().nullable(),
  writtenAt: z.string(),
  /** Set when the reviewer edited it: shown as "Edited". */
  editedAt: z.string().nullable(),
  ownerAnswer: z.string().nullable(),
  ownerAnsweredAt: z.string().nullable(),
}).meta({ id: 'Review' });
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A removed review's public note. */
export const removalNoteSchema = z.object({ removedAt: z.string(), reason: z.string() });
export type RemovalNote = z.infer<typeof removalNoteSchema>;

/** The notice a business caught gathering fake reviews shows for 90 days. */
export const reviewNoticeSchema = z.object({ startedAt: z.string(), endsAt: z.string(), reason: z.string() });
export type ReviewNotice = z.infer<typeof reviewNoticeSchema>;

/** Reviews a business page shows at first (a page of its reviews), and its JSON-LD marks up: the newest. */
export const REVIEWS_PAGE_SIZE = 10;

/** `GET /api/trades/:id/reviews?stars=&page=&size=`: a listed business's reviews, newest first. */
export const tradeReviewsQuerySchema = z.object({
  stars: z
    .union([z.literal(''), z.enum(STARS.map(String) as [string, ...string[]], { error: MESSAGES.reviewStarsFilter })], {
      error: MESSAGES.reviewStarsFilter,
    })
    .optional()
    .transform((stars) => (stars === '' || stars === undefined ? undefined : Number(stars)))
    .describe(`Only reviews of this many stars, ${STARS[0]} to ${STARS[STARS.length - 1]}; '' or absence mean any`),
  ...pagingSchema(REVIEWS_PAGE_SIZE),
});
export type TradeReviewsQuery = z.infer<typeof tradeReviewsQuerySchema>;
export type TradeReviewsParams = z.input<typeof tradeReviewsQuerySchema>;

/** `data` of `GET /api/trades/:id/reviews`. */
export const tradeReviewsSchema = z.object({
  /** Null below `REVIEWS_SHOWN_FROM` published reviews. */
  rating: tradeRatingSchema.nullable(),
  /** Published reviews of each number of stars, keyed "1".."5" (for the filter's counts). */
  starCounts: z.record(z.string(), z.number().int()),
  /** Reviews waiting for a moderator: counted openly, never silently missing. */
  waitingCount: z.number().int(),
  reviews: pageSchema(publicReviewSchema),
  /** Every removed review's note, newest first. */
  removalNotes: z.array(removalNoteSchema),
  notice: reviewNoticeSchema.nullable(),
}).meta({ id: 'TradeReviews' });
export type TradeReviews = z.infer<typeof tradeReviewsSchema>;

/** `POST /api/reviews/:id/answer` (200, `data.review`: PublicReview): the owner's one public answer. */
export const ownerAnswerSchema = z.object({
  body: plainText(OWNER_ANSWER_MAX_LENGTH, MESSAGES.ownerAnswerRequired, MESSAGES.ownerAnswerTooLong),
});
export type OwnerAnswerInput = z.infer<typeof ownerAnswerSchema>;

/** `GET /api/reviews/received?page=&size=`: the owner's business's published reviews (`data.reviews`: Page<PublicReview>). */
export const receivedReviewsQuerySchema = z.object({ ...pagingSchema(20) });

/**
 * `POST /api/reviews/:id/reports` (201, `data`: `{}`): anyone's report; the reason is required, and a visitor without
 * a session brings `proofOfWork`, the widget's payload. A repeat from the network or the address of an open report
 * adds to its count, answered as a first report is.
 */
export const reviewReportSchema = z.object({
  reason: plainText(REVIEW_REPORT_REASON_MAX_LENGTH, MESSAGES.reviewReportReasonRequired, MESSAGES.reviewReportReasonTooLong),
  proofOfWork: proofOfWorkSchema,
  ...honeypotSchema,
});
export type ReviewReportInput = z.infer<typeof reviewReportSchema>;

/** A review as moderators weigh it, with what each caller may do about it. */
export const moderatedReviewSchema = z.object({
  id: z.string(),
  tradeId: z.string(),
  tradeName: z.string(),
  churchName: z.string(),
  reviewerName: z.string(),
  stars: z.number().int(),
  body: z.string(),
  relation: z.enum(REVIEW_RELATIONS),
  sameChurch: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  holdReasons: z.array(z.enum(REVIEW_HOLD_REASONS)),
  flags: z.array(z.enum(REVIEW_FLAGS)),
  /** When a moderator of the business's church holds it: until then. */
  churchHoldUntil: z.string().nullable(),
  writtenAt: z.string(),
  editedAt: z.string().nullable(),
  /**
   * One per reporter (a network, or an account's address), oldest first, with the first reason given and how many
   * times it was made: repeats merge into it.
   */
  openReports: z.array(z.object({ id: z.string(), reason: z.string(), reportedAt: z.string(), timesReported: z.number().int() })),
  /** Remove or keep: a moderator of another church, a governor or an administrator. */
  mayDecide: z.boolean(),
  /** Hold for 48 hours: a moderator of the business's own church, once per review. */
  mayHold: z.boolean(),
  /** The business already shows a notice for gathering fake reviews. */
  tradeNoticeUntil: z.string().nullable(),
}).meta({ id: 'ModeratedReview' });
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;
/** `GET /api/moderation/reviews`: reported, held and flagged reviews (`data.reviews`). */
export const moderatedReviewsSchema = z.object({ reviews: z.array(moderatedReviewSchema) });

const removalReasonSchema = z
  .string({ error: MESSAGES.removalReasonRequired })
  .trim()
  .min(REMOVAL_REASON_MIN_LENGTH, { error: MESSAGES.removalReasonRequired })
  .max(REMOVAL_REASON_MAX_LENGTH, { error: MESSAGES.removalReasonTooLong });

/** `POST /api/moderation/reviews/:id/remove`: removed, its reason shown publicly in the note. */
export const removeReviewSchema = z.object({ reason: removalReasonSchema });
export type RemoveReviewInput = z.infer<typeof removeReviewSchema>;

/** `POST /api/moderation/trades/:id/reviewNotice`: the 90-day public notice; its reason is public too. */
export const reviewNoticeInputSchema = z.object({ reason: removalReasonSchema });
export type ReviewNoticeInput = z.infer<typeof reviewNoticeInputSchema>;
