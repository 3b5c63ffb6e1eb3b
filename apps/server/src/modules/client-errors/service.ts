import type { ClientErrorReport } from '@churchtrades/shared/client-errors';
import type { FastifyBaseLogger } from 'fastify';
import { networkOf, type RateLimiter, type RateLimitRule } from '../rate-limits/service';

/**
 * Enough for a page that goes wrong several times over, while a script that floods the log is cut short:
 * counted per network, as reports come from visitors without an account.
 */
export const CLIENT_ERROR_RATE_LIMIT: RateLimitRule = {
  name: 'client-errors',
  limit: 30,
  windowMs: 10 * 60 * 1000,
  decision: 'LISTING_LIMITS',
};

export interface Reporter {
  address: string;
  /** The request's log, so that the report's line carries the request's id. */
  log: FastifyBaseLogger;
}

/** Errors the web app met in a visitor's browser, written to the server's log for the operators. */
export function createClientErrorService({ rateLimits }: { rateLimits: RateLimiter }) {
  return {
    async report(report: ClientErrorReport, reporter: Reporter): Promise<void> {
      await rateLimits.attempt(CLIENT_ERROR_RATE_LIMIT, networkOf(reporter.address));
      reporter.log.warn({ clientError: report }, 'error in the web app');
    },
  };
}

export type ClientErrorService = ReturnType<typeof createClientErrorService>;
