import { startServerProcess } from '../apps/server/test/server-process';

/** The real server (built web app, fresh embedded database with demo data) on a free port for all tests. */
export default async function startServer() {
  const server = await startServerProcess();
  process.env.E2E_BASE_URL = server.baseUrl;
  return () => server.stop();
}
