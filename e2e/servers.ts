/**
 * The browser tests run in this many workers, each on a server of its own (its own embedded database with the
 * demo data, its own mail catcher), so that one spec's changes to the directory never meet another's.
 */
export const E2E_WORKERS = 2;

export interface WorkerServer {
  baseUrl: string;
  mailDir: string;
}

const VARIABLE = 'E2E_SERVERS';

/** What the global setup hands the workers through the environment. */
export function announceServers(servers: WorkerServer[]): void {
  process.env[VARIABLE] = JSON.stringify(servers);
}

/** The server of the worker with this `parallelIndex`. */
export function serverOfWorker(parallelIndex: number): WorkerServer {
  const announced = process.env[VARIABLE];
  if (!announced) throw new Error(`${VARIABLE} is not set: the global setup did not start the servers`);
  const server = (JSON.parse(announced) as WorkerServer[])[parallelIndex];
  if (!server) throw new Error(`no server for worker ${parallelIndex}`);
  return server;
}
