import { describe, expect, it } from 'vitest';
import { CONVERSATION_LINK_DAYS, messageParts, sendEnquirySchema } from './enquiries';
import { MESSAGES } from './messages';
import { replyTimeOf } from './reply-time';

const HOUR = 60 * 60 * 1000;
const tradeId = '2f0b6c3e-5a4d-4c1b-9e8f-0a1b2c3d4e5f';
const valid = { tradeIds: [tradeId], name: 'Mary Byrne', email: 'mary@example.com', suburb: 'Parramatta', message: 'Could you quote for a new hot water system?' };

describe('sendEnquirySchema', () => {
  it('keeps line breaks and turns other control characters into spaces', () => {
    const parsed = sendEnquirySchema.parse({ ...valid, message: 'Hello\r\nCould you\u0000 quote?\tThanks' });
    expect(parsed.message).toBe('Hello\nCould you  quote?\tThanks');
  });

  it('keeps a name and suburb on one line, without control or bidirectional characters', () => {
    const bidi = '\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    const parsed = sendEnquirySchema.parse({ ...valid, name: `Mary${bidi}\nByrne\u0085`, suburb: `\u202EParra\u0000matta\t` });
    expect(parsed).toMatchObject({ name: 'Mary Byrne', suburb: 'Parra matta' });
    expect(sendEnquirySchema.safeParse({ ...valid, name: bidi }).error?.issues[0]?.message).toBe(MESSAGES.enquiryNameRequired);
  });

  it('refuses more than three businesses, the same business twice, and none', () => {
    const other = '3f0b6c3e-5a4d-4c1b-9e8f-0a1b2c3d4e5f';
    const errorOf = (tradeIds: string[]) => sendEnquirySchema.safeParse({ ...valid, tradeIds }).error?.issues[0]?.message;
    expect(errorOf([tradeId, other, tradeId.replace('2f', '4f'), tradeId.replace('2f', '5f')])).toBe(
      MESSAGES.tooManyEnquiryBusinesses,
    );
    expect(errorOf([tradeId, tradeId])).toBe(MESSAGES.chooseEnquiryBusinesses);
    expect(errorOf([])).toBe(MESSAGES.chooseEnquiryBusinesses);
  });

  it('refuses a message shorter than ten characters once trimmed', () => {
    expect(sendEnquirySchema.safeParse({ ...valid, message: '   hi there  ' }).error?.issues[0]?.message).toBe(
      MESSAGES.enquiryMessageTooShort,
    );
  });
});

describe('the lapse of conversation links', () => {
  it('is told in the days the rule counts', () => {
    expect(MESSAGES.enquiryLinkLapsed).toContain(`${CONVERSATION_LINK_DAYS} days`);
  });
});

describe('replyTimeOf', () => {
  it('puts a median time to the first answer in its bucket', () => {
    expect(replyTimeOf(0.5 * HOUR)).toBe('HOUR');
    expect(replyTimeOf(5 * HOUR)).toBe('HOURS');
    expect(replyTimeOf(20 * HOUR)).toBe('DAY');
    expect(replyTimeOf(48 * HOUR)).toBe('DAYS');
    expect(replyTimeOf(200 * HOUR)).toBe('WEEK');
  });
});

describe('messageParts', () => {
  it('finds the links of a message between its words', () => {
    expect(messageParts('See https://example.com/a?b=1 or www.example.org.')).toEqual([
      { text: 'See ', link: false },
      { text: 'https://example.com/a?b=1', link: true },
      { text: ' or ', link: false },
      { text: 'www.example.org', link: true },
      { text: '.', link: false },
    ]);
  });
});
