import { createHash, randomUUID } from 'node:crypto';
import {
  type Conversation,
  ENQUIRY_CONFIRMATION_HOURS,
  ENQUIRY_LIMITS,
  type EnquirySent,
  type SendEnquiryInput,
} from '@churchtrades/shared/enquiries';
import { inboxKey } from '@churchtrades/shared/inbox-key';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError, TooManyRequestsError } from '../../http/app-error';
import { hashToken, isToken, newToken } from '../../tokens';
import { type MailSender, recipientOf } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import { networkOf, type RateLimiter, type RateLimitRule } from '../rate-limits/service';
import type { ModerationService } from '../moderation/service';
import type { SignedInUser } from '../sessions/service';
import { type ConversationLink, type ConversationLinks, linkLapseCutoff } from './conversation-link';
import { enquiryConfirmationMail, newEnquiryMail, visitorAnsweredMail } from './mails';
import type { ProofsOfWork } from './proof-of-work';
import type { EnquiredTrade, EnquiryRepo } from './repo';

export interface EnquiryServiceDependencies {
  repo: EnquiryRepo;
  proofs: ProofsOfWork;
  links: ConversationLinks;
  rateLimits: RateLimiter;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
  /** Whether a moderator may decide on the business (moderation module): the rule releasing a held enquiry follows. */
  moderation: Pick<ModerationService, 'mayDecideOn'>;
}

/** Who sends, and from where: a logged-in user, or anyone. */
export interface EnquirySenderContext {
  user: SignedInUser | undefined;
  address: string;
}

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;
const DAY_MS = 24 * HOUR_MS;
/** Used and lapsed confirmation keys are kept a week, so a late click is told "used or expired", not "not ours". */
export const CONFIRMATION_KEYS_KEPT_MS = 7 * DAY_MS;

const SENDS_PER_ADDRESS_HOUR: RateLimitRule = { name: 'enquiry-address-hour', limit: ENQUIRY_LIMITS.perAddressPerHour, windowMs: HOUR_MS, decision: 'ENQUIRY_LIMITS' };
const SENDS_PER_ADDRESS_DAY: RateLimitRule = { name: 'enquiry-address-day', limit: ENQUIRY_LIMITS.perAddressPerDay, windowMs: DAY_MS, decision: 'ENQUIRY_LIMITS' };
const SENDS_PER_NETWORK_HOUR: RateLimitRule = { name: 'enquiry-network-hour', limit: ENQUIRY_LIMITS.perNetworkPerHour, windowMs: HOUR_MS, decision: 'ENQUIRY_LIMITS' };
/** A visitor writes back at most this often through one conversation's link. */
export const VISITOR_MESSAGES_PER_HOUR: RateLimitRule = { name: 'enquiry-visitor-message', limit: 10, windowMs: HOUR_MS, decision: 'ENQUIRY_LIMITS' };

/** What the same-text rule compares: the message's words in lower case, so spacing and capitals change nothing. */
export function textHashOf(message: string): string {
  const words = message.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return createHash('sha256').update(words.join(' ')).digest('hex');
}

function outcomeMessage(outcome: EnquirySent['outcome']): string {
  const messages = { SENT: MESSAGES.enquirySent, AWAITING_CONFIRMATION: MESSAGES.enquiryAwaitingConfirmation, HELD: MESSAGES.enquiryHeld };
  return messages[outcome];
}

/**
 * Enquiries on their way to a business: sent by a visitor (a proof of work, or a session), confirmed by the
 * e-mailed link, held when the same text goes to many businesses, delivered with a mail to the owner; and the
 * visitor's side of the conversation through the private link.
 */
