import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib';
import type { ProofsOfWork } from '../src/modules/enquiries/proof-of-work';
import type { TestBrowser } from './test-browser';

/**
 * What the enquiry form's widget (altcha 3) submits once it has solved the challenge: base64 JSON of the
 * challenge's parameters and signature, and the solution.
 */
export function widgetPayload(challenge: Challenge, solution: { counter: number; derivedKey: string; time?: number }): string {
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Fetches a challenge as the widget does and solves it with altcha-lib's own solver. */
export async function solvedProofOfWork(browser: TestBrowser): Promise<string> {
  const response = await browser.get('/api/enquiries/challenge');
  const challenge = response.json().data.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return widgetPayload(challenge, solution);
}

/** A challenge of the app's proofs of work, solved as the widget would, for a request made without a page. */
export async function solvedWithoutApp(proofs: ProofsOfWork): Promise<string> {
  const challenge = await proofs.challenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return widgetPayload(challenge, solution);
}
