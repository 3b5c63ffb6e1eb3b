import fc from 'fast-check';

/** Ways out of a folder, plain and in the encodings that slip past naive checks. */
export const TRAVERSALS = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252f..%252fetc%252fpasswd',
  '%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
  '..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '/etc/passwd',
  '/etc/passwd%00.png',
  'file:///etc/passwd',
  '../../../../../../proc/self/environ',
] as const;

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(5) --",
  "' UNION SELECT password_hash, email FROM users --",
  "1' AND 1=CAST((SELECT version()) AS int) --",
  '$$; select 1; $$',
  "\\'; --",
  '%',
  '_',
  '%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%',
  '\\',
  "O'Brien",
] as const;

export const MARKUP_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg onload=alert(1)>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  ']]><!--',
  '%s%s%s%n%x',
  'x\r\nSet-Cookie: churchtrades_session=stolen',
  'a@example.com\r\nBcc: everyone@example.com',
] as const;

export const UNICODE_EDGES = [
  '\uD800',
  '\uDFFF',
  'half \uD83D surrogate',
  '\uDC00\uD800',
  '\u0000',
  'nul\u0000byte',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\u200B\u200C\u200D\u2060',
  '\uFEFF',
  '\uFFFE\uFFFF',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  'Z̷̢̛̠͎̈́a̶̡̛l̴̨̛g̸̢̛o̵̡̕',
  '𝕳𝖊𝖑𝖑𝖔',
  'ＡＢＣ１２３',
  'İıß\u0130',
  '\u00A0\u3000\u2028\u2029',
  '\u0007\u0008\u001B[31m',
] as const;

/** Strings a number parser may take for a number, or for something stranger. */
export const NUMBER_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '0b11',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '1.5',
  '١٢٣',
  '1_000',
  ' 1 ',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
] as const;

const HUNDRED_KB = 100 * 1024;

/** Over 100 kB each: far beyond any field the product has. */
export const HUGE_STRINGS = [
  'A'.repeat(HUNDRED_KB + 1),
  '𝕳'.repeat(HUNDRED_KB / 4 + 1),
  'é\u0301'.repeat(HUNDRED_KB / 2),
  "' OR '1'='1".repeat(HUNDRED_KB / 10),
  '<script>'.repeat(HUNDRED_KB / 8 + 1),
] as const;

const CONSTANT_STRINGS = [...TRAVERSALS, ...SQL_PAYLOADS, ...MARKUP_PAYLOADS, ...UNICODE_EDGES, ...NUMBER_LIKE];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

/** A string an attacker (or a broken client) might send in any text field. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...CONSTANT_STRINGS), weight: 8 },
  { arbitrary: fc.tuple(fc.constantFrom(...CONSTANT_STRINGS), fc.constantFrom(...CONSTANT_STRINGS)).map(([a, b]) => a + b), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('a', '\u0000', '\u202E')), maxLength: 12 }), weight: 1 },
  { arbitrary: fc.constantFrom(...HUGE_STRINGS), weight: 1 },
);

const HOSTILE_NUMBERS = [
  -1,
  0,
  1.5,
  -1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
] as const;

const HOSTILE_SHAPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  { $gt: '' },
  { $ne: null },
  { toString: 'x', valueOf: 1 },
  { length: 1e9 },
  Array.from({ length: 2000 }, (_, index) => index),
  JSON.parse(`${'['.repeat(64)}${']'.repeat(64)}`),
];

/** Any JSON value of the wrong kind for where it is sent: numbers at the edges, arrays, objects, null. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.constantFrom(...HOSTILE_SHAPES), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }), weight: 1 },
);

/**
 * Fields a client should never be able to set itself (mass assignment): roles, ownership, moderation,
 * ids, and prototype keys.
 */
export const EXTRA_FIELDS: Record<string, unknown>[] = [
  { role: 'SUPER' },
  { role: 'ADMIN', enabled: true, emailVerifiedAt: '2020-01-01T00:00:00Z' },
  { ownerId: '00000000-0000-0000-0000-000000000000', moderationStatus: 'APPROVED' },
  { id: 1, userId: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
  { constructor: { prototype: { isAdmin: true } } },
  { passwordHash: 'x', mfaSecret: 'JBSWY3DPEHPK3PXP' },
  { ['a'.repeat(1000)]: 'long key' },
];

/** Request bodies that are not the JSON they claim to be, as raw bytes or text. */
export const MALFORMED_JSON: (string | Buffer)[] = [
  '{',
  '{"a":}',
  'nul',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '{"a":1e999}',
  '{"a":-1e999}',
  '{"a":NaN}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\u0000',
  '\uFEFF{}',
  '"just a string"',
  '12345678901234567890123456789',
  'true',
  '[' .repeat(50_000),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"name":"${'\\u0000'.repeat(1000)}"}`,
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80, 0xc0, 0xaf]), Buffer.from('"}')]),
  Buffer.from('{"name":"x"}', 'utf16le'),
];

/**
 * A string for a URL: percent-encoded as a browser would, except where that is impossible (a lone surrogate),
 * whose UTF-16 unit then goes as the bytes of its would-be UTF-8 form, which no decoder accepts.
 */
export function encodeForUrl(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value)
      .map((character) => {
        const unit = character.charCodeAt(0);
        if (unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(character);
        const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
        return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      })
      .join('');
  }
}
