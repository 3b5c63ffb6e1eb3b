import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/test-app';
import { exitGracefullyOnSignals } from './lifecycle';

const { app } = await createTestApp();

describe('graceful shutdown', () => {
  it('answers a request in flight when SIGTERM arrives, then exits 0', async () => {
    let markArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (markArrived = resolve));
    app.get('/slow-for-shutdown-test', async () => {
      markArrived();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { finished: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const closeDatabase = vi.fn(async () => undefined);
    const exited = new Promise<number>((resolve) => {
      exitGracefullyOnSignals({ app, closeDatabase, exit: resolve });
    });

    const inFlight = fetch(`${address}/slow-for-shutdown-test`);
    await arrived;
    process.emit('SIGTERM', 'SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    expect(await exited).toBe(0);
    expect(closeDatabase).toHaveBeenCalledOnce();
  });
});
