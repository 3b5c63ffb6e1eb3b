import { statusName } from '@churchtrades/shared/envelope';
import { vi } from 'vitest';
import { envelope } from './mock-fetch';

/** What a fake route answers: envelope parts (status 200, message 'OK', data {} unless given), or a whole Response. */
export type Reply = { status?: number; message?: string; data?: unknown } | Response;

/** A request the fake server received: its URL and its body, parsed (JSON, or FormData for an upload). */
export interface ReceivedCall {
  url: URL;
  body: unknown;
}

/** Answers one route; may return a promise (to hold the answer back) or throw (an unreachable server). */
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
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch` with a server that answers by method and path, e.g. `{ 'POST /api/user/login': {...} }`,
 * and 404 for any other route. `calls(route)` lists what each route received.
 */
export function fakeServer(routes: Record<string, Route>) {
  const received: (ReceivedCall & { route: string })[] = [];
  const fetchMock = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    const call = { route, url, body: await readBody(request) };
    received.push(call);
    const answer = routes[route];
    if (answer === undefined) return toResponse({ status: 404, message: `No route ${route}` });
    return toResponse(typeof answer === 'function' ? await answer(call) : answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls: (route: string) => received.filter((call) => call.route === route),
  };
}

/** A promise the test settles when it wants: for a request still running ('Loading...'). */
export function heldAnswer() {
  let release: (reply: Reply) => void = () => {};
  const answer = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release: (reply: Reply = {}) => release(reply) };
}
