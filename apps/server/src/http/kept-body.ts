import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * A large answer sent many times as it is (a kept map answer): its text, and each compressed copy made the first
 * time a browser accepts it, so that no request pays for compressing it again. The copies are made off the main
 * thread, at a mid level: most of the size gone, without holding the first request for long.
 */
export interface KeptBody {
  text: string;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export function keptBody(text: string): KeptBody {
  const copies = new Map<Encoding, Promise<Buffer>>();
  const compress = (encoding: Encoding) =>
    encoding === 'br'
      ? brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzip(text, { level: 6 });
  return {
    text,
    encoded(encoding) {
      const copy = copies.get(encoding) ?? compress(encoding);
      copies.set(encoding, copy);
      return copy;
    },
  };
}

/** Sends the body compressed as the request accepts, or as it is. The app's compression leaves it as sent. */
export async function sendKeptBody(request: FastifyRequest, reply: FastifyReply, body: KeptBody): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted === undefined ? null : (negotiate(accepted, ENCODINGS) as Encoding | null);
  if (encoding === null) return reply.send(body.text);
  return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
}
