/** Business constants of SPEC §9. */
export const SEARCH_PAGE_SIZE = 9;
export const CHURCH_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const CARD_BRIEF_LENGTH = 200;
/** Longest search text the server reads; longer text is cut there. */
export const SEARCH_TEXT_MAX_LENGTH = 200;
export const TOAST_AUTO_CLOSE_MS = 5000;
/** At most this many businesses get one "Ask up to 3 businesses" message; here, not in enquiries.ts, so the search page's cards count them without loading zod. */
export const ENQUIRY_MAX_BUSINESSES = 3;

export const PASSWORD_MIN_LENGTH = 5;
/** A new password (register, reset, change): at least this long, besides being hard to guess. */
export const NEW_PASSWORD_MIN_LENGTH = 8;
/** Room for any passphrase in any script; argon2 hashes this much in no time. */
export const PASSWORD_MAX_LENGTH = 1_024;
/** RFC 5321: the longest address a mail server accepts. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_MIN_LENGTH = 3;
export const USER_ID_MIN_LENGTH = 5;
/** Number of single-character boxes of the two-step verification code. */
export const QR_CODE_LENGTH = 6;
export const PERSON_NAME_MIN_LENGTH = 1;
export const BIO_MIN_LENGTH = 5;
export const PHONE_MIN_LENGTH = 5;
/**
 * The most a person's texts may hold: a first or last name as long as any real one, a phone number with its
 * country code and spacing, a bio of a few paragraphs.
 */
export const PERSON_NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 1_000;
export const PHONE_MAX_LENGTH = 20;
/** An id typed into a form or a link (a UUID is 36 characters). */
export const ID_MAX_LENGTH = 100;
/** A key of an e-mailed link (43 characters). */
export const LINK_KEY_MAX_LENGTH = 200;
export const TRADE_ID_MIN_LENGTH = 3;
export const TRADE_NAME_MIN_LENGTH = 3;
export const TRADE_BRIEF_MIN_LENGTH = 3;
export const SOCIAL_MEDIA_NAME_MIN_LENGTH = 3;

/**
 * The most a business's texts may hold: room for any real profile, while a pasted document is refused.
 * The brief's limit is far above BRIEF_MAX_LENGTH, which is the guidance shown to owners.
 */
export const TRADE_NAME_MAX_LENGTH = 100;
export const TRADE_BRIEF_MAX_LENGTH = 1_000;
export const TRADE_SERVICE_MAX_LENGTH = 2_000;
export const TRADE_TAGS_MAX_LENGTH = 2_000;
/** The longest e-mail address SMTP carries (RFC 5321's path limit less its angle brackets). */
export const PUBLIC_EMAIL_MAX_LENGTH = 254;
/** Each text field of an address; the longest Australian addresses are under 150 characters. */
export const ADDRESS_FIELD_MAX_LENGTH = 300;
/** A social media entry's handle or link. */
export const SOCIAL_MEDIA_NAME_MAX_LENGTH = 2_000;
export const SOCIAL_MEDIA_REFERENCE_ID_MAX_LENGTH = 200;
/** Social media entries of one business: every network it could be on, with room to spare. */
export const SOCIAL_MEDIA_PER_TRADE = 20;

/** Brief guidance shown to owners; SPEC §2 says it is not enforced. */
export const BRIEF_GUIDANCE_MIN_LENGTH = 40;
export const BRIEF_GUIDANCE_MAX_LENGTH = 60;
export const BRIEF_MAX_LENGTH = 100;

export const DEFAULT_REDIRECT_AFTER_LOGIN = '/trade/profile';
export const DEFAULT_REDIRECT_AFTER_VERIFICATION = '/';

export const COUNTRY_CODE = 'AU';
/** Unit type given to an address when the address lookup finds no flat type. */
export const DEFAULT_UNIT_TYPE = 'HOUSE';
/** Stands for a missing trade or media id. */
export const MISSING_ID = '-1';

export const PROFILE_CACHE_SECONDS = 120;
export const DEFAULT_CACHE_SECONDS = 60;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * A business's cover picture is kept at 16:9, at most this size: wide enough for the top of its page on a
 * large screen and for link previews. Pages reserve its place with these numbers before it loads.
 */
export const COVER_PICTURE_WIDTH = 1600;
export const COVER_PICTURE_HEIGHT = 900;

/** How long each text of a report of the web app's errors may be; the web app cuts them to these lengths. */
export const CLIENT_ERROR_LIMITS = { route: 200, name: 100, message: 300 } as const;
