import type { BusinessKind } from '@churchtrades/shared/trade-profile';

/** A company's legal form, which owners leave off their business's name: "Pty Ltd", "Pty. Limited", "Inc.". */
const LEGAL_FORM = /(?:\s(?:pty|proprietary|ltd|limited|inc|incorporated|co|corp|corporation))+$/;
const LEADING_THE = /^the\s/;

/** The words of a name as the register and an owner both might write them: no case, accents or punctuation. */
function wordsOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A business's name reduced to what identifies it: its words, without "The" in front or a legal form behind. */
export function businessNameKey(name: string): string {
  // A space in front lets a name that is nothing but a legal form reduce to nothing.
  return ` ${wordsOf(name).replace(LEADING_THE, '')}`.replace(LEGAL_FORM, '').trim();
}

/** Whether two names name the same business, whatever their case, punctuation and legal form. */
export function sameBusinessName(registered: string, ours: string): boolean {
  const key = businessNameKey(ours);
  return key !== '' && businessNameKey(registered) === key;
}

/**
 * Whether the register's name for a sole trader is this person: it writes them "CITIZEN, Jane Mary", so every
 * word of their first and last names must be among its words, in any order.
 */
export function samePerson(registered: string, person: { firstName: string; lastName: string }): boolean {
  const words = new Set(wordsOf(registered).split(' '));
  const wanted = wordsOf(`${person.firstName} ${person.lastName}`).split(' ').filter(Boolean);
  return wanted.length > 0 && wanted.every((word) => words.has(word));
}

/** The business an ABN must be registered to: its name, and for a sole trader its owner. */
export interface NamedBusiness {
  name: string;
  businessKind: BusinessKind | null;
  owner: { firstName: string; lastName: string };
}

/** The names the register gives an ABN: its entity's name and the business names registered under it. */
export interface RegisteredNames {
  entityName: string;
  businessNames: string[];
}

/**
 * The register's name that is the business: its entity or one of its business names when it is the business's
 * name, or, for a sole trader, the entity when it is its owner. Undefined when none is.
 */
export function nameRegisteredTo(names: RegisteredNames, business: NamedBusiness): string | undefined {
  const byName = [names.entityName, ...names.businessNames].find((name) => sameBusinessName(name, business.name));
  if (byName !== undefined) return byName;
  const byOwner = business.businessKind === 'SOLE_TRADER' && samePerson(names.entityName, business.owner);
  return byOwner ? names.entityName : undefined;
}
