import { describe, expect, it } from 'vitest';
import { holdsEmailAddress, holdsPhoneNumber, isBurst, manipulationFlags, wordHoldReasons } from './checks';

const CLEAN = 'They fixed the leaking tap in an hour and charged what they quoted. Friendly and tidy.';

describe('the automatic checks of a review', () => {
  it('holds nothing in a clean review', () => {
    expect(wordHoldReasons(CLEAN, 'Parramatta')).toEqual([]);
  });

  it('holds a link, with or without its scheme', () => {
    expect(wordHoldReasons(`${CLEAN} See https://cheap-plumbers.example`)).toEqual(['LINK']);
    expect(wordHoldReasons(`${CLEAN} Visit www.cheap-plumbers.example today`)).toEqual(['LINK']);
  });

  it('holds an e-mail address', () => {
    expect(holdsEmailAddress('write to jane.citizen+tiles@example.com.au for a quote')).toBe(true);
    expect(wordHoldReasons(`${CLEAN} Mail me: jane@example.com`)).toEqual(['CONTACT_DETAILS']);
  });

  it.each([
    '0412 345 678',
    '0412345678',
    '0412-345-678',
    '(02) 9876 5432',
    '02 9876 5432',
    '+61 2 9876 5432',
    '+61 412 345 678',
    '+61412345678',
    '1300 123 456',
    '1800 123 456',
  ])('holds the Australian phone number %s', (phone) => {
    expect(holdsPhoneNumber(`Call them on ${phone} for a quote.`)).toBe(true);
  });

  it('finds a number beside other numbers', () => {
    expect(holdsPhoneNumber('Booked for 2025 0412 345 678 was the number')).toBe(true);
  });

  it.each([
    'They did it in 2024, and again in 2025.',
    'Between 2019 2020 they did three jobs for us.',
    'It cost $1,250 for the lot, or $4500 with the extras.',
    'Quoted 350 and charged 350.',
    'Job number 12345678 was done in 3 days.',
    'Opened on 02.03.2024 at 9:30.',
  ])('does not take years, prices or other numbers for a phone number: %s', (text) => {
    expect(holdsPhoneNumber(text)).toBe(false);
  });

  it('holds profanity, spelled out or disguised, and not the words that merely contain one', () => {
    expect(wordHoldReasons('What a shit job, they left rubbish everywhere and never came back.')).toEqual(['PROFANITY']);
    expect(wordHoldReasons('Absolute sh1t service from start to finish, avoid them at all costs.')).toEqual(['PROFANITY']);
    expect(wordHoldReasons('They assessed the class of the bathroom tiles and did a fine job in Scunthorpe.')).toEqual([]);
  });

  it('checks the suburb of the work too, and knows Australian places that look rude', () => {
    expect(wordHoldReasons(CLEAN, 'www.example.com')).toEqual(['LINK']);
    expect(wordHoldReasons(CLEAN, 'Dickson')).toEqual([]);
    expect(wordHoldReasons(`${CLEAN} Bought the heater at Dick Smith.`, 'Cockburn')).toEqual([]);
  });

  it('gives every reason that holds', () => {
    expect(wordHoldReasons('Shit work. Ring 0412 345 678 or see http://rival.example instead.')).toEqual(['LINK', 'CONTACT_DETAILS', 'PROFANITY']);
  });

  it('holds the review that makes more than 3 in a day', () => {
    expect(isBurst(3)).toBe(false);
    expect(isBurst(4)).toBe(true);
  });
});

describe('the signs of manipulation', () => {
  const none = { sameNetworkReviews: 0, accountAgeDays: null, sameTextReviews: 0 };

  it('raises none for an ordinary review', () => {
    expect(manipulationFlags(none)).toEqual([]);
    expect(manipulationFlags({ sameNetworkReviews: 2, accountAgeDays: 14, sameTextReviews: 0 })).toEqual([]);
  });

  it('flags more than 2 other reviews of the business from the network', () => {
    expect(manipulationFlags({ ...none, sameNetworkReviews: 3 })).toEqual(['SAME_NETWORK']);
  });

  it('flags an account younger than 14 days', () => {
    expect(manipulationFlags({ ...none, accountAgeDays: 13.9 })).toEqual(['NEW_ACCOUNT']);
  });

  it('flags a text another review has', () => {
    expect(manipulationFlags({ ...none, sameTextReviews: 1 })).toEqual(['SAME_TEXT']);
  });
});
