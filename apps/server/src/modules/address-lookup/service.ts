import { ADDRESS_LOOKUP_LIMIT, ADDRESS_LOOKUP_MIN_LENGTH, type AddressSuggestion } from '@churchtrades/shared/address-lookup';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Clock } from '../../clock';
import { AppError } from '../../http/app-error';
import { networkOf, type RateLimiter, type RateLimitRule } from '../rate-limits/service';
import type { SessionService } from '../sessions/service';
import { createAnswerCache } from './answer-cache';
import type { AddressLookupRepo } from './repo';
import { readTypedAddress, type TypedAddress, wordSearch } from './typed-address';

/** Where addresses come from: the built-in national address index, or an external service. */
export interface AddressSource {
  /** Up to `limit` addresses for what was typed, the best first. */
  suggest(text: string, limit: number): Promise<AddressSuggestion[]>;
  find(id: string): Promise<AddressSuggestion | undefined>;
}

/** Longer than any address id of the national file or of an address service: not worth a query. */
const LONGEST_ADDRESS_ID = 64;

/**
 * The built-in index. People type number and street first ("12 george st parr"), or the street first
 * ("george st parr"): the addresses that start that way, in key order. When none does, the addresses holding
 * every typed word in any order ("smith 45 parramatta", "45 smith parramatta" without its street type).
 * Filling a list that has starts-with matches with contains-matches would add little ("UNIT 12, 5 GEORGE
 * STREET" for "12 george st") at several times the cost of the lookup.
 */
export function addressIndexSource(repo: AddressLookupRepo): AddressSource {
  async function startingWith({ key, flatKey, state }: TypedAddress, start: string, limit: number) {
    const flat = key === 'number first' ? flatKey : null;
    const found = await repo.startingWith({ key, start, flatKey: flat, state }, limit);
    if (found.length > 0 || flat === null) return found;
    // A flat that no address at that number has (a typo, a flat not yet in the file): its building instead.
    return repo.startingWith({ key, start, flatKey: null, state }, limit);
  }

  async function startingAsTyped(typed: TypedAddress, limit: number) {
    for (const start of typed.keyStarts) {
      const found = await startingWith(typed, start, limit);
      if (found.length > 0) return found;
    }
    return [];
  }

  return {
    async suggest(text, limit) {
      const typed = readTypedAddress(text);
      const found = await startingAsTyped(typed, limit);
      if (found.length > 0) return found;
      const search = wordSearch(typed.words);
      return search === null ? [] : repo.wordMatches({ ...search, number: typed.number }, limit);
    },
    find: (id) => repo.findById(id),
  };
}

/** Who asks: where from, and the session cookie they bring, if any. */
export interface LookupCaller {
  address: string;
  sessionToken: string | undefined;
}

/** What a paid external service needs in front of it: limits on who may ask it, and its answers kept. */
export interface PaidLookupGuard {
  rateLimits: RateLimiter;
  sessions: SessionService;
  clock: Clock;
}

const HOUR_MS = 60 * 60 * 1000;

/** Questions that reach a paid service (kept answers are free): a stranger types a few addresses, an owner many. */
export const PAID_LOOKUP_LIMITS = {
  perNetwork: { name: 'address-lookup-network', limit: 60, windowMs: HOUR_MS, decision: 'LISTING_LIMITS' },
  perOwner: { name: 'address-lookup-owner', limit: 600, windowMs: HOUR_MS, decision: 'LISTING_LIMITS' },
} satisfies Record<string, RateLimitRule>;

/** Addresses change quarterly; a few thousand answers cover what a day of typing asks again and again. */
const KEPT_ANSWERS = { maxEntries: 5000, ttlMs: HOUR_MS };

/** Typed the same whatever the case and spacing: one question to the service, one kept answer. */
function keyOf(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * A paid source behind limits and kept answers: each question reaches the service once an hour at most, and
 * only within the limit of the caller's network, or of their account when they are logged in.
 */
function guardedSource(source: AddressSource, { rateLimits, sessions, clock }: PaidLookupGuard) {
  const suggestions = createAnswerCache<AddressSuggestion[]>({ ...KEPT_ANSWERS, clock });
  const addresses = createAnswerCache<AddressSuggestion | undefined>({ ...KEPT_ANSWERS, clock });

  async function assertMayAsk(caller: LookupCaller): Promise<void> {
    const session = caller.sessionToken === undefined ? undefined : await sessions.find(caller.sessionToken);
    if (session?.stage === 'ACTIVE') return rateLimits.attempt(PAID_LOOKUP_LIMITS.perOwner, session.user.userId);
    return rateLimits.attempt(PAID_LOOKUP_LIMITS.perNetwork, networkOf(caller.address));
  }

  return {
    async suggest(text: string, limit: number, caller: LookupCaller): Promise<AddressSuggestion[]> {
      const key = `${limit} ${keyOf(text)}`;
      const kept = suggestions.get(key);
      if (kept) return kept.value;
      await assertMayAsk(caller);
      const answer = await source.suggest(text, limit);
      suggestions.set(key, answer);
      return answer;
    },

    async find(id: string, caller: LookupCaller): Promise<AddressSuggestion | undefined> {
      const kept = addresses.get(id);
      if (kept) return kept.value;
      await assertMayAsk(caller);
      const answer = await source.find(id);
      addresses.set(id, answer);
      return answer;
    },
  };
}

/**
 * The address lookup of the owner's address page: suggestions while typing, then the one chosen. A paid
 * external source comes with its guard; the built-in index needs none.
 */
export function createAddressLookupService(source: AddressSource, paid?: PaidLookupGuard) {
  const guarded = paid && guardedSource(source, paid);

  return {
    /** Nothing for text too short to mean anything, so that the first keystrokes cost nothing. */
    async suggest(text: string, caller: LookupCaller): Promise<AddressSuggestion[]> {
      if (text.length < ADDRESS_LOOKUP_MIN_LENGTH) return [];
      const addresses = guarded
        ? await guarded.suggest(text, ADDRESS_LOOKUP_LIMIT, caller)
        : await source.suggest(text, ADDRESS_LOOKUP_LIMIT);
      return addresses.slice(0, ADDRESS_LOOKUP_LIMIT);
    },

    async find(id: string, caller: LookupCaller): Promise<AddressSuggestion> {
      if (id.length > LONGEST_ADDRESS_ID) throw new AppError('NOT_FOUND', MESSAGES.addressNotFound);
      const address = guarded ? await guarded.find(id, caller) : await source.find(id);
      if (!address) throw new AppError('NOT_FOUND', MESSAGES.addressNotFound);
      return address;
    },
  };
}

export type AddressLookupService = ReturnType<typeof createAddressLookupService>;
