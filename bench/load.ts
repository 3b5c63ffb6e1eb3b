import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/server/test/server-process';
import { maintenanceUrl } from './bench-env';

/**
 * What the HTTP benchmarks share (search.ts, map-points.ts): the app in its own process on loopback
 * (bench-server.ts), autocannon driving it through a list of paths, CPU per request from /proc, and the
 * facts printed with each table.
 */
const env = process.env;
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS_DIR = fileURLToPath(new URL('./results', import.meta.url));
export const DURATION_SECONDS = Number(env.BENCH_SECONDS ?? 20);
export const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
export const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 5);
export const REQUEST_TIMEOUT_SECONDS = 10;
const READY_TIMEOUT_MS = 60_000;

/**
 * Stops a benchmark that opens pages when the web app is not built: the server answers business pages with the
 * built `index.html`, and without it every page would count as a 404.
 */
export function requireWebBuild(): void {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('No built web app in apps/web/dist: run `npm run build` first');
  }
}

/**
 * A short hash of the product code the bench server runs (server and shared sources, migrations; not tests), printed with
 * each table: the code may change while the benchmark runs, and results of different code must not be mixed.
 */
export async function productFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of ['apps/server/src', 'apps/server/drizzle', 'packages/shared/src']) {
    const files = (await fs.readdir(path.join(REPO_ROOT, dir), { recursive: true })).map(String).sort();
    for (const file of files) {
      const full = path.join(REPO_ROOT, dir, file);
      if (/\.test\.tsx?$/.test(file) || !(await fs.stat(full)).isFile()) continue;
      hash.update(`${dir}/${file}\0`).update(await fs.readFile(full));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

export interface BenchServer {
  baseUrl: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** User + system CPU of a process so far, in clock ticks (/proc/<pid>/stat fields 14 and 15), or null. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

let clockTicksPerSecond = 100;
try {
  clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
} catch {
  // Linux's usual value stands in.
}

/** User + system CPU of a process so far, in milliseconds, or null once it is gone. */
export function cpuMs(pid: number): number | null {
  const ticks = cpuTicks(pid);
  return ticks === null ? null : (ticks * 1000) / clockTicksPerSecond;
}

/**
 * CPU spent by the app process and by the PostgreSQL backends serving the bench database while a kind runs:
 * unlike latency, it hardly depends on what else the machine is doing. Backends are found in
 * pg_stat_activity and polled, since the pool may open and close connections during a run.
 */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private serverStart: number | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: pg.Client,
    private readonly serverPid: number | undefined,
  ) {}

  private async poll(): Promise<void> {
    const { rows } = await this.client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and backend_type in ('client backend', 'parallel worker')`,
    );
    for (const { pid } of rows) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      if (!this.first.has(pid)) this.first.set(pid, ticks);
      this.last.set(pid, ticks);
    }
  }

  async start(): Promise<void> {
    this.first.clear();
    this.last.clear();
    this.serverStart = this.serverPid === undefined ? null : cpuTicks(this.serverPid);
    await this.poll();
    this.timer = setInterval(() => void this.poll().catch(() => undefined), 500);
  }

  async stop(): Promise<{ serverMs: number | null; postgresMs: number }> {
    clearInterval(this.timer);
    await this.poll();
    const serverEnd = this.serverPid === undefined ? null : cpuTicks(this.serverPid);
    let postgresTicks = 0;
    for (const [pid, ticks] of this.last) postgresTicks += ticks - (this.first.get(pid) ?? ticks);
    const toMs = (ticks: number) => (ticks * 1000) / clockTicksPerSecond;
    return {
      serverMs: serverEnd === null || this.serverStart === null ? null : toMs(serverEnd - this.serverStart),
      postgresMs: toMs(postgresTicks),
    };
  }
}

async function waitUntilReady(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`bench server exited with ${server.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`bench server not ready after ${READY_TIMEOUT_MS} ms`);
}

/** The app in its own process (bench/bench-server.ts), as production runs it, against the bench database. */
export async function startBenchServer(databaseUrl: string): Promise<BenchServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/bench-server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilReady(baseUrl, server);
  } catch (error) {
    server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    pid: server.pid,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Drive {
  latencies: number[];
  ok: number;
  non2xx: number;
  failures: Record<string, number>;
  errors: number;
  duration: number;
}

/** autocannon at CONNECTIONS connections; each request takes the next path of the list. */
export function drive(baseUrl: string, paths: readonly string[], seconds: number): Promise<Drive> {
  return new Promise<Drive>((resolve, reject) => {
    let next = 0;
    const latencies: number[] = [];
    const failures: Record<string, number> = {};
    let ok = 0;
    let non2xx = 0;
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: REQUEST_TIMEOUT_SECONDS,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }) }],
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ latencies, ok, non2xx, failures, errors: result.errors + result.timeouts, duration: result.duration });
      },
    );
    instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode >= 200 && statusCode < 300) ok += 1;
      else {
        non2xx += 1;
        failures[statusCode] = (failures[statusCode] ?? 0) + 1;
      }
    });
  });
}

/**
 * autocannon stops by closing its sockets, but requests it gave up on may still be running in the server and
 * the database: wait about as long as the slowest one took (`slowestMs`), so they do not weigh on the next kind.
 */
export function settle(slowestMs: number | undefined): Promise<void> {
  const waitMs = Math.min(REQUEST_TIMEOUT_SECONDS * 1000, Math.max(1000, slowestMs ?? 0));
  return new Promise((resolve) => setTimeout(resolve, waitMs));
}

/** Asked in the server's maintenance database: the bench database may not have been made yet. */
function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: maintenanceUrl(url) });
  return client
    .connect()
    .then(() => client.query<{ server_version: string }>('show server_version'))
    .then((result) => result.rows[0]?.server_version ?? '?')
    .finally(() => client.end());
}

/** The machine, the database server and the load settings, printed with and stored beside the results. */
export function machine(url: string) {
  const cpu = os.cpus()[0]?.model ?? '?';
  let nproc = String(os.availableParallelism());
  try {
    nproc = execFileSync('nproc').toString().trim();
  } catch {
    // os.availableParallelism() stands in.
  }
  return postgresVersion(url).then((postgres) => ({
    date: new Date().toISOString(),
    nproc,
    cpu,
    memoryGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    postgres,
    node: process.version,
    durationSeconds: DURATION_SECONDS,
    connections: CONNECTIONS,
  }));
}
