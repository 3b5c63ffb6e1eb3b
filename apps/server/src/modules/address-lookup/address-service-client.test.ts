import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, newTestAddress, testBrowser } from '../../../test/test-browser';
import { ADDRESS_SERVICE_DOWN_MESSAGE, ADDRESS_SERVICE_KEY_HEADER, ADDRESS_SERVICE_SLOW_MESSAGE } from './address-service-client';
import { PAID_LOOKUP_LIMITS } from './service';

const KEY = 'stand-in-key';
const TIMEOUT_MS = 300;

/** What the service answers for a G-NAF address: its own field names, numbers sometimes as text. */
const PARRAMATTA_FLAT = {
  _id: 'GANSW716630925',
  full_address: 'UNIT 3, 45 SMITH STREET, PARRAMATTA NSW 2150',
  state_abbreviation: 'NSW',
  locality_name: 'PARRAMATTA',
  street_name: 'SMITH',
  street_type_abbreviation: 'ST',
  number_first: '45',
  flat_type: 'UNIT',
  flat_number: 3,
  lga_name_2021: 'Parramatta',
  postcode: '2150',
  longitude: '151.00364',
  latitude: -33.81432,
  confidence: 2,
};

const PARRAMATTA_FLAT_SUGGESTION = {
  id: 'GANSW716630925',
  fullAddress: 'UNIT 3, 45 SMITH STREET, PARRAMATTA NSW 2150',
  stateAbbreviation: 'NSW',
  localityName: 'PARRAMATTA',
  streetName: 'SMITH',
  streetTypeAbbreviation: 'ST',
  firstNumber: '45',
  flatType: 'UNIT',
  flatNumber: '3',
  lgaName2021: 'Parramatta',
  postcode: '2150',
  longitude: 151.00364,
  latitude: -33.81432,
};

type Answer = (url: URL, response: http.ServerResponse, request: http.IncomingMessage) => void;

interface Asked {
  path: string;
  parameters: Record<string, string>;
  key: string | undefined;
}

const json = (status: number, body: unknown): Answer => (_url, response) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};

// A stand-in for the external service on loopback, answering as each test says.
let answer: Answer = json(200, []);
const asked: Asked[] = [];
const standIn = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const key = request.headers[ADDRESS_SERVICE_KEY_HEADER];
  asked.push({ path: url.pathname, parameters: Object.fromEntries(url.searchParams), key: key?.toString() });
  answer(url, response, request);
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
const { port } = standIn.address() as AddressInfo;
afterAll(async () => {
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});

let now = Date.now();
const { app, database } = await createTestApp(
  { addressApiUrl: `http://127.0.0.1:${port}/v1/`, addressApiKey: KEY, addressApiTimeoutMs: TIMEOUT_MS },
  { clock: () => new Date(now) },
);

const get = (url: string) => app.inject({ method: 'GET', url });

beforeEach(() => {
  asked.length = 0;
});

