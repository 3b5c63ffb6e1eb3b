import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './api-server';

// A browser resolves a relative URL ('/api/...') against the page; Node's Request, which jsdom tests use,
// refuses it, and RTK Query builds a Request before it calls fetch. Resolve against jsdom's location.
// The files of a worker share one environment (`isolate: false`), and this file runs before each of them.
const NodeRequest = globalThis.Request;
class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}
if (NodeRequest.name !== PageRelativeRequest.name) globalThis.Request = PageRelativeRequest;

// jsdom gives the page its own File and Blob, but the FormData the page sends is Node's, which takes only Node's
// files (since Node 22): the page's files are Node's too, so that a photo's upload is the one a browser makes.
globalThis.Blob = NodeBlob as unknown as typeof Blob;
globalThis.File = NodeFile as unknown as typeof File;

// Registered before the cleanup below, so it runs after it (vitest runs after-hooks in reverse): the handlers of
// a test stay until its page is gone.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

// ALTCHA's widget needs Web Workers and a secure context, which jsdom lacks: every page shows the stand-in. It is
// mocked here, for every file, because the files of a worker share their imports: a mock in one file would miss a
// page that another file of the worker had loaded already with the real widget.
vi.mock('../components/proof-of-work/proof-of-work', async () => {
  const { FakeProofOfWork } = await import('./fake-proof-of-work');
  return { ProofOfWork: FakeProofOfWork };
});

// Two test workers keep both cores busy: a page waited for (`findBy…`, `waitFor`) may need more than the
// default second to render there.
configure({ asyncUtilTimeout: 3000 });

// jsdom has no layout, so nothing to scroll; react-router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};

// A test that logs console.error fails (React warnings, RTK Query's unhandled errors, act() misuse):
// those are bugs that would otherwise scroll past. A test that expects one silences it explicitly with
// `vi.mocked(console.error).mockImplementation(() => {})`.
let loggedErrors: unknown[][] = [];

beforeEach(() => {
  loggedErrors = [];
  const original = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    loggedErrors.push(args);
    original(...args);
  });
  localStorage.clear();
});

afterEach(() => {
  // Without vitest globals, testing-library cannot register its own cleanup.
  cleanup();
  if (loggedErrors.length > 0) {
    const first = loggedErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${loggedErrors.length} time(s); first: ${first}`);
  }
});
