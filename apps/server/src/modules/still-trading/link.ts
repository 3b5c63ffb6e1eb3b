import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeBase64url } from '../../tokens';

/** What a still-trading link proves: the business it asks about and the round (when the question was sent). */
export interface StillTradingRound {
  tradeId: string;
  askedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ROUND = /^[0-9a-z]{1,12}$/;

/**
 * Signs and reads the e-mailed links. The key is derived from the session secret for this one use, so that a
 * signature made here means nothing anywhere else the secret signs (the cookies).
 */
export function stillTradingLinks(sessionSecret: string) {
  const key = createHmac('sha256', sessionSecret).update('churchtrades:still-trading-link:v1').digest();

  function signatureOf(payload: string): Buffer {
    return createHmac('sha256', key).update(payload).digest();
  }

  return {
    /** `<trade id>.<round in base 36 ms>.<signature>`: no login needed, good for this round only. */
    tokenFor({ tradeId, askedAt }: StillTradingRound): string {
      const payload = `${tradeId}.${askedAt.getTime().toString(36)}`;
      return `${payload}.${signatureOf(payload).toString('base64url')}`;
    },

    /** The round the token names, or null when it is not one this server signed. */
    roundOf(token: string): StillTradingRound | null {
      const [tradeId, round, signature, ...rest] = token.split('.');
      if (tradeId === undefined || round === undefined || signature === undefined || rest.length > 0) return null;
      if (!UUID.test(tradeId) || !ROUND.test(round)) return null;
      const expected = signatureOf(`${tradeId}.${round}`);
      const given = decodeBase64url(signature, expected.length);
      if (given === null || !timingSafeEqual(given, expected)) return null;
      return { tradeId, askedAt: new Date(Number.parseInt(round, 36)) };
    },
  };
}

export type StillTradingLinks = ReturnType<typeof stillTradingLinks>;
