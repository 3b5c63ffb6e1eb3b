import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { scheduleHousekeeping } from './housekeeping';

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('housekeeping', () => {
  it('runs every chore at each interval, goes on after a chore fails, and stops when the app closes', async () => {
    const app = Fastify({ logger: false });
    let runs = 0;
    scheduleHousekeeping(
      app,
      [
        async () => {
          throw new Error('database away');
        },
        async () => {
          runs += 1;
        },
      ],
      10,
    );

    while (runs < 2) await waitMs(5);
    await app.close();
    const runsAtClose = runs;
    await waitMs(30);

    expect(runsAtClose).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(runsAtClose);
  });
});
