import { MESSAGES } from '@churchtrades/shared/messages';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score 3: at least 10^8 guesses. Far beyond what the login limits let anyone try online, and costly
 * offline against argon2id, while memorable passphrases ("choir-practice-on-thursday") still pass; score 4
 * (10^10) refuses many of those and pushes people to write passwords down.
 */
export const MIN_PASSWORD_SCORE = 3;

/** The site's own name: the first word anyone guessing a ChurchTrades password tries. */
const SITE_WORDS = ['churchtrades'];

/** Whose password it is: their names and e-mail are words anyone who knows them would try. */
export interface PasswordOwner {
  email: string;
  firstName?: string;
  lastName?: string;
}

let estimator: ZxcvbnFactory | undefined;

// Built on first use: the dictionaries take a few hundred milliseconds to rank, which a process that never
// checks a password (a worker, a script) need not spend. Levenshtein matching stays off: it costs half a
// second per check and adds little beyond the ranked lists and l33t variants.
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return estimator;
}

/** The e-mail whole, its local part, and every word of it ("mary.smith@parish.org.au": mary, smith, parish). */
function emailWords(email: string): string[] {
  const lower = email.toLowerCase();
  const [local = ''] = lower.split('@');
  const parts = lower.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
  return [lower, local, ...parts];
}

/** The words of the owner and the site that zxcvbn is told to treat as the first guesses. */
export function wordsAbout(owner: PasswordOwner): string[] {
  const names = [owner.firstName, owner.lastName]
    .filter((name): name is string => name !== undefined && name.trim() !== '')
    .flatMap((name) => [name.toLowerCase(), ...name.toLowerCase().split(/\s+/)]);
  return [...new Set([...names, ...emailWords(owner.email), ...SITE_WORDS])];
}

function isAboutOwner(result: ZxcvbnResult): boolean {
  return result.sequence.some((match) => 'dictionaryName' in match && match.dictionaryName === 'userInputs');
}

/**
 * Why the password is too easy to guess, or undefined when it is not. The length rules are the shared
 * schema's (`newPasswordSchema`); this is the rest of what makes a new password acceptable, and the one place
 * that decides it, for the forms and the `npm run admin` command alike.
 */
export function weakPasswordReason(password: string, owner: PasswordOwner): string | undefined {
  const result = passwordEstimator().check(password, wordsAbout(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  if (isAboutOwner(result)) return MESSAGES.passwordAboutYou;
  const { warning } = result.feedback;
  return warning ? `${MESSAGES.passwordTooEasy} ${warning}` : MESSAGES.passwordTooEasy;
}
