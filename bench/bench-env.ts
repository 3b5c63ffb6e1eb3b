/**
 * Where the search benchmark keeps its data. Only bench/ reads these variables; the product's configuration
 * is untouched (the bench server gets its own DATABASE_URL from here).
 */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TRADES = 1_000_000;
export const COMPARISON_TRADES = 10_000;

/** The two databases kept between runs; any other size gets a name of its own. */
export function benchDatabaseName(trades: number): string {
  if (trades === 1_000_000) return 'churchtrades_bench_1m';
  if (trades === 10_000) return 'churchtrades_bench_10k';
  return `churchtrades_bench_${trades}`;
}

export function parseTradeCount(text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isInteger(value) || value < 100 || value > 50_000_000) {
    throw new Error(`BENCH_TRADES must be a whole number between 100 and 50,000,000, not "${text}"`);
  }
  return value;
}

/**
 * BENCH_DATABASE_URL names the database outright (for one size); otherwise the database of that size on
 * the server of BENCH_POSTGRES_URL (default: the local PostgreSQL).
 */
export function benchDatabaseUrl(trades: number, env: Record<string, string | undefined>): string {
  if (env.BENCH_DATABASE_URL) return env.BENCH_DATABASE_URL;
  const url = new URL(env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL);
  url.pathname = `/${benchDatabaseName(trades)}`;
  return url.toString();
}

export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  // Quoted into CREATE DATABASE: nothing but plain identifiers.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`The bench database name must be lower-case letters, digits and _, not "${name}"`);
  }
  return name;
}

/** The same server's maintenance database, from which the bench database is created. */
export function maintenanceUrl(url: string): string {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  return maintenance.toString();
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-AU');
}

export function seconds(startedAt: number): string {
  return `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
}

/** The bench server's route answering a precomputed copy of a real 9-card page (see bench-server.ts). */
export const FIXED_PAGE_PATH = '/bench/fixed-page';
/** The bench server's route answering a precomputed copy of the whole country's map points (see bench-server.ts). */
export const FIXED_MAP_PATH = '/bench/fixed-map';
/** The map with no filter: every listed business with a pin, the first 5,000 by name. */
export const WHOLE_COUNTRY_MAP_PATH = '/api/trades/mapPoints';
/** The search page's page size (SPEC "Search page size 9 trades"). */
export const SEARCH_PAGE_SIZE = 9;
