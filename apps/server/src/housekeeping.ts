import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

export type Chore = () => Promise<void>;

/**
 * Runs the chores (deleting expired sessions, keys and counters) every hour while the app runs. Every
 * instance runs them; deleting what another instance already deleted costs nothing.
 */
export function scheduleHousekeeping(app: FastifyInstance, chores: Chore[], intervalMs = HOUR_MS): void {
  const timer = setInterval(() => {
    for (const chore of chores) {
      chore().catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping chore failed'));
    }
  }, intervalMs);
  // The timer must not keep a stopping process alive.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
