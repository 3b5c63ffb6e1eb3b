import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { roleRank } from '@churchtrades/shared/roles';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock';
import { createSessionRepo } from '../src/modules/sessions/repo';
import { createSessionService } from '../src/modules/sessions/service';
import {
  ACCESS_MATRIX,
  type AccessRow,
  type Answer,
  buildScene,
  type Call,
  CALLER_NAMES,
  CALLERS,
  type Caller,
  ROLE_OF,
  routesOf,
  sceneCaller,
  writeWebApp,
} from './access-matrix';
import { createTestApp } from './test-app';

/**
 * Issue "Hostile input and access": every route × every kind of caller answers as ACCESS_MATRIX says, and
 * the app has no route the matrix does not name. See access-matrix.ts for the scene the callers act in.
 */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-dist-'));
writeWebApp(distDir);
const { app, database, config } = await createTestApp({ webDistDir: distDir });
const scene = await buildScene(database.db, config);
const sessions = createSessionService(createSessionRepo(database.db), systemClock, config.sessionLimits);

// Each caller calls from an address of their own, never loopback (which some operational routes trust), so
// that limits per address (five password resets an hour) count each caller apart.
const ADDRESSES = Object.fromEntries(
  CALLERS.map((caller, index) => [caller, `203.0.113.${10 + index}`]),
) as Readonly<Record<Caller, string>>;

const callAs = sceneCaller(app, sessions, scene);

/** The call as the web app makes it, from the caller's own address. */
function answerTo(caller: Caller, call: Call): Promise<LightMyRequestResponse> {
  return callAs(caller, call, ADDRESSES[caller]);
}

function expectAnswer(response: LightMyRequestResponse, answer: Answer, call: Call): void {
  const said = `${response.statusCode} ${response.body.slice(0, 300)}`;
  if (typeof answer === 'number') {
    expect(response.statusCode, said).toBe(answer);
    return;
  }
  expect(response.statusCode >= 200 && response.statusCode < 300, said).toBe(true);
  if (answer === 'ok') return;
  expect(call.target, 'a row answering sees or hidden names its target').toBeDefined();
  const names = response.body.includes(call.target!);
  expect(names, `the answer ${answer === 'sees' ? 'names' : 'does not name'} ${call.target}`).toBe(answer === 'sees');
}

describe('the access matrix', () => {
  it('has a row for every route of the app, and a route for every row', async () => {
    await app.ready();
    const routes = routesOf(app.printRoutes());
    const rows = ACCESS_MATRIX.map((row) => row.route);

    expect(routes).toContain('PATCH /api/user/updateRole');
    expect({
      routesWithoutRow: routes.filter((route) => !rows.includes(route)),
      rowsWithoutRoute: rows.filter((route) => !routes.includes(route)),
      rowsTwice: rows.filter((route, index) => rows.indexOf(route) !== index),
    }).toEqual({ routesWithoutRow: [], rowsWithoutRoute: [], rowsTwice: [] });
  });
});

describe.each(ACCESS_MATRIX)('$route', (row) => {
  const cases = CALLERS.map((caller) => ({ caller, name: CALLER_NAMES[caller], answer: row.answers[caller] }));

  it.each(cases)('answers $name: $answer', async ({ caller, answer }) => {
    const call = await row.call(scene, caller);
    const before = await call.state?.();

    const response = await answerTo(caller, call);

    expectAnswer(response, answer, call);
    if (!call.state) return;
    if (answer === 'ok') expect(await call.state(), 'the call had its effect').not.toEqual(before);
    else expect(await call.state(), 'nothing changed').toEqual(before);
  });
});

/** Every query value and the body made unacceptable: were it read before the guard, the answer would be 400. */
function withBadInput(request: InjectOptions): InjectOptions {
  const [path = '', query] = String(request.url).split('?');
  const badQuery = query === undefined ? '' : `?${query.split('&').map((pair) => `${pair.split('=')[0]}=%7Bnot%20valid%7D`).join('&')}`;
  const bad = { ...request, url: `${path}${badQuery}` };
  if (request.method === 'GET' || request.method === 'HEAD') return bad;
  return { ...bad, headers: { ...request.headers, 'content-type': 'application/json' }, payload: '["not", "a", "form"]' };
}

const isRefusal = (answer: Answer) => answer === 401 || answer === 403;

/**
 * The callers a row refuses for who they are, not for what they ask about: the stranger, and whoever ranks
 * below every role the row lets through. (A moderator of another church, say, has the role; their refusal is
 * the service's, after the request is read.)
 */
function refusedByTheGuard(row: AccessRow): Caller[] {
  const letThrough = CALLERS.filter((caller) => caller !== 'anonymous' && !isRefusal(row.answers[caller]));
  const leastRank = Math.min(...letThrough.map((caller) => roleRank(ROLE_OF[caller as Exclude<Caller, 'anonymous'>])));
  return CALLERS.filter((caller) => {
    if (caller === 'anonymous') return row.answers[caller] === 401;
    return row.answers[caller] === 403 && roleRank(ROLE_OF[caller]) < leastRank;
  });
}

const GUARDED = ACCESS_MATRIX.flatMap((row) =>
  refusedByTheGuard(row).map((caller) => ({ route: row.route, row, caller, name: CALLER_NAMES[caller], answer: row.answers[caller] })),
);

describe('the guards answer before the request is read', () => {
  it('cover every route some caller is refused', () => {
    expect(ACCESS_MATRIX.filter((row) => CALLERS.some((caller) => isRefusal(row.answers[caller]))).length).toBeGreaterThan(50);
    expect(new Set(GUARDED.map(({ route }) => route)).size).toBeGreaterThan(50);
  });

  it.each(GUARDED)('$route answers $name with bad input: $answer', async ({ row, caller, answer }) => {
    const call = await row.call(scene, caller);

    const response = await answerTo(caller, { ...call, request: withBadInput(call.request) });

    expect(response.statusCode, response.body.slice(0, 300)).toBe(answer);
  });
});
