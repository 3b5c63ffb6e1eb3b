import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startAbrRegister } from '../apps/server/test/abr-register';
import { startMailCatcher } from '../apps/server/test/mail-catcher';
import { startServerProcess } from '../apps/server/test/server-process';
import { E2E_REGISTER_RECORDS } from './abn-register';
import { announceServers, E2E_WORKERS } from './servers';
import { startTileServer } from './tile-server';

/** The demo accounts' password in these tests, unless DEMO_PASSWORD names another. */
const E2E_DEMO_PASSWORD = 'Kookaburra-Wattle-Billabong-42';

/** One worker's real server, sending its mail to a catcher that writes each mail into a directory of its own. */
async function startWorkerServer(tileUrlTemplate: string, register: { url: string; guid: string }) {
  const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-e2e-mail-'));
  const catcher = await startMailCatcher({ saveDir: mailDir });
  const server = await startServerProcess({
    SMTP_URL: catcher.url,
    MAP_TILE_URL: tileUrlTemplate,
    ABR_URL: register.url,
    ABR_GUID: register.guid,
    // As behind a proxy on this machine: the tests' API registrations then come from addresses of their own.
    TRUST_PROXY: 'loopback',
    DEMO_PASSWORD: process.env.DEMO_PASSWORD ?? E2E_DEMO_PASSWORD,
  });
  return {
    baseUrl: server.baseUrl,
    mailDir,
    async stop() {
      await server.stop();
      await catcher.stop();
      await fs.rm(mailDir, { recursive: true, force: true });
    },
  };
}

/**
 * A real server (built web app, fresh embedded database with demo data) on a free port for each worker, its map
 * tiles and the Australian Business Register from stand-ins on loopback. The tests read the demo password from DEMO_PASSWORD as the servers do.
 */
export default async function startServers() {
  const tiles = await startTileServer();
  const register = await startAbrRegister({ records: E2E_REGISTER_RECORDS });
  process.env.DEMO_PASSWORD ||= E2E_DEMO_PASSWORD;
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () => startWorkerServer(tiles.urlTemplate, register)),
  );
  announceServers(servers.map(({ baseUrl, mailDir }) => ({ baseUrl, mailDir })));
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await tiles.stop();
    await register.stop();
  };
}
