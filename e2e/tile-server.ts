import http from 'node:http';
import type { AddressInfo } from 'node:net';

// One pixel: the browser stretches it over the 256-pixel tile.
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface TileServer {
  /** The tile URL template to give the server as MAP_TILE_URL. */
  urlTemplate: string;
  /** How many tiles browsers have asked for so far. */
  requests(): number;
  stop(): Promise<void>;
}

/** A stand-in for a map tile server on loopback: the real ones are out of reach of the tests. */
export async function startTileServer(): Promise<TileServer> {
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(TILE_PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requests: () => requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
