import { z } from 'zod';
import { phoneSchema } from './account';
import { ENQUIRY_MAX_BUSINESSES } from './constants';
import { emailSchema } from './fields';
import { honeypotSchema } from './honeypot';
import { MESSAGES } from './messages';
import { pageSchema, pagingSchema } from './trade-search';

/**
 * Enquiries: a visitor's question to a business, answered through the directory so that neither side publishes an
 * address. A visitor without an account confirms their e-mail address first; the owner reads and answers on the
 * dashboard's Enquiries page; the visitor reads the answers and writes back through a private link.
 */

export { ENQUIRY_MAX_BUSINESSES };
export const ENQUIRY_NAME_MAX_LENGTH = 100;
export const ENQUIRY_SUBURB_MAX_LENGTH = 60;
export const ENQUIRY_MESSAGE_MIN_LENGTH = 10;
export const ENQUIRY_MESSAGE_MAX_LENGTH = 2000;
export const SPAM_REPORT_REASON_MAX_LENGTH = 500;
export const BLOCK_REASON_MAX_LENGTH = 500;
/** Hours a visitor has to confirm their address before the enquiry waiting for it is dropped. */
export const ENQUIRY_CONFIRMATION_HOURS = 48;
/**
 * Days a conversation's private link works after the conversation's last message, whichever side wrote it; then it
 * has lapsed, until the business's next answer (which mails it again).
 */
export const CONVERSATION_LINK_DAYS = 180;
/** Minutes a proof-of-work challenge may be solved and sent in; each is accepted once. */
export const PROOF_OF_WORK_MINUTES = 10;

/** How many sends (each to up to 3 businesses) one sender address, and one network, may make. */
export const ENQUIRY_LIMITS = {
  perAddressPerHour: 5,
  perAddressPerDay: 15,
  perNetworkPerHour: 10,
  /** New enquiries one business receives a day; more wait until tomorrow. */
  perBusinessPerDay: 30,
  /** The same text sent to more businesses than this within `sameTextHours` is held for a moderator. */
  sameTextBusinesses: 3,
  sameTextHours: 24,
} as const;

/**
 * Where an enquiry stands on its way to the business: waiting for the visitor's confirmation, held for a moderator
 * (the same text sent to many businesses), delivered, or dropped (its sender was blocked, or it was never confirmed).
 */
export const ENQUIRY_DELIVERIES = ['UNCONFIRMED', 'HELD', 'DELIVERED', 'DROPPED'] as const;
export type EnquiryDelivery = (typeof ENQUIRY_DELIVERIES)[number];

/** The owner's folders of delivered enquiries. */
export const ENQUIRY_FOLDERS = ['NEW', 'ANSWERED', 'ARCHIVED', 'SPAM'] as const;
export type EnquiryFolder = (typeof ENQUIRY_FOLDERS)[number];

export const ENQUIRY_AUTHORS = ['VISITOR', 'OWNER'] as const;
export type EnquiryAuthor = (typeof ENQUIRY_AUTHORS)[number];

/** What a church's moderators decided about a spam report. */
export const SPAM_REPORT_DECISIONS = ['BLOCKED', 'DISMISSED'] as const;
export type SpamReportDecision = (typeof SPAM_REPORT_DECISIONS)[number];

/** The links a message holds (http, https or www., without the punctuation that ends a sentence), as text; a page makes them clickable only where allowed. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']*[^\s<>"'.,;:!?)]/gi;

/** The message cut into text and link parts, in order, for pages that show links as links or as text. */
export function messageParts(text: string): { text: string; link: boolean }[] {
  const parts: { text: string; link: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), link: false });
    parts.push({ text: match[0], link: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), link: false });
  return parts;
}

/** Plain text of a message: control characters other than line breaks and tabs become spaces; ends trimmed. */
export function plainText(maxLength: number, tooShort: string, tooLong: string, minLength = 1) {
  return z
    .string({ error: tooShort })
    .transform((text) =>
      text
        .replace(/\r\n?/g, '\n')
        .replace(/\p{Cc}/gu, (character) => (character === '\n' || character === '\t' ? character : ' '))
        .trim(),
    )
    .pipe(z.string().min(minLength, { error: tooShort }).max(maxLength, { error: tooLong }));
}

// The bidirectional embeddings, overrides and isolates, and the direction marks: invisible, they reorder what follows
// them on the owner's screen and in mails (a name that shows one thing and says another), and no name needs one.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * One line of plain text, such as a name or a suburb: control characters (line breaks and tabs too) become spaces,
 * bidirectional controls are dropped, ends trimmed.
 */
export function lineOfText(maxLength: number, tooShort: string, tooLong: string) {
  return z
    .string({ error: tooShort })
    .transform((text) => text.replace(/\p{Cc}/gu, ' ').replace(BIDI_CONTROLS, '').trim())
    .pipe(z.string().min(1, { error: tooShort }).max(maxLength, { error: tooLong }));
}

