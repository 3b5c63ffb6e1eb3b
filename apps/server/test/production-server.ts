import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledEntryArguments } from './compiled-server';
import { freePort } from './server-process';

/**
 * The real server, compiled (dist/server.js), in its own process with NODE_ENV=production, as it is deployed, on a
 * PostgreSQL database (or the embedded one in its data directory): for the load, fault and background-work runs,
 * which stop it gracefully, kill it with SIGKILL, and start it again on the same port, data directory and secret,
 * as a process manager would. `launchWorker` runs `npm run worker`'s dist/worker.js the same way.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
const KEPT_OUTPUT_LINES = 200;

export interface ServerSetup {
  /** Undefined: the embedded database, in `dataDir`. */
  databaseUrl: string | undefined;
  port: number;
  baseUrl: string;
  dataDir: string;
  sessionSecret: string;
  poolSize: number;
  /** More of the environment, over the defaults (LOG_LEVEL, SMTP_URL …). */
  env?: Record<string, string>;
}

export interface RunningServer {
  pid: number;
  baseUrl: string;
  isAlive(): boolean;
  /** The exit code, or the signal that ended it, once it has exited. */
  exit: Promise<number | NodeJS.Signals>;
  /** The last lines it wrote (its log at LOG_LEVEL=warn), for a report or a failed run. */
  output(): string[];
  /** How many lines it logged at level error or fatal (a 500 logs "request failed"). */
  errorLines(): number;
  /** SIGTERM, then waits for it to finish its requests and exit. */
  stop(): Promise<void>;
  /** SIGKILL: no chance to finish anything. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** A run that ends (or fails) never leaves a server behind. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** A port, data directory and secret kept across restarts of the server. */
export async function prepareServerSetup(databaseUrl: string | undefined, poolSize = 10): Promise<ServerSetup & { remove(): void }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-load-'));
  return {
    databaseUrl,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    sessionSecret: randomBytes(32).toString('hex'),
    poolSize,
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Whether the server answers /readyz with 200 (within 2 s). */
async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Launches the server, ready once it answers /readyz. */
export function launchServer(setup: ServerSetup): Promise<RunningServer> {
  return launch('server', setup, () => isReady(setup.baseUrl));
}

/** Launches `npm run worker` (dist/worker.js), ready once it says it started (at LOG_LEVEL=info, unless told). */
export function launchWorker(setup: ServerSetup): Promise<RunningServer> {
  let started = false;
  return launch('worker', { ...setup, env: { LOG_LEVEL: 'info', ...setup.env } }, async (lines) => {
    started ||= lines.some((line) => line.includes('worker started'));
    return started;
  });
}

async function launch(
  entry: 'server' | 'worker',
  setup: ServerSetup,
  isStarted: (lines: string[]) => Promise<boolean>,
): Promise<RunningServer> {
  installExitHook();
  const child = spawn(process.execPath, await compiledEntryArguments(entry), {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: setup.sessionSecret,
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // Undefined unsets it (spawn leaves out undefined values): a DATABASE_URL of the caller's shell never leaks in.
      DATABASE_URL: setup.databaseUrl,
      DATABASE_POOL_SIZE: String(setup.poolSize),
      PORT: String(setup.port),
      HOST: '127.0.0.1',
      APP_ORIGIN: setup.baseUrl,
      DATA_DIR: setup.dataDir,
      // The load acts as a proxy on this machine: each simulated client names itself in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      ...setup.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  let errors = 0;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      if (/"level":(50|60)\b/.test(line)) errors += 1;
      lines.push(line);
      if (lines.length > KEPT_OUTPUT_LINES) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'SIGKILL');
    });
  });
  const isAlive = () => child.exitCode === null && child.signalCode === null;

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isStarted(lines))) {
    if (!isAlive() || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exit;
      throw new Error(`The ${entry} did not get ready (exit ${child.exitCode ?? child.signalCode}):\n${lines.slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    pid: child.pid ?? -1,
    baseUrl: setup.baseUrl,
    isAlive,
    exit,
    output: () => [...lines],
    errorLines: () => errors,
    async stop() {
      if (isAlive()) child.kill('SIGTERM');
      await exit;
    },
    async kill() {
      if (isAlive()) child.kill('SIGKILL');
      await exit;
    },
  };
}

/** Resident memory of a process in MiB (VmRSS of /proc/<pid>/status), or null once it is gone. */
export function residentMemoryMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kiB = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kiB === undefined ? null : Number(kiB) / 1024;
  } catch {
    return null;
  }
}
