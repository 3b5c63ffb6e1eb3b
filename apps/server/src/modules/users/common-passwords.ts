import fs from 'node:fs';

// common-passwords.txt: the first 1,000 entries of the ranked password list of zxcvbn 4.4.2
// (lib/frequency_lists.js, MIT licence), most common first, one per line, all lower case.
const COMMON_PASSWORDS = new Set(
  fs
    .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== ''),
);

/** One of the 1,000 passwords tried first by anyone guessing, in any case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
