import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONVERSATION_LINK_DAYS } from '@churchtrades/shared/enquiries';
import { decodeBase64url } from '../../tokens';

/** What a conversation link proves: the enquiry it opens, and the link's version (revoking one moves it on). */
export interface ConversationLink {
  enquiryId: string;
  version: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VERSION = /^[1-9][0-9]{0,8}$/;

/**
 * Signs and reads the private links through which a visitor reads a business's answers and writes back, without
 * an account. The key is derived from the session secret for this one use. Nothing is stored per link: the
 * enquiry's `link_version` says which version is good, so revoking is one update and the next answer mails a new one.
 */
export function conversationLinks(sessionSecret: string) {
  const key = createHmac('sha256', sessionSecret).update('churchtrades:enquiry-conversation-link:v1').digest();

  function signatureOf(payload: string): Buffer {
    return createHmac('sha256', key).update(payload).digest();
  }

  return {
    /** `<enquiry id>.<version>.<signature>`. */
    tokenFor({ enquiryId, version }: ConversationLink): string {
      const payload = `${enquiryId}.${version}`;
      return `${payload}.${signatureOf(payload).toString('base64url')}`;
    },

    /** The link the token names, or null when it is not one this server signed. */
    linkOf(token: string): ConversationLink | null {
      const [enquiryId, version, signature, ...rest] = token.split('.');
      if (enquiryId === undefined || version === undefined || signature === undefined || rest.length > 0) return null;
      if (!UUID.test(enquiryId) || !VERSION.test(version)) return null;
      const expected = signatureOf(`${enquiryId}.${version}`);
      const given = decodeBase64url(signature, expected.length);
      if (given === null || !timingSafeEqual(given, expected)) return null;
      return { enquiryId, version: Number(version) };
    },
  };
}

export type ConversationLinks = ReturnType<typeof conversationLinks>;

/**
 * A conversation whose last message (either side's) is this old or older at `now` has a lapsed link: the one
 * rule of how long a link works, for the conversation page, what takes the link as proof, and what mails it.
 */
export function linkLapseCutoff(now: Date): Date {
  return new Date(now.getTime() - CONVERSATION_LINK_DAYS * DAY_MS);
}

/** The web page a conversation link opens. */
export const CONVERSATION_PATH = '/enquiries/conversation';
/** The web page a confirmation link opens. */
export const CONFIRMATION_PATH = '/enquiries/confirm';
