import { z } from 'zod';
import { MESSAGES } from './messages';
import { stateFilterParameterSchema } from './state-schemas';
import { socialMediaEntrySchema } from './trade-dashboard';
import { pageSchema, pagingSchema, tradeCardSchema, typedTextSchema } from './trade-search';

export const MODERATION_PAGE_SIZE = 10;
export const MODERATION_REASON_MAX_LENGTH = 500;

export const MODERATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'UNLISTED'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MODERATION_DECISIONS = ['APPROVE', 'REJECT', 'UNLIST', 'RELIST'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/** Where a business stands for its moderators: its status, and for an approved one whether it changed since. */
export type ModerationStanding = ModerationStatus | 'CHANGED_SINCE_APPROVAL';

/**
 * The decisions that apply to a business as it stands, in the order the moderation screen offers them: a
 * pending one is approved or rejected; a listed one is unlisted, or approved again once a moderator has looked
 * at the owner's changes; an unlisted one is relisted. A rejected one waits for its owner to resubmit it.
 */
export const DECISIONS_BY_STANDING: Readonly<Record<ModerationStanding, readonly ModerationDecision[]>> = {
  PENDING: ['APPROVE', 'REJECT'],
  APPROVED: ['UNLIST'],
  CHANGED_SINCE_APPROVAL: ['APPROVE', 'UNLIST'],
  UNLISTED: ['RELIST'],
  REJECTED: [],
};

export function decisionsFor(trade: {
  status: ModerationStatus;
  changedSinceApproval: boolean;
}): readonly ModerationDecision[] {
  const changed = trade.status === 'APPROVED' && trade.changedSinceApproval;
  return DECISIONS_BY_STANDING[changed ? 'CHANGED_SINCE_APPROVAL' : trade.status];
}

/** The decisions a moderator must explain; the owner's e-mail carries the reason. */
export const DECISIONS_NEEDING_REASON: readonly ModerationDecision[] = ['REJECT', 'UNLIST'];

/** What another business shares with this one, when the queue marks it as a possible duplicate. */
export const DUPLICATE_MATCHES = ['NAME', 'PHONE', 'EMAIL', 'WEBSITE'] as const;
export type DuplicateMatch = (typeof DUPLICATE_MATCHES)[number];

/** '' or absence mean "every church the caller may see". */
const optionalChurchId = z
  .union([z.literal(''), z.uuid({ error: MESSAGES.chooseChurch })], { error: MESSAGES.chooseChurch })
  .optional()
  .transform((id) => (id === '' ? undefined : id))
  .describe("The church's id (a UUID): only its businesses; '' or absence mean every church the caller may see");

/** `GET /api/moderation/queue`: pending and changed-since-approval businesses, oldest submission first. */
export const moderationQueueQuerySchema = z.object({
  ...pagingSchema(MODERATION_PAGE_SIZE),
  churchId: optionalChurchId,
  stateType: stateFilterParameterSchema,
});
export type ModerationQueueQuery = z.infer<typeof moderationQueueQuerySchema>;
export type ModerationQueueParams = z.input<typeof moderationQueueQuerySchema>;

/**
 * `GET /api/moderation/trades`: every business of the churches the caller may see (a priest's church, a
 * moderator's churches, a governor's state, all for administrators), in any status, by name.
 */
export const moderationTradesQuerySchema = z.object({
  ...pagingSchema(MODERATION_PAGE_SIZE),
  churchId: optionalChurchId,
  stateType: stateFilterParameterSchema,
  status: z
    .union([z.literal(''), z.enum(MODERATION_STATUSES)], { error: MESSAGES.chooseModerationStatus })
    .optional()
    .transform((status) => (status === '' ? undefined : status))
    .describe("Only businesses of this moderation status; '' or absence mean any"),
  name: typedTextSchema(100).describe("Part of the business's name, any case; text beyond 100 characters is cut, empty or absent means any"),
  /** 'true': only listed businesses whose owner has not yet answered the still-trading question. */
  aboutToExpire: z
    .enum(['', 'true', 'false'], { error: MESSAGES.chooseAboutToExpire })
    .optional()
    .transform((chosen) => chosen === 'true')
    .describe("true: only listed businesses whose owner has not yet answered the still-trading question; false, '' or absence: all"),
});
export type ModerationTradesQuery = z.infer<typeof moderationTradesQuerySchema>;
export type ModerationTradesParams = z.input<typeof moderationTradesQuerySchema>;

/** `GET /api/moderation/trades/{id}`. */
export const moderationTradeParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.tradeIdRequired }).describe("The business's id (a UUID)") });

