import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

/**
 * A PostgreSQL cluster of its own for the load and fault runs: made with initdb in a temporary directory,
 * listening on a free loopback port, stopped and started again at will (a database restart under load),
 * and removed at the end. It never touches any other PostgreSQL on the machine.
 *
 * initdb and postgres refuse to run as root: as root, they run as the `postgres` user, in a directory that
 * user owns. Clusters left behind by a run that was killed are removed by the next one.
 */
export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const DIR_PREFIX = 'churchtrades-pg-';
const OWNER_FILE = 'owner.pid';
const START_TIMEOUT_SECONDS = 60;
const RUN_AS_USER = 'postgres';

export type StopMode = 'fast' | 'immediate';

export interface PrivatePostgres {
  port: number;
  /** The maintenance database, as the superuser `postgres` (trust authentication on loopback). */
  url: string;
  /** The URL of another database of this cluster. */
  databaseUrl(name: string): string;
  /** Creates a database (a plain identifier) and answers its URL. */
  createDatabase(name: string): Promise<string>;
  isRunning(): boolean;
  /** Stops the server: `fast` ends every session cleanly, `immediate` is a crash. */
  stop(mode?: StopMode): Promise<void>;
  /** Starts the stopped server again, on the same port. */
  start(): Promise<void>;
  /** Stops the server and deletes the cluster (a kept one, `keptIn`, is only stopped). Safe to call twice. */
  remove(): Promise<void>;
}

/** Whether the PostgreSQL server binaries (initdb, pg_ctl, postgres) are installed. */
export function postgresBinariesPresent(): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((name) => fs.existsSync(path.join(POSTGRES_BIN_DIR, name)));
}

const runsAsRoot = () => process.getuid?.() === 0;

const BINARY_TIMEOUT_MS = (START_TIMEOUT_SECONDS + 30) * 1000;

/** The command line of a PostgreSQL binary, as the `postgres` user when this process is root. */
function commandLine(binary: string, args: readonly string[]): [string, string[]] {
  const command = path.join(POSTGRES_BIN_DIR, binary);
  return runsAsRoot() ? ['runuser', ['-u', RUN_AS_USER, '--', command, ...args]] : [command, [...args]];
}

function failure(binary: string, args: readonly string[], why: string, output: string): Error {
  return new Error(`${binary} ${args.join(' ')} failed (${why}): ${output.trim()}`);
}

/** Runs a binary without blocking: the load and the readiness polling go on while PostgreSQL stops and starts. */
function runBinary(binary: string, args: readonly string[]): Promise<void> {
  const [file, argv] = commandLine(binary, args);
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: 'utf8', timeout: BINARY_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (error) reject(failure(binary, args, String(error.code ?? error.signal), `${stdout}${stderr}`));
      else resolve();
    });
  });
}

/** For the exit hook, where nothing asynchronous runs any more. */
function runBinarySync(binary: string, args: readonly string[]): void {
  const [file, argv] = commandLine(binary, args);
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: BINARY_TIMEOUT_MS });
  if (result.status !== 0) {
    throw failure(binary, args, String(result.status ?? result.signal), `${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
}

function ownDirectory(dir: string): void {
  if (!runsAsRoot()) return;
  execFileSync('chown', ['-R', `${RUN_AS_USER}:`, dir]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Crash-stops the cluster in `dir` if it runs, then deletes the directory; never throws. */
function removeSync(dir: string): void {
  const dataDir = path.join(dir, 'data');
  if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
    try {
      runBinarySync('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    } catch {
      // Already stopped: its pid file was stale.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

function readOwner(dir: string): number | undefined {
  try {
    const owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    return Number.isInteger(owner) && owner > 0 ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Clusters of earlier runs whose process no longer lives (killed before it could clean up). */
function removeAbandonedClusters(): void {
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(tmp, name);
    const owner = readOwner(dir);
    // A directory without its owner file is still being made: left to its maker.
    if (owner !== undefined && !isAlive(owner)) removeSync(dir);
  }
}

const liveClusters = new Set<string>();
let exitHookInstalled = false;

/** A process that exits (normally, by an uncaught error, or by process.exit) takes its clusters with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const dir of liveClusters) removeSync(dir);
  });
}

/**
 * For command-line runs: Ctrl-C and SIGTERM exit through process.exit, so that the exit hook removes the
 * clusters (a signal's default action would skip it). Not for test workers, whose runner owns the signals.
 */
export function exitOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => process.exit(128 + (os.constants.signals[signal] ?? 0)));
  }
}

async function waitUntilAccepting(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_SECONDS * 1000;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export interface PrivatePostgresOptions {
  /**
   * A directory the cluster is kept in between runs (the benchmarks' generated data): made and initialised
   * on first use, stopped but never deleted at the end. Without it, a temporary cluster removed at the end.
   */
  keptIn?: string;
  /** Server settings (`shared_buffers` → `2GB`), passed as `-c name=value` at every start. */
  settings?: Readonly<Record<string, string>>;
}

async function initialise(dir: string, dataDir: string): Promise<void> {
  ownDirectory(dir);
  await runBinary('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
}

/** The kept cluster's directory, initialised unless it was; a cluster a killed run left running is stopped. */
async function keptCluster(dir: string, dataDir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) await runBinary('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w']).catch(() => undefined);
    return;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await initialise(dir, dataDir);
}

/** A temporary cluster's directory, initialised, and removed when this process exits. */
async function temporaryCluster(): Promise<string> {
  removeAbandonedClusters();
  installExitHook();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), DIR_PREFIX));
  liveClusters.add(dir);
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  try {
    await initialise(dir, path.join(dir, 'data'));
  } catch (error) {
    removeSync(dir);
    liveClusters.delete(dir);
    throw error;
  }
  return dir;
}

/** At exit, a kept cluster is stopped (its data stays); a run killed outright leaves it for the next to stop. */
function stopAtExit(dataDir: string): void {
  process.on('exit', () => {
    if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
    try {
      runBinarySync('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w']);
    } catch {
      // Already stopped.
    }
  });
}

export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  if (!postgresBinariesPresent()) throw new Error(`No PostgreSQL server binaries in ${POSTGRES_BIN_DIR}`);
  const kept = options.keptIn !== undefined;
  const dir = options.keptIn ?? (await temporaryCluster());
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (kept) {
    await keptCluster(dir, dataDir);
    stopAtExit(dataDir);
  }
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const settings = Object.entries(options.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`);
  // The socket goes in the cluster's own directory: nothing shared with another server's /tmp sockets.
  const serverOptions = [`-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`, ...settings].join(' ');
  let running = false;

  const cluster: PrivatePostgres = {
    port,
    url,
    databaseUrl(name) {
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return cluster.databaseUrl(name);
    },
    isRunning: () => running,
    async stop(mode = 'fast') {
      if (!running) return;
      await runBinary('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', String(START_TIMEOUT_SECONDS)]);
      running = false;
    },
    async start() {
      if (running) return;
      await runBinary('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', String(START_TIMEOUT_SECONDS), '-o', serverOptions]);
      running = true;
      await waitUntilAccepting(url);
    },
    async remove() {
      if (kept) return cluster.stop();
      if (!liveClusters.has(dir)) return;
      running = false;
      removeSync(dir);
      liveClusters.delete(dir);
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    await cluster.remove();
    throw new Error(`The private PostgreSQL did not start: ${(error as Error).message}\n${log}`, { cause: error });
  }
  return cluster;
}
