import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock';
import { SESSION_COOKIE } from '../src/modules/sessions/plugin';
import { createSessionRepo } from '../src/modules/sessions/repo';
import { createSessionService } from '../src/modules/sessions/service';
import { ACCESS_MATRIX, buildScene, type Call, type Caller, sceneCaller, totpCode } from './access-matrix';
import { createAccount } from './factories';
import { SPEC_CALLS, type SpecCall } from './spec-calls';
import { createTestApp, TEST_ORIGIN } from './test-app';

/**
 * SPEC §7's calls (spec-calls.ts) against this server: each is in the OpenAPI document with its method,
 * answers a permitted caller with a 2xx, and a stranger with 401 when it is protected. The requests are the
 * access matrix's (access-matrix.ts), made in its scene, so that each call is sent with a valid body.
 */
const { app, database, config } = await createTestApp();
const scene = await buildScene(database.db, config);
const sessions = createSessionService(createSessionRepo(database.db), systemClock, config.sessionLimits);
const callAs = sceneCaller(app, sessions, scene);
await app.ready();
const documented = app.swagger() as { paths: Record<string, Record<string, unknown>> };

const routeOf = (call: SpecCall) => `${call.method} ${call.path}`;
/** The OpenAPI path of a Fastify route: `/api/user/:id` → `/api/user/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const isDocumented = (call: SpecCall) => documented.paths[openApiPath(call.path)]?.[call.method.toLowerCase()] !== undefined;

// Each request from an address of its own, so that limits per address (five password resets an hour) never bite.
let requestsMade = 0;
const nextAddress = () => `198.51.100.${++requestsMade}`;

function matrixRow(call: SpecCall) {
  const row = ACCESS_MATRIX.find((candidate) => candidate.route === routeOf(call));
  if (!row) throw new Error(`${routeOf(call)} has no row in the access matrix`);
  return row;
}

/** The call made by its permitted caller; a login waiting for its two-step code sends the code. */
async function answerToPermitted(call: SpecCall) {
  if (call.caller === 'TWO_STEP_PENDING') return completeTwoStepLogin();
  return answerTo(call.caller, await matrixRow(call).call(scene, call.caller));
}

function answerTo(caller: Caller, call: Call) {
  return callAs(caller, call, nextAddress());
}

async function completeTwoStepLogin() {
  const secret = new Secret({ size: 20 }).base32;
  const account = await createAccount(database.db, { mfa: true, mfaSecret: secret });
  const address = nextAddress();
  const halfSession = await sessions.start(account.id, 'MFA_PENDING', { address, userAgent: '' });
  const code = totpCode(secret);
  const boxes = Object.fromEntries([...code].map((digit, index) => [`qrCode${index + 1}`, digit]));
  return app.inject({
    method: 'POST',
    url: '/api/user/verify/qrcode',
    remoteAddress: address,
    headers: { origin: TEST_ORIGIN, cookie: `${SESSION_COOKIE}=${halfSession.token}` },
    payload: { ...boxes, userId: account.id },
  });
}

describe('the calls of SPEC §7', () => {
  it('are every call SPEC §7 lists, each once', () => {
    const routes = SPEC_CALLS.map(routeOf);
    const inSection = (section: SpecCall['section']) => SPEC_CALLS.filter((call) => call.section === section).length;

    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
    expect({
      User: inSection('User'),
      Trades: inSection('Trades'),
      Utils: inSection('Utils'),
      Address: inSection('Address'),
      'Social media': inSection('Social media'),
      Churches: inSection('Churches'),
      'Master users': inSection('Master users'),
      Categories: inSection('Categories'),
    }).toEqual({ User: 26, Trades: 15, Utils: 2, Address: 5, 'Social media': 5, Churches: 9, 'Master users': 14, Categories: 8 });
  });
});

describe.each(SPEC_CALLS)('$spec ($section) as $method $path', (call) => {
  it('is in the OpenAPI document', () => {
    expect(isDocumented(call)).toBe(true);
  });

  it('answers a permitted caller with a 2xx', async () => {
    const response = await answerToPermitted(call);

    expect(response.statusCode, `${call.caller}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
    expect(response.statusCode, `${call.caller}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  });

  it.runIf(call.protected)('answers a stranger with 401', async () => {
    const response = await answerTo('anonymous', await matrixRow(call).call(scene, 'anonymous'));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 'UNAUTHORIZED', message: 'You are not logged in' });
  });
});
