import { describe, expect, it } from 'vitest';
import { inboxKey } from './inbox-key';

describe('inboxKey', () => {
  it.each([
    ['  Anna.Citizen@Example.com.au ', 'anna.citizen@example.com.au'],
    ['anna+shop@example.com.au', 'anna@example.com.au'],
    ['anna+shop+more@example.com.au', 'anna@example.com.au'],
    ['Anna.Citizen+Reviews@Gmail.com', 'annacitizen@gmail.com'],
    ['a.n.n.a@googlemail.com', 'anna@gmail.com'],
    ['+news@example.com', '+news@example.com'],
  ])('keys %j as %j', (email, key) => {
    expect(inboxKey(email)).toBe(key);
  });

  it('keeps the dots of every domain but gmail.com and googlemail.com', () => {
    expect(inboxKey('anna.citizen@outlook.com')).toBe('anna.citizen@outlook.com');
    expect(inboxKey('anna.citizen@gmail.com.au')).toBe('anna.citizen@gmail.com.au');
  });

  it('gives the same key to every address of one inbox, and another to a different inbox', () => {
    const keys = ['anna.c@gmail.com', 'ANNAC@googlemail.com', 'annac+x@gmail.com'].map(inboxKey);
    expect(new Set(keys).size).toBe(1);
    expect(inboxKey('anna.d@gmail.com')).not.toBe(keys[0]);
  });
});
