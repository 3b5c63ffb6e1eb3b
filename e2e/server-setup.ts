import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from '../apps/server/test/mail-catcher';
import { startServerProcess } from '../apps/server/test/server-process';
import { startTileServer } from './tile-server';

/** The demo accounts' password the server is given, unless DEMO_PASSWORD names another. */
export const E2E_DEMO_PASSWORD = 'Organ-loft-and-parish-hall-12';

/**
 * The real server (built web app, fresh embedded database with demo data) on a free port for all tests,
 * sending its mail to a catcher that writes each mail into a directory the tests read, and taking its map
 * tiles from a stand-in on loopback.
 */
export default async function startServer() {
  const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-e2e-mail-'));
  const catcher = await startMailCatcher({ saveDir: mailDir });
  const tiles = await startTileServer();
  process.env.DEMO_PASSWORD ||= E2E_DEMO_PASSWORD;
  const server = await startServerProcess({
    SMTP_URL: catcher.url,
    MAP_TILE_URL: tiles.urlTemplate,
    DEMO_PASSWORD: process.env.DEMO_PASSWORD,
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    await server.stop();
    await catcher.stop();
    await tiles.stop();
    await fs.rm(mailDir, { recursive: true, force: true });
  };
}
