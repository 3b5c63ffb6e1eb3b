import { type Envelope, statusName } from '@churchtrades/shared/envelope';
import { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished, vi } from 'vitest';

/**
 * The API as web tests see it (Mock Service Worker): started once for every test file by setup-tests.ts, where a
 * request that no handler answers fails the test. Each test adds its own handlers, dropped after it.
 */
export const server = setupServer();

/** A server answer in the API's envelope (DESIGN.md "API"). */
export function envelope<T>(data: T, { statusCode = 200, status = 'OK', message = 'OK' } = {}): Envelope<T> {
  return { timeStamp: new Date().toISOString(), statusCode, status, message, data };
}

/**
 * What a route answers: envelope parts (status 200, message 'OK', data {} unless given), or a whole Response
 * (`Response.error()` for a server that cannot be reached).
 */
export type Reply = { status?: number; message?: string; data?: unknown } | Response;

/** A request a route received: its URL and its body, parsed (JSON, or FormData for an upload). */
export interface ReceivedCall {
  url: URL;
  body: unknown;
}

/** Answers one route; may return a promise, to hold the answer back. */
export type Route = Reply | ((call: ReceivedCall) => Reply | Promise<Reply>);

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text === '' ? undefined : JSON.parse(text);
}

function toResponse(reply: Reply): Response {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  const body = envelope(reply.data ?? {}, { statusCode: status, status: statusName(status), message: reply.message ?? 'OK' });
  return Response.json(body, { status });
}

/**
 * Answers the API by method and path for the running test, e.g. `{ 'POST /api/user/login': {...} }`.
 * `calls(route)` lists what each route received; `requests()` every request sent since, answered or not.
 */
export function serveApi(routes: Record<string, Route>) {
  const received: (ReceivedCall & { route: string })[] = [];
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  server.use(
    ...Object.entries(routes).map(([route, answer]) => {
      const [method = '', pathname = ''] = route.split(' ');
      return new HttpHandler(method, pathname, async ({ request }) => {
        const call = { route, url: new URL(request.url), body: await readBody(request) };
        received.push(call);
        return toResponse(typeof answer === 'function' ? await answer(call) : answer);
      });
    }),
  );
  return {
    calls: (route: string) => received.filter((call) => call.route === route),
    requests: () => [...sent],
  };
}

/**
 * The requests the page hands to fetch in this test, as it built them: the mock server receives a copy without
 * their credentials mode, which is what a test of the session cookie looks at.
 */
export function requestsHandedToFetch(): () => Request[] {
  const spy = vi.spyOn(globalThis, 'fetch');
  onTestFinished(() => spy.mockRestore());
  return () => spy.mock.calls.map(([input]) => (input instanceof Request ? input : new Request(input)));
}

/** A promise the test settles when it wants: for a request still running ('Loading...'). */
export function heldAnswer() {
  let release: (reply: Reply) => void = () => {};
  const answer = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release: (reply: Reply = {}) => release(reply) };
}
