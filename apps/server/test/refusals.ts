import { MESSAGES } from '@churchtrades/shared/messages';
import { expect } from 'vitest';

/** Each call, made straight to a service for an actor it must refuse, fails as its route's guard answers: 403. */
export async function expectRefused(calls: (() => Promise<unknown>)[], message: string = MESSAGES.forbidden): Promise<void> {
  for (const call of calls) await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN', message });
}
