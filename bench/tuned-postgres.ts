import os from 'node:os';
import { exitOnSignals, startPrivatePostgres } from '../apps/server/test/private-postgres';

/**
 * The PostgreSQL the search and map benchmarks measure against: unless BENCH_POSTGRES_URL or BENCH_DATABASE_URL
 * names a server, a cluster of their own configured as docs/operations.md ("PostgreSQL settings") recommends
 * for this machine's memory, kept in BENCH_POSTGRES_DIR (default /var/tmp/churchtrades-bench-postgres, which
 * the `postgres` user can reach when the run is root's) so that a million generated businesses are generated once.
 */
export const DEFAULT_BENCH_POSTGRES_DIR = '/var/tmp/churchtrades-bench-postgres';

const MIB = 1024 * 1024;

/** docs/operations.md "PostgreSQL settings", for a machine (or container) of `memoryBytes` given to PostgreSQL. */
export function recommendedSettings(memoryBytes: number): Record<string, string> {
  const memoryMiB = Math.floor(memoryBytes / MIB);
  return {
    shared_buffers: `${Math.floor(memoryMiB / 4)}MB`,
    effective_cache_size: `${Math.floor((memoryMiB * 3) / 4)}MB`,
    random_page_cost: '1.1',
    work_mem: '16MB',
    maintenance_work_mem: `${Math.min(2048, Math.floor(memoryMiB / 16))}MB`,
    jit: 'off',
    max_connections: '100',
  };
}

/** The server URL (its maintenance database) the benchmark creates its databases on. */
export async function benchPostgresUrl(env: Record<string, string | undefined>): Promise<string | undefined> {
  if (env.BENCH_POSTGRES_URL || env.BENCH_DATABASE_URL) return env.BENCH_POSTGRES_URL;
  exitOnSignals();
  const settings = recommendedSettings(os.totalmem());
  const cluster = await startPrivatePostgres({ keptIn: env.BENCH_POSTGRES_DIR ?? DEFAULT_BENCH_POSTGRES_DIR, settings });
  console.log(
    `PostgreSQL of the benchmark on port ${cluster.port}: ${Object.entries(settings)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')}`,
  );
  return cluster.url;
}
