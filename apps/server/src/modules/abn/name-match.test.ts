import { describe, expect, it } from 'vitest';
import { businessNameKey, nameRegisteredTo, sameBusinessName, samePerson } from './name-match';

const owner = { firstName: 'Jane', lastName: "O'Brien" };

describe('matching a business name with the register', () => {
  it.each([
    ['HARBOUR PLUMBING PTY LTD', 'Harbour Plumbing'],
    ['Harbour Plumbing Pty. Limited', 'harbour plumbing pty ltd'],
    ['HARBOUR PLUMBING PROPRIETARY LIMITED', 'Harbour Plumbing'],
    ['Smith & Sons Electrical', 'Smith and Sons Electrical'],
    ['The Green Thumb', 'Green Thumb Pty Ltd'],
    ["O'BRIEN'S BAKERY", 'OBriens Bakery'],
    ['Café Nöel', 'cafe noel'],
    ['Tidy-Up  Cleaning, Inc.', 'Tidy Up Cleaning'],
  ])('takes %s for %s', (registered, ours) => {
    expect(sameBusinessName(registered, ours)).toBe(true);
  });

  it.each([
    ['HARBOUR PLUMBING PTY LTD', 'Harbour Plumbing Supplies'],
    ['Harbour Plumbing', 'Harbor Plumbing'],
    ['Smith Electrical', 'Smith & Sons Electrical'],
    ['PTY LTD', 'Pty Ltd'],
  ])('does not take %s for %s', (registered, ours) => {
    expect(sameBusinessName(registered, ours)).toBe(false);
  });

  it('keeps a legal form inside a name, taking only the one at its end', () => {
    expect(businessNameKey('Limited Edition Prints Pty Ltd')).toBe('limited edition prints');
  });
});

describe("matching a sole trader's owner with the register", () => {
  it('takes the register\'s "SURNAME, Given names" for the owner, whatever the case, order and punctuation', () => {
    expect(samePerson("O'BRIEN, Jane Mary", owner)).toBe(true);
    expect(samePerson('jane obrien', owner)).toBe(true);
  });

  it('does not take another person, or one sharing only a surname', () => {
    expect(samePerson("O'BRIEN, John", owner)).toBe(false);
    expect(samePerson('SMITH, Jane', owner)).toBe(false);
  });
});

describe('whether an ABN is registered to a business', () => {
  const business = { name: 'Bright Sparks Electrical', businessKind: null, owner };

  it("matches the business's name with the entity or any of its business names", () => {
    expect(nameRegisteredTo({ entityName: 'BRIGHT SPARKS ELECTRICAL PTY LTD', businessNames: [] }, business)).toBe(
      'BRIGHT SPARKS ELECTRICAL PTY LTD',
    );
    const holding = { entityName: 'JDO HOLDINGS PTY LTD', businessNames: ['Other Trade', 'Bright Sparks Electrical'] };
    expect(nameRegisteredTo(holding, business)).toBe('Bright Sparks Electrical');
    expect(nameRegisteredTo({ entityName: 'JDO HOLDINGS PTY LTD', businessNames: ['Other Trade'] }, business)).toBeUndefined();
  });

  it("matches a sole trader's owner with the entity, and nobody else's", () => {
    const names = { entityName: "O'BRIEN, JANE", businessNames: [] };
    expect(nameRegisteredTo(names, { ...business, businessKind: 'SOLE_TRADER' })).toBe("O'BRIEN, JANE");
    expect(nameRegisteredTo(names, { ...business, businessKind: 'COMPANY' })).toBeUndefined();
  });
});
