import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { NOT_FOUND_MESSAGE } from './error-handler';
import {
  BAD_URL_MESSAGE,
  HEADERS_TOO_LARGE_MESSAGE,
  UNREADABLE_REQUEST_MESSAGE,
  URL_TOO_LONG_MESSAGE,
} from './framework-errors';

const { app } = await createTestApp();
app.get('/api/test-only/things/:id', async () => ({ ok: true }));
// Node's HTTP parser answers oversized requests before Fastify's routing (or `inject`) is reached: a real socket.
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

/** Writes the bytes to the listening server and reads its answer until it closes the connection. */
function rawExchange(request: string): Promise<{ statusLine: string; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      const [statusLine = '', ...headers] = head.split('\r\n');
      resolve({ statusLine, headers: headers.join('\n'), body });
    });
  });
}

const KB = 1024;

describe("errors of Fastify's router", () => {
  it('answers a path segment longer than any id with 404 in the envelope, without echoing it', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/test-only/things/${'x'.repeat(5000)}` });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
    expect(response.body).not.toContain('xxxx');
  });

  it('answers a malformed percent-encoding with 400 in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/things/%E0%A4%A' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: BAD_URL_MESSAGE });
  });
});

describe("requests Node's HTTP parser refuses", () => {
  it('answers headers larger than the parser takes with 431 in the envelope', async () => {
    const answer = await rawExchange(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(20 * KB)}\r\n\r\n`);

    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(answer.body)).toMatchObject({
      statusCode: 431,
      status: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      message: HEADERS_TOO_LARGE_MESSAGE,
      data: {},
    });
    expect(answer.headers).toMatch(/^content-type: application\/json; charset=utf-8$/im);
  });

  it('answers a URL longer than the parser takes with 414 in the envelope, without echoing it', async () => {
    const answer = await rawExchange(`GET /api/${'b'.repeat(20 * KB)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);

    expect(answer.statusLine).toBe('HTTP/1.1 414 URI Too Long');
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 414, status: 'URI_TOO_LONG', message: URL_TOO_LONG_MESSAGE });
    expect(answer.body).not.toContain('bbbb');
  });

  it('answers bytes that are no HTTP request with 400 in the envelope', async () => {
    const answer = await rawExchange('NOT HTTP AT ALL\r\n\r\n');

    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: UNREADABLE_REQUEST_MESSAGE });
  });
});