/** `PATCH /api/moderation/decide`: a reason is required to reject or unlist. */
export const moderationDecisionSchema = z
  .object({
    tradeId: z.uuid({ error: MESSAGES.tradeIdRequired }),
    decision: z.enum(MODERATION_DECISIONS, { error: MESSAGES.chooseDecision }),
    reason: z
      .string()
      .max(MODERATION_REASON_MAX_LENGTH, { error: MESSAGES.reasonTooLong })
      .optional()
      .transform((reason) => reason?.trim() ?? ''),
  })
  .refine((value) => !DECISIONS_NEEDING_REASON.includes(value.decision) || value.reason.length > 0, {
    error: MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type ModerationDecisionInput = z.infer<typeof moderationDecisionSchema>;
export type ModerationDecisionFormValues = z.input<typeof moderationDecisionSchema>;

/** `PATCH /api/trades/resubmit`: the owner of a rejected business puts it back in the queue. */
export const resubmitTradeSchema = z.object({ tradeId: z.uuid({ error: MESSAGES.tradeIdRequired }) });
export type ResubmitTradeInput = z.infer<typeof resubmitTradeSchema>;

export const duplicateTradeSchema = z.object({
  id: z.string(),
  name: z.string(),
  churchName: z.string(),
  matchedOn: z.array(z.enum(DUPLICATE_MATCHES)),
});
export type DuplicateTrade = z.infer<typeof duplicateTradeSchema>;

/** A business as a moderator (or a priest, read-only) sees it: everything its owner entered. */
export const moderationTradeSchema = z.object({
  id: z.string(),
  name: z.string(),
  brief: z.string(),
  service: z.string(),
  tags: z.string(),
  website: z.string().nullable(),
  logoUri: z.string().nullable(),
  /** The cover picture at the top of the business's page. */
  image: z.string().nullable(),
  stateType: z.string(),
  churchId: z.string(),
  churchName: z.string(),
  mainCategory: z.string().nullable(),
  subCategory: z.string().nullable(),
  atClient: z.boolean(),
  atBusiness: z.boolean(),
  online: z.boolean(),
  enabled: z.boolean(),
  locked: z.boolean(),
  expired: z.boolean(),
  /** In the public directory now. */
  listed: z.boolean(),
  status: z.enum(MODERATION_STATUSES),
  reason: z.string().nullable(),
  changedSinceApproval: z.boolean(),
  submittedAt: z.string(),
  moderatedAt: z.string().nullable(),
  moderatedByName: z.string().nullable(),
  /** The day it leaves the directory unless its owner says it is still trading; null when no question is open. */
  stillTradingExpiresOn: z.string().nullable(),
  owner: z.object({ userId: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  address: z.object({ fullAddress: z.string(), showStreetAddress: z.boolean() }).nullable(),
  socialMedias: z.array(socialMediaEntrySchema),
  /** The search card as the public would see it once listed. */
  card: tradeCardSchema,
  /** Possible duplicates the caller may see: at the churches they reach, or listed in the directory. */
  duplicates: z.array(duplicateTradeSchema),
  /** How many more possible duplicates there are at churches beyond the caller's reach, not listed there. */
  duplicatesElsewhere: z.number().int(),
  /** The caller may approve, reject, unlist or relist it: a moderator of its church who does not own it. */
  mayDecide: z.boolean(),
}).meta({ id: 'ModeratedTrade' });
export type ModerationTrade = z.infer<typeof moderationTradeSchema>;

export const moderationTradePageSchema = pageSchema(moderationTradeSchema).meta({ id: 'ModeratedTradePage' });
export type ModerationTradePage = z.infer<typeof moderationTradePageSchema>;

/** The side list of the queue: how many businesses wait at each church the caller moderates. */
export const moderationChurchCountSchema = z.object({
  churchId: z.string(),
  name: z.string(),
  stateType: z.string(),
  pending: z.number().int(),
  changed: z.number().int(),
});
export type ModerationChurchCount = z.infer<typeof moderationChurchCountSchema>;
