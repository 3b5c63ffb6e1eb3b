import type { FastifyInstance } from 'fastify';

const IDLE_SWEEP_MS = 50;

export interface ShutdownOptions {
  app: FastifyInstance;
  closeDatabase: () => Promise<void>;
  graceMs?: number;
  exit?: (code: number) => void;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let requests in flight finish, close the database,
 * then exit. A shutdown that takes longer than the grace period exits anyway.
 */
export function exitGracefullyOnSignals({ app, closeDatabase, graceMs = 10_000, exit = process.exit }: ShutdownOptions) {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forcedExit = setTimeout(() => exit(1), graceMs);
    forcedExit.unref();
    // Keep-alive connections become idle only once their last answer is sent: close them as they do.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      await app.close();
      await closeDatabase();
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    } finally {
      clearTimeout(forcedExit);
      clearInterval(closeIdle);
    }
  };
  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
