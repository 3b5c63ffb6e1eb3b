import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
// The type only: the schema's module builds zod schemas at import time, which the first page's bundle does without.
import type { ClientErrorReport } from '@churchtrades/shared/client-errors';
import { CLIENT_ERROR_LIMITS } from '@churchtrades/shared/constants';
import { matchPath } from 'react-router';
import { paths } from '../config/paths';

/**
 * SPEC §8 "A shared handler logs errors": the one place the web app sends the errors it meets, failed calls
 * and screens that could not render, to the console and to the server's log (POST /api/client-errors).
 * Reports hold nothing personal: the route's pattern instead of the address, never a query string, a body
 * or an id; e-mail addresses in a message are masked. At most a few reports a minute reach the server, and
 * the same error once in a while, so a page stuck in a loop does not flood the log.
 */

/** Reports sent to the server in any minute. */
export const REPORTS_PER_MINUTE = 5;
/** The same error is sent once in this time. */
export const SAME_ERROR_SILENCE_MS = 10 * 60_000;
const MINUTE_MS = 60_000;
/** The route of a path no pattern of the app matches: the path itself could hold anything a visitor typed. */
export const UNKNOWN_ROUTE = '/*';

const ROUTE_PATTERNS: readonly string[] = Object.values(paths).map((route) => route.path);
const EMAIL = /[^\s@<>()"']+@[^\s@<>()"']+/g;

/** The app's route pattern of `pathname` (`/business/:id/:slug?`), never the path with its ids. */
export function routePattern(pathname: string): string {
  return ROUTE_PATTERNS.find((pattern) => matchPath(pattern, pathname)) ?? UNKNOWN_ROUTE;
}

/** The text as a report may carry it: e-mail addresses masked, cut to `length`. */
export function scrubbed(text: string, length: number): string {
  return text.replace(EMAIL, '[e-mail]').slice(0, length);
}

type CallError = FetchBaseQueryError;

/**
 * A failed call worth an operator's look: no answer, an unreadable one, or the server's own fault. A 4xx in the
 * envelope is the server's answer to what was sent (a wrong password, a missing field), shown by the screen.
 */
export function isUnexpectedCallError(error: CallError): boolean {
  if (typeof error.status !== 'number') return true;
  if (error.status >= 500) return true;
  return !isEnvelope(error.data);
}

function isEnvelope(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'statusCode' in body && 'message' in body;
}

function callFailure(error: CallError): Pick<ClientErrorReport, 'status' | 'message'> {
  switch (error.status) {
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return { status: error.status, message: error.error };
    case 'PARSING_ERROR':
      return { status: error.status, message: `HTTP ${error.originalStatus}: ${error.error}` };
    case 'CUSTOM_ERROR':
      return { message: error.error };
    default:
      return { status: error.status, message: `HTTP ${error.status}` };
  }
}

function errorParts(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

export interface ErrorReporterOptions {
  /** Sends a report to the server; never throws. */
  send(report: ClientErrorReport): void;
  /** Where every error is written, sent or not. */
  log(...values: unknown[]): void;
  /** The page's path now. */
  pathname(): string;
  now(): number;
}

export function createErrorReporter({ send, log, pathname, now }: ErrorReporterOptions) {
  const sentAt: number[] = [];
  const lastSent = new Map<string, number>();

  function mayBeSent(report: ClientErrorReport): boolean {
    const time = now();
    while (sentAt.length > 0 && time - sentAt[0]! >= MINUTE_MS) sentAt.shift();
    const key = JSON.stringify(report);
    const previous = lastSent.get(key);
    if (previous !== undefined && time - previous < SAME_ERROR_SILENCE_MS) return false;
    if (sentAt.length >= REPORTS_PER_MINUTE) return false;
    sentAt.push(time);
    lastSent.set(key, time);
    return true;
  }

  function report(kind: ClientErrorReport['kind'], name: string, detail: Pick<ClientErrorReport, 'status' | 'message'>) {
    const clientError: ClientErrorReport = {
      kind,
      route: routePattern(pathname()).slice(0, CLIENT_ERROR_LIMITS.route),
      ...(detail.status === undefined ? {} : { status: detail.status }),
      name: scrubbed(name, CLIENT_ERROR_LIMITS.name),
      message: scrubbed(detail.message, CLIENT_ERROR_LIMITS.message),
    };
    if (mayBeSent(clientError)) send(clientError);
  }

  return {
    /** A call that failed; `endpoint` names it (`searchTrades`). Answers the screens handle are let by. */
    callFailed(endpoint: string, error: CallError): void {
      if (!isUnexpectedCallError(error)) return;
      log(`The call ${endpoint} failed`, error);
      report('call', endpoint, callFailure(error));
    },
    /** A screen (or the whole app) that threw while rendering. */
    renderFailed(error: unknown): void {
      log('A screen could not be shown', error);
      report('render', errorParts(error).name, { message: errorParts(error).message });
    },
  };
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

/** The reporter of the running app; until main.tsx installs it (and in component tests) errors go nowhere. */
let current: ErrorReporter | undefined;

/** Makes `reporter` the app's; undefined sends errors nowhere again. */
export function installErrorReporter(reporter: ErrorReporter | undefined): void {
  current = reporter;
}

export function reportCallError(endpoint: string, error: CallError): void {
  current?.callFailed(endpoint, error);
}

export function reportRenderError(error: unknown): void {
  current?.renderFailed(error);
}

/** The browser's reporter: the console, and the server's log through a request that outlives the page. */
export function browserErrorReporter(): ErrorReporter {
  return createErrorReporter({
    send: (report) => {
      void fetch('/api/client-errors', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => undefined);
    },
    log: (...values) => console.error(...values),
    pathname: () => window.location.pathname,
    now: () => Date.now(),
  });
}
