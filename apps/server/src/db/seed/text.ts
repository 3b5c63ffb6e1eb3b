import type { Random } from './random';

/** Replaces each {key} by its value; a key without a value stays as written, so a gap shows in review. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "an auto electrician", "a plumber": by first letter, which suits every noun of the demo categories. */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** "Maria's", "Ninos'". */
export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "Smith & Sons Plumbing" → "smith-and-sons-plumbing". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replaceAll('&', ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The local part of an e-mail address from a name: "O'Brien" → "obrien". */
export function emailWord(text: string): string {
  return slugify(text).replaceAll('-', '');
}

function digits(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.int(0, 9)).join('');
}

/** An Australian mobile number as people write it: "0412 345 678". */
export function mobileNumber(random: Random): string {
  return `04${digits(random, 2)} ${digits(random, 3)} ${digits(random, 3)}`;
}

export function landlineNumber(random: Random, areaCode: string): string {
  return `(${areaCode}) ${random.int(4, 9)}${digits(random, 3)} ${digits(random, 4)}`;
}

/** Cuts at a word boundary so a too-long text still reads as a sentence. */
export function clip(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > 0 ? lastSpace : cut.length).replace(/[,:;.\s]+$/, '')}.`;
}
