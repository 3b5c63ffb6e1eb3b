import type { Envelope } from '@churchtrades/shared/envelope';
import { vi } from 'vitest';

type Answer = { status?: number; body: unknown };

/**
 * Replaces `fetch` for one test: each call gets the next answer (the last one repeats). Returns the mock
 * so a test can check what was requested: `new URL(fetchMock.mock.calls[0][0].url)`.
 */
export function mockFetch(...answers: Answer[]) {
  let calls = 0;
  const fetchMock = vi.fn(async (_request: Request) => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (!answer) throw new TypeError('mockFetch was given no answer');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A server answer in the API's envelope (DESIGN.md "API"). */
export function envelope<T>(data: T, { statusCode = 200, status = 'OK', message = 'OK' } = {}): Envelope<T> {
  return { timeStamp: new Date().toISOString(), statusCode, status, message, data };
}

/** The URL of the n-th request the mock received. */
export function requestedUrl(fetchMock: ReturnType<typeof mockFetch>, index = 0): URL {
  const request = fetchMock.mock.calls[index]?.[0];
  if (!request) throw new Error(`fetch was called ${fetchMock.mock.calls.length} time(s), not ${index + 1}`);
  return new URL(request.url);
}
