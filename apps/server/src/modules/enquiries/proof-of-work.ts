import { createHmac } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import { PROOF_OF_WORK_MINUTES } from '@churchtrades/shared/enquiries';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Clock } from '../../clock';
import { AppError } from '../../http/app-error';

/**
 * The work a challenge asks: PBKDF2 rounds per try, and the try that solves it, drawn between these. A phone's
 * browser, its widget solving on several workers, takes about a second; a robot sending thousands pays for each.
 */
export const PROOF_OF_WORK_COST = { algorithm: 'PBKDF2/SHA-256', rounds: 1_000, fewestTries: 500, mostTries: 1_500 } as const;

const MINUTE_MS = 60 * 1000;

/** What the widget submits, base64 JSON: the challenge as it was given and the solution found. */
interface Payload {
  challenge: Challenge;
  solution: Solution;
}

/** A verified solution: its challenge's signature (spent once) and when the challenge expires. */
export interface AcceptedProof {
  signature: string;
  expiresAt: Date;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The widget's payload read, or null when it is not one: a test payload (`challenge: null`) is not. */
function payloadOf(text: string): Payload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) return null;
    const { challenge, solution } = parsed;
    if (!isRecord(challenge.parameters) || typeof challenge.signature !== 'string') return null;
    if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return parsed as unknown as Payload;
  } catch {
    return null;
  }
}

/**
 * ALTCHA's self-hosted proof of work (altcha-lib's v2 challenges): the server signs each challenge with a key
 * derived from the session secret for this one use, and checks the solution the widget found. Nothing leaves the
 * app; no third party sees the visitor.
 */
export function proofsOfWork(sessionSecret: string, clock: Clock) {
  const signatureSecret = createHmac('sha256', sessionSecret).update('churchtrades:enquiry-proof-of-work:v1').digest('hex');
  const keySignatureSecret = createHmac('sha256', sessionSecret).update('churchtrades:enquiry-proof-of-work-key:v1').digest('hex');

  return {
    /** A new challenge, good for PROOF_OF_WORK_MINUTES. */
    challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: PROOF_OF_WORK_COST.algorithm,
        cost: PROOF_OF_WORK_COST.rounds,
        counter: randomInt(PROOF_OF_WORK_COST.mostTries, PROOF_OF_WORK_COST.fewestTries),
        deriveKey,
        expiresAt: new Date(clock().getTime() + PROOF_OF_WORK_MINUTES * MINUTE_MS),
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
    },

    /** The solution checked against its signed challenge and the clock; refused 400 when it does not hold. */
    async verify(text: string): Promise<AcceptedProof> {
      const payload = payloadOf(text);
      const expiresAt = payload?.challenge.parameters.expiresAt;
      if (!payload || typeof expiresAt !== 'number' || expiresAt * 1000 <= clock().getTime()) {
        throw new AppError('BAD_REQUEST', MESSAGES.proofOfWorkFailed, { field: 'proofOfWork' });
      }
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) throw new AppError('BAD_REQUEST', MESSAGES.proofOfWorkFailed, { field: 'proofOfWork' });
      return { signature: payload.challenge.signature!, expiresAt: new Date(expiresAt * 1000) };
    },
  };
}

export type ProofsOfWork = ReturnType<typeof proofsOfWork>;
