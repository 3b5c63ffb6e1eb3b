import { envelopeSchema } from '@churchtrades/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, pingDatabase } from '../../db/database';
import { AppError } from '../../http/app-error';
import { envelope } from '../../http/envelope';

const READINESS_TIMEOUT_MS = 2000;
const healthAnswer = { response: { 200: envelopeSchema(z.object({})) } };
const readinessAnswer = { ...healthAnswer, refusals: { 503: `The database is not answering within ${READINESS_TIMEOUT_MS / 1000} seconds.` } };

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/healthz', { schema: healthAnswer, logLevel: 'warn' }, async () => envelope(200, 'Up', {}));

  app.get('/readyz', { schema: readinessAnswer, logLevel: 'warn' }, async (request) => {
    try {
      await withTimeout(pingDatabase(db), READINESS_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'database not answering');
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering');
    }
    return envelope(200, 'Ready', {});
  });
};