describe('the address lookup through the external service', () => {
  it('asks the autocomplete call with the key in its header and answers the addresses in our words', async () => {
    answer = json(200, [PARRAMATTA_FLAT]);

    const response = await get(`/api/address/lookup?q=${encodeURIComponent('3/45 smith st')}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.addresses).toEqual([PARRAMATTA_FLAT_SUGGESTION]);
    expect(asked).toEqual([{ path: '/v1/autocomplete', parameters: { search_word: '3/45 smith st' }, key: KEY }]);
  });

  it('leaves out addresses it cannot read or outside the eight states, and keeps at most ten', async () => {
    const christmasIsland = { ...PARRAMATTA_FLAT, _id: 'GAOT_717882967', state_abbreviation: 'OT' };
    const withoutAddress = { _id: 'GANSW700000001', state_abbreviation: 'NSW' };
    const others = Array.from({ length: 12 }, (_, index) => ({ ...PARRAMATTA_FLAT, _id: `GANSW70000010${index}` }));
    answer = json(200, [christmasIsland, withoutAddress, 'GANSW1', ...others]);

    const addresses = (await get('/api/address/lookup?q=45%20smith%20st')).json().data.addresses;

    expect(addresses).toHaveLength(7);
    expect(addresses.map((address: { id: string }) => address.id)).toEqual(others.slice(0, 7).map((other) => other._id));
  });

  it('answers one address through the metadata call', async () => {
    answer = json(200, { ...PARRAMATTA_FLAT, street_name: null, longitude: '' });

    const response = await get('/api/address/lookup/GANSW716630925');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.address).toEqual({ ...PARRAMATTA_FLAT_SUGGESTION, streetName: null, longitude: null });
    expect(asked).toEqual([{ path: '/v1/metadata', parameters: { _id: 'GANSW716630925' }, key: KEY }]);
  });

  it('answers 404 for an id the service does not know', async () => {
    answer = json(404, { message: 'not found' });

    const response = await get('/api/address/lookup/GANSW799999999');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'NOT_FOUND', message: 'Address not found' });
  });

  it('answers 504 with a clear message when the service takes longer than the timeout', async () => {
    answer = (_url, response) => {
      const late = setTimeout(() => json(200, [PARRAMATTA_FLAT])(_url, response, {} as http.IncomingMessage), 5000);
      response.on('close', () => clearTimeout(late));
    };
    const startedAt = performance.now();

    const response = await get('/api/address/lookup?q=45%20smith');

    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual(
      expect.objectContaining({ status: 'GATEWAY_TIMEOUT', message: ADDRESS_SERVICE_SLOW_MESSAGE, data: {} }),
    );
    expect(performance.now() - startedAt).toBeLessThan(TIMEOUT_MS + 1500);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it.each([
    ['fails', json(500, { error: 'database offline' })],
    ['refuses the key', json(401, { error: 'invalid api key' })],
    ['answers what is not JSON', json(200, '<html>maintenance</html>')],
    ['answers JSON of another shape', json(200, { results: [PARRAMATTA_FLAT] })],
    ['drops the connection', (_url, _response, request) => request.socket.destroy()],
  ] satisfies [string, Answer][])('answers 502 with a clear message when the service %s', async (_case, failure) => {
    answer = failure;

    const response = await get('/api/address/lookup?q=45%20smith');

    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ status: 'BAD_GATEWAY', message: ADDRESS_SERVICE_DOWN_MESSAGE });
    expect(response.body).not.toContain('database offline');
  });

  it('answers 502 when the service answers an address by id it cannot read', async () => {
    answer = json(200, { _id: 'GANSW716630926' });

    const response = await get('/api/address/lookup/GANSW716630926');

    expect(response.statusCode).toBe(502);
  });

  it('does not ask the service for text shorter than three characters', async () => {
    const response = await get('/api/address/lookup?q=45');

    expect(response.json().data.addresses).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('the paid service guarded', () => {
  const lookup = (text: string, address: string) =>
    testBrowser(app, { address }).get(`/api/address/lookup?q=${encodeURIComponent(text)}`);

  it('asks the service once for the same text, whatever its case and spacing, for an hour', async () => {
    answer = (url, response, request) =>
      json(200, url.pathname.endsWith('/metadata') ? PARRAMATTA_FLAT : [PARRAMATTA_FLAT])(url, response, request);

    const first = await lookup('9/45 Smith St', newTestAddress());
    const again = await lookup(' 9/45  smith st', newTestAddress());
    const chosen = await get('/api/address/lookup/GANSW716630927');
    const chosenAgain = await get('/api/address/lookup/GANSW716630927');
    now += 60 * 60_000;
    await lookup('9/45 smith st', newTestAddress());

    expect(again.json().data.addresses).toEqual(first.json().data.addresses);
    expect(chosen.statusCode).toBe(200);
    expect(chosenAgain.json().data.address).toEqual(chosen.json().data.address);
    expect(asked.map((question) => question.path)).toEqual(['/v1/autocomplete', '/v1/metadata', '/v1/autocomplete']);
  });

  it(`lets ${PAID_LOOKUP_LIMITS.perNetwork.limit} questions an hour from one network reach the service, then answers 429; kept answers are free`, async () => {
    answer = json(200, [PARRAMATTA_FLAT]);
    const network = newTestAddress();
    for (let question = 0; question < PAID_LOOKUP_LIMITS.perNetwork.limit; question += 1) {
      expect((await lookup(`${question} network st`, network)).statusCode).toBe(200);
    }

    const refused = await lookup('another network st', network);
    const kept = await lookup('0 network st', network);
    const elsewhere = await lookup('another network st', newTestAddress());

    expect(refused.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS', data: {} });
    expect(refused.headers['cache-control']).toBeUndefined();
    expect(kept.statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lets a logged-in owner ask more, from a network that has used its limit', async () => {
    answer = json(200, [PARRAMATTA_FLAT]);
    const network = newTestAddress();
    for (let question = 0; question < PAID_LOOKUP_LIMITS.perNetwork.limit; question += 1) {
      await lookup(`${question} parish st`, network);
    }
    const account = await createAccount(database.db);
    const owner = await loggedInBrowser(app, database.db, account.id);
    owner.address = network;

    const refused = await lookup('visitor st', network);
    const response = await owner.get('/api/address/lookup?q=owner%20st');

    expect(refused.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ statusCode: 200, data: { addresses: [PARRAMATTA_FLAT_SUGGESTION] } });
  });
});