export function createEnquiryService(deps: EnquiryServiceDependencies) {
  const { repo, proofs, links, rateLimits, mail, sender, clock, transactions } = deps;

  /**
   * The widget's payload checked and spent, so that it proves one form: refused 400 when missing, not solved, or
   * spent already. The other forms a visitor sends without a session (a review's report) take the same proof.
   */
  async function spendProof(proofOfWork: string | undefined): Promise<void> {
    if (proofOfWork === undefined) throw new AppError('BAD_REQUEST', MESSAGES.proofOfWorkFailed, { field: 'proofOfWork' });
    const proof = await proofs.verify(proofOfWork);
    if (!(await repo.spendProof(proof.signature, proof.expiresAt))) {
      throw new AppError('BAD_REQUEST', MESSAGES.proofOfWorkUsed, { field: 'proofOfWork' });
    }
  }

  /** The sender's address, and whether it is proved: a logged-in user's account's, else the one typed. */
  async function senderAddress(user: SignedInUser | undefined, typed: string): Promise<{ email: string; proved: boolean }> {
    const account = user && (await repo.account(user.userId));
    if (!account) return { email: typed, proved: false };
    return { email: account.email, proved: account.emailVerifiedAt !== null };
  }

  async function listedTrades(tradeIds: string[], user: SignedInUser | undefined): Promise<EnquiredTrade[]> {
    const found = await repo.tradesOf(tradeIds);
    if (found.length < tradeIds.length) throw new AppError('NOT_FOUND', MESSAGES.enquiryBusinessUnavailable, { field: 'tradeIds' });
    if (found.some((trade) => !trade.listed)) throw new AppError('CONFLICT', MESSAGES.enquiryBusinessUnavailable, { field: 'tradeIds' });
    if (user && found.some((trade) => trade.ownerId === user.userId)) throw new AppError('FORBIDDEN', MESSAGES.enquiryOwnBusiness);
    return tradeIds.map((id) => found.find((trade) => trade.id === id)!);
  }

  async function assertNotBlocked(emailKey: string): Promise<void> {
    if (await repo.isBlocked(emailKey)) throw new AppError('FORBIDDEN', MESSAGES.enquirySenderBlocked);
  }

  /** A business that got its day's share of new enquiries takes more tomorrow. */
  async function assertBusinessesTakeMore(tradeIds: string[]): Promise<void> {
    const now = clock();
    const received = await repo.receivedSince(tradeIds, new Date(now.getTime() - DAY_MS));
    const full = received.find((row) => row.received >= ENQUIRY_LIMITS.perBusinessPerDay);
    if (!full?.first) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((full.first.getTime() + DAY_MS - now.getTime()) / SECOND_MS));
    throw new TooManyRequestsError(MESSAGES.enquiryBusinessBusy, retryAfterSeconds);
  }

  async function assertSenderMaySend(emailKey: string, network: string): Promise<void> {
    await rateLimits.assertBelowLimit(SENDS_PER_ADDRESS_HOUR, emailKey);
    await rateLimits.assertBelowLimit(SENDS_PER_ADDRESS_DAY, emailKey);
    await rateLimits.assertBelowLimit(SENDS_PER_NETWORK_HOUR, network);
  }

  async function countSend(emailKey: string, network: string): Promise<void> {
    await rateLimits.countAttempt(SENDS_PER_ADDRESS_HOUR, emailKey);
    await rateLimits.countAttempt(SENDS_PER_ADDRESS_DAY, emailKey);
    await rateLimits.countAttempt(SENDS_PER_NETWORK_HOUR, network);
  }

  /** Whether the text went to more businesses than the rule allows lately, this send's included. */
  async function sameTextTooWide(textHash: string): Promise<boolean> {
    const since = new Date(clock().getTime() - ENQUIRY_LIMITS.sameTextHours * HOUR_MS);
    return (await repo.businessesSentText(textHash, since)) > ENQUIRY_LIMITS.sameTextBusinesses;
  }

  /**
   * Delivers enquiries waiting for their confirmation or a moderator: DELIVERED, counted for the day, and mailed
   * to each business's owner, in the caller's transaction.
   */
  async function deliver(ids: string[]): Promise<string[]> {
    const now = clock();
    const delivered = await repo.deliver(ids, now);
    for (const enquiry of delivered) {
      const [first] = await repo.messagesOf(enquiry.id);
      const to = recipientOf({ email: enquiry.ownerEmail, firstName: enquiry.ownerFirstName, emailVerifiedAt: enquiry.ownerEmailVerifiedAt });
      const visitor = { name: enquiry.senderName, suburb: enquiry.senderSuburb, email: enquiry.senderEmail, phone: enquiry.senderPhone };
      await mail.queue(newEnquiryMail(sender, to, { id: enquiry.id, tradeName: enquiry.tradeName, visitor, message: first?.body ?? '' }));
    }
    return delivered.map((enquiry) => enquiry.tradeName);
  }

  /** Delivers the confirmed (or logged-in) sender's enquiries, or holds them when the same text went too wide. */
  async function deliverOrHold(ids: string[], textHash: string): Promise<EnquirySent['outcome']> {
    if (await sameTextTooWide(textHash)) {
      await repo.move(ids, ['UNCONFIRMED'], 'HELD', { senderConfirmedAt: clock() });
      return 'HELD';
    }
    await deliver(ids);
    return 'SENT';
  }

  /**
   * The enquiry the link opens, while the link holds; refused as forged, as stopped, or as lapsed (no message for
   * CONVERSATION_LINK_DAYS days: a link found in an old mailbox opens nothing).
   */
  async function linkedEnquiry(token: string): Promise<{ link: ConversationLink; enquiry: NonNullable<Awaited<ReturnType<EnquiryRepo['find']>>> }> {
    const link = links.linkOf(token);
    const enquiry = link ? await repo.find(link.enquiryId) : undefined;
    if (!link || !enquiry || enquiry.delivery !== 'DELIVERED') throw new AppError('NOT_FOUND', MESSAGES.enquiryLinkInvalid);
    if (enquiry.linkVersion !== link.version || enquiry.linkRevokedAt !== null) {
      throw new AppError('CONFLICT', MESSAGES.enquiryLinkRevoked);
    }
    if (enquiry.lastMessageAt <= linkLapseCutoff(clock())) throw new AppError('GONE', MESSAGES.enquiryLinkLapsed);
    return { link, enquiry };
  }

  return {
    challenge: () => proofs.challenge(),

    spendProof,

    outcomeMessage,

    /**
     * One message to 1–3 listed businesses. Anyone proves work and confirms their address by e-mail first; a
     * logged-in user with a proved address sends at once, from it.
     */
    async send(context: EnquirySenderContext, input: SendEnquiryInput): Promise<EnquirySent> {
      if (!context.user) await spendProof(input.proofOfWork);
      const trades = await listedTrades(input.tradeIds, context.user);
      const address = await senderAddress(context.user, input.email);
      const emailKey = inboxKey(address.email);
      const network = networkOf(context.address);
      await assertNotBlocked(emailKey);
      await assertSenderMaySend(emailKey, network);
      await assertBusinessesTakeMore(input.tradeIds);

      const now = clock();
      const sendId = randomUUID();
      const textHash = textHashOf(input.message);
      const rows = trades.map((trade) => ({
        tradeId: trade.id,
        sendId,
        senderUserId: context.user?.userId ?? null,
        senderName: input.name,
        senderEmail: address.email,
        senderEmailKey: emailKey,
        senderPhone: input.phone || null,
        senderSuburb: input.suburb,
        senderNetwork: network,
        textHash,
        delivery: 'UNCONFIRMED' as const,
        lastMessageAt: now,
        createdAt: now,
      }));
      const tradeNames = trades.map((trade) => trade.name);
      const outcome = await transactions.run(async () => {
        const ids = await repo.insertSend(rows, input.message, now);
        await countSend(emailKey, network);
        if (address.proved) return deliverOrHold(ids, textHash);
        const key = newToken();
        await repo.insertConfirmation(hashToken(key), sendId, now, new Date(now.getTime() + ENQUIRY_CONFIRMATION_HOURS * HOUR_MS));
        await mail.queue(enquiryConfirmationMail(sender, { email: address.email }, tradeNames, key));
        return 'AWAITING_CONFIRMATION' as const;
      });
      return { outcome, tradeNames };
    },

    /** The e-mailed key: once, in time, it confirms the visitor's address and sends the enquiry. */
    async confirm(key: string): Promise<EnquirySent> {
      const keyHash = hashToken(key);
      const confirmation = isToken(key) ? await repo.findConfirmation(keyHash) : undefined;
      if (!confirmation) throw new AppError('NOT_FOUND', MESSAGES.enquiryLinkInvalid);
      return transactions.run(async () => {
        if (!(await repo.useConfirmation(keyHash, clock()))) throw new AppError('CONFLICT', MESSAGES.enquiryLinkUsed);
        const waiting = await repo.sendEnquiries(confirmation.sendId, 'UNCONFIRMED');
        const [first] = waiting;
        if (!first) throw new AppError('CONFLICT', MESSAGES.enquiryLinkUsed);
        if (await repo.isBlocked(first.senderEmailKey)) {
          await repo.move(waiting.map((row) => row.id), ['UNCONFIRMED'], 'DROPPED');
          return { outcome: 'SENT' as const, tradeNames: [], blocked: true };
        }
        // A business that left the directory since the send is not written to.
        const gone = waiting.filter((row) => !row.listed);
        const going = waiting.filter((row) => row.listed);
        await repo.move(gone.map((row) => row.id), ['UNCONFIRMED'], 'DROPPED');
        const outcome = await deliverOrHold(going.map((row) => row.id), first.textHash);
        return { outcome, tradeNames: going.map((row) => row.tradeName), blocked: false };
      }).then(({ blocked, ...sent }) => {
        // The key stays used and the enquiries dropped: the refusal is told after they are committed.
        if (blocked) throw new AppError('FORBIDDEN', MESSAGES.enquirySenderBlocked);
        return sent;
      });
    },

    /** A held enquiry delivered by whoever moderates its business's church (never its owner). */
    async release(user: SignedInUser, enquiryId: string): Promise<void> {
      const enquiry = await repo.find(enquiryId);
      if (!enquiry) throw new AppError('NOT_FOUND', MESSAGES.enquiryNotFound);
      if (!(await deps.moderation.mayDecideOn(user, enquiry.tradeId))) throw new AppError('FORBIDDEN', MESSAGES.notYourChurchsEnquiry);
      if (enquiry.delivery !== 'HELD') throw new AppError('CONFLICT', MESSAGES.enquiryNotHeld);
      if (await repo.isBlocked(enquiry.senderEmailKey)) throw new AppError('CONFLICT', MESSAGES.enquirySenderBlocked);
      await transactions.run(async () => {
        const delivered = await deliver([enquiryId]);
        if (delivered.length === 0) throw new AppError('CONFLICT', MESSAGES.enquiryNotHeld);
      });
    },

    /** The conversation the private link opens, for the visitor. */
    async conversation(token: string): Promise<Conversation> {
      const { enquiry } = await linkedEnquiry(token);
      const messages = await repo.messagesOf(enquiry.id);
      return {
        tradeName: enquiry.tradeName,
        tradeId: enquiry.listed ? enquiry.tradeId : null,
        senderName: enquiry.senderName,
        messages,
      };
    },

    /**
     * The id of the enquiry whose conversation the link opens, checked as the conversation page checks it: for
     * another module that takes the link as its visitor's proof (reviews).
     */
    async enquiryOfLink(token: string): Promise<string> {
      return (await linkedEnquiry(token)).enquiry.id;
    },

    /** The visitor writes back: the enquiry is new and unread again, and the owner is told by e-mail. */
    async writeBack(token: string, body: string): Promise<void> {
      const { link, enquiry } = await linkedEnquiry(token);
      await rateLimits.attempt(VISITOR_MESSAGES_PER_HOUR, enquiry.id);
      const now = clock();
      await transactions.run(async () => {
        if (!(await repo.visitorWrote(enquiry.id, link.version, now))) throw new AppError('CONFLICT', MESSAGES.enquiryLinkRevoked);
        await repo.addMessage(enquiry.id, 'VISITOR', body, now);
        // An enquiry filed as spam takes the answer without troubling its owner.
        if (enquiry.folder === 'SPAM') return;
        const [owner] = await repo.withOwners([enquiry.id]);
        if (!owner) return;
        const to = recipientOf({ email: owner.ownerEmail, firstName: owner.ownerFirstName, emailVerifiedAt: owner.ownerEmailVerifiedAt });
        await mail.queue(visitorAnsweredMail(sender, to, { id: enquiry.id, tradeName: enquiry.tradeName, visitorName: enquiry.senderName, message: body }));
      });
    },

    /** The visitor stops their link; the owner's next answer mails a new one. */
    async revoke(token: string): Promise<void> {
      const { link, enquiry } = await linkedEnquiry(token);
      if (!(await repo.revokeLink(enquiry.id, link.version, clock()))) throw new AppError('CONFLICT', MESSAGES.enquiryLinkRevoked);
    },
  };
}

export type EnquiryService = ReturnType<typeof createEnquiryService>;