const enquiryMessageSchema = plainText(
  ENQUIRY_MESSAGE_MAX_LENGTH,
  MESSAGES.enquiryMessageTooShort,
  MESSAGES.enquiryMessageTooLong,
  ENQUIRY_MESSAGE_MIN_LENGTH,
);

const replySchema = plainText(ENQUIRY_MESSAGE_MAX_LENGTH, MESSAGES.enquiryReplyRequired, MESSAGES.enquiryMessageTooLong);

/** `GET /api/enquiries/challenge`: a proof-of-work challenge for the widget, as altcha-lib makes it. */
export const proofOfWorkChallengeSchema = z.object({ challenge: z.record(z.string(), z.unknown()) });
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallengeSchema>;

/** The widget's payload (base64 JSON) of a solved challenge, sent with a form by a visitor without a session. */
export const proofOfWorkSchema = z.string().max(10_000, { error: MESSAGES.proofOfWorkFailed }).optional();

/**
 * `POST /api/enquiries`: one message to 1–3 businesses. `proofOfWork` is the widget's payload (base64 JSON); a
 * logged-in sender needs none, and sends from their account's address whatever `email` says.
 */
export const sendEnquirySchema = z.object({
  tradeIds: z
    .array(z.uuid({ error: MESSAGES.tradeIdRequired }), { error: MESSAGES.chooseEnquiryBusinesses })
    .min(1, { error: MESSAGES.chooseEnquiryBusinesses })
    .max(ENQUIRY_MAX_BUSINESSES, { error: MESSAGES.tooManyEnquiryBusinesses })
    .refine((ids) => new Set(ids).size === ids.length, { error: MESSAGES.chooseEnquiryBusinesses }),
  name: lineOfText(ENQUIRY_NAME_MAX_LENGTH, MESSAGES.enquiryNameRequired, MESSAGES.enquiryNameTooLong),
  email: emailSchema,
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  suburb: lineOfText(ENQUIRY_SUBURB_MAX_LENGTH, MESSAGES.enquirySuburbRequired, MESSAGES.enquirySuburbTooLong),
  message: enquiryMessageSchema,
  proofOfWork: proofOfWorkSchema,
  ...honeypotSchema,
});
export type SendEnquiryInput = z.infer<typeof sendEnquirySchema>;
export type SendEnquiryFormValues = z.input<typeof sendEnquirySchema>;

/** What happened to a send: it went (`SENT`), waits for the e-mailed confirmation, or waits for a moderator. */
export const ENQUIRY_SEND_OUTCOMES = ['SENT', 'AWAITING_CONFIRMATION', 'HELD'] as const;
export type EnquirySendOutcome = (typeof ENQUIRY_SEND_OUTCOMES)[number];

/** `data.enquiry` of `POST /api/enquiries` and `POST /api/enquiries/confirm`. */
export const enquirySentSchema = z.object({
  outcome: z.enum(ENQUIRY_SEND_OUTCOMES),
  /** The businesses it went, or will go, to. */
  tradeNames: z.array(z.string()),
});
export type EnquirySent = z.infer<typeof enquirySentSchema>;

const keySchema = z
  .string({ error: MESSAGES.enquiryLinkInvalid })
  .min(1, { error: MESSAGES.enquiryLinkInvalid })
  .max(200, { error: MESSAGES.enquiryLinkInvalid });

/** `POST /api/enquiries/confirm`: the key of the e-mailed confirmation link. */
export const confirmEnquirySchema = z.object({ key: keySchema });
export type ConfirmEnquiryInput = z.infer<typeof confirmEnquirySchema>;

/** One message of a conversation. */
export const enquiryMessageViewSchema = z.object({
  id: z.string(),
  author: z.enum(ENQUIRY_AUTHORS),
  body: z.string(),
  sentAt: z.string(),
}).meta({ id: 'EnquiryMessage' });
export type EnquiryMessageView = z.infer<typeof enquiryMessageViewSchema>;

/** `GET /api/enquiries/conversation?token=`: the visitor's view through the private link. */
export const conversationQuerySchema = z.object({
  token: keySchema.describe("The token of the conversation's private link, mailed to the visitor with the business's answers; 1 to 200 characters"),
});
export const conversationSchema = z.object({
  tradeName: z.string(),
  /** The business's public page, while it is listed. */
  tradeId: z.string().nullable(),
  senderName: z.string(),
  messages: z.array(enquiryMessageViewSchema),
}).meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** `POST /api/enquiries/conversation/messages`: the visitor answers back. */
export const conversationReplySchema = z.object({ token: keySchema, body: replySchema });
export type ConversationReplyInput = z.infer<typeof conversationReplySchema>;
/** `POST /api/enquiries/conversation/revoke`: the link stops working; the next answer brings a new one. */
export const conversationRevokeSchema = z.object({ token: keySchema });

/** A delivered enquiry as its business's owner lists it. */
export const receivedEnquirySummarySchema = z.object({
  id: z.string(),
  senderName: z.string(),
  suburb: z.string(),
  /** The start of the first message. */
  preview: z.string(),
  folder: z.enum(ENQUIRY_FOLDERS),
  read: z.boolean(),
  receivedAt: z.string(),
  lastMessageAt: z.string(),
}).meta({ id: 'ReceivedEnquirySummary' });
export type ReceivedEnquirySummary = z.infer<typeof receivedEnquirySummarySchema>;

/** `GET /api/enquiries/received?folder=&page=&size=`: the owner's business's enquiries of one folder. */
export const receivedEnquiriesQuerySchema = z.object({
  folder: z.enum(ENQUIRY_FOLDERS, { error: MESSAGES.chooseEnquiryFolder }).default('NEW').describe('The folder to list; NEW when absent'),
  ...pagingSchema(20),
});
export type ReceivedEnquiriesQuery = z.input<typeof receivedEnquiriesQuerySchema>;
export const receivedEnquiriesSchema = z.object({
  enquiries: pageSchema(receivedEnquirySummarySchema),
  /** Enquiries in each folder, and unread ones among them. */
  counts: z.record(z.enum(ENQUIRY_FOLDERS), z.object({ total: z.number().int(), unread: z.number().int() })),
});
export type ReceivedEnquiries = z.infer<typeof receivedEnquiriesSchema>;

/** `GET /api/enquiries/received/:id`: one enquiry with its conversation; the sender's address is the owner's alone. */
export const receivedEnquirySchema = receivedEnquirySummarySchema.extend({
  senderEmail: z.string(),
  senderPhone: z.string().nullable(),
  /** Links in the visitor's messages are clickable only once the visitor has confirmed their address. */
  senderConfirmed: z.boolean(),
  messages: z.array(enquiryMessageViewSchema),
  spamReported: z.boolean(),
}).meta({ id: 'ReceivedEnquiry' });
export type ReceivedEnquiry = z.infer<typeof receivedEnquirySchema>;

/** `POST /api/enquiries/received/:id/replies`: the owner's answer, e-mailed to the visitor with the private link. */
export const ownerReplySchema = z.object({ body: replySchema });
export type OwnerReplyInput = z.infer<typeof ownerReplySchema>;

/** `PATCH /api/enquiries/received/:id`: file an enquiry, or mark it read or unread. */
export const updateReceivedEnquirySchema = z
  .object({
    folder: z.enum(['NEW', 'ANSWERED', 'ARCHIVED'], { error: MESSAGES.chooseEnquiryFolder }).optional(),
    read: z.boolean({ error: MESSAGES.enquiryReadFlag }).optional(),
  })
  .refine((change) => change.folder !== undefined || change.read !== undefined, { error: MESSAGES.enquiryChangeRequired });
export type UpdateReceivedEnquiryInput = z.infer<typeof updateReceivedEnquirySchema>;

/** `POST /api/enquiries/received/:id/spam`: files it as spam and reports its sender to the church's moderators. */
export const spamReportSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(SPAM_REPORT_REASON_MAX_LENGTH, { error: MESSAGES.spamReasonTooLong })
    .optional(),
});
export type SpamReportInput = z.infer<typeof spamReportSchema>;

/** A spam report or a held enquiry, as a church's moderators decide on it. */
export const enquiryReviewSchema = z.object({
  /** The spam report's id for a report (what Dismiss takes), the enquiry's for a held one (what Deliver takes). */
  id: z.string(),
  /** The enquiry reported or held: what an administrator's reading of the whole conversation takes. */
  enquiryId: z.string(),
  kind: z.enum(['SPAM_REPORT', 'HELD']),
  tradeId: z.string(),
  tradeName: z.string(),
  churchName: z.string(),
  senderEmail: z.string(),
  /** The reported or held message, as evidence: the rest of the conversation stays private. */
  message: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
  /** Other businesses that reported or were sent the same sender's enquiries lately. */
  relatedCount: z.number().int(),
  senderBlocked: z.boolean(),
});
export type EnquiryReview = z.infer<typeof enquiryReviewSchema>;
export const enquiryReviewsSchema = z.object({ reviews: z.array(enquiryReviewSchema) });

/** `POST /api/moderation/blockedSenders`: no enquiry from this address reaches any business. */
export const blockSenderSchema = z.object({
  email: emailSchema,
  reason: z
    .string({ error: MESSAGES.blockReasonRequired })
    .trim()
    .min(1, { error: MESSAGES.blockReasonRequired })
    .max(BLOCK_REASON_MAX_LENGTH, { error: MESSAGES.blockReasonTooLong }),
  /** The spam report this decides, if any. */
  reportId: z.uuid().optional(),
});
export type BlockSenderInput = z.infer<typeof blockSenderSchema>;

export const blockedSenderSchema = z.object({
  email: z.string(),
  reason: z.string(),
  blockedAt: z.string(),
  blockedByName: z.string().nullable(),
}).meta({ id: 'BlockedSender' });
export type BlockedSender = z.infer<typeof blockedSenderSchema>;
