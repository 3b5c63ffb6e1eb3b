import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseExposition, sampleValue } from '../../../test/prometheus-text';
import type { Database } from '../../db/database';
import { createMetrics, UNMATCHED_ROUTE } from './metrics';

/** A Drizzle database as the metrics see it: only the client it was made with matters. */
function databaseOn(client: unknown): Database {
  return { $client: client } as unknown as Database;
}

describe('metrics', () => {
  it('counts and times answers by method, route pattern and status code', async () => {
    const metrics = createMetrics(databaseOn({}));

    metrics.observe({ method: 'GET', route: '/api/trades/:id', statusCode: 200, durationMs: 12 });
    metrics.observe({ method: 'GET', route: '/api/trades/:id', statusCode: 200, durationMs: 30 });
    metrics.observe({ method: 'GET', route: '/api/trades/:id', statusCode: 404, durationMs: 3 });
    const samples = parseExposition(await metrics.exposition());

    const labels = { method: 'GET', route: '/api/trades/:id', status_code: '200' };
    expect(sampleValue(samples, 'http_requests_total', labels)).toBe(2);
    expect(sampleValue(samples, 'http_requests_total', { ...labels, status_code: '404' })).toBe(1);
    expect(sampleValue(samples, 'http_request_duration_seconds_count', labels)).toBe(2);
    expect(sampleValue(samples, 'http_request_duration_seconds_sum', labels)).toBeCloseTo(0.042);
  });

  it('labels an answer no route matched as one route, whatever its URL', async () => {
    const metrics = createMetrics(databaseOn({}));

    metrics.observe({ method: 'GET', route: undefined, statusCode: 404, durationMs: 1 });
    const samples = parseExposition(await metrics.exposition());

    expect(sampleValue(samples, 'http_requests_total', { route: UNMATCHED_ROUTE, status_code: '404' })).toBe(1);
  });

  it('keeps the counts of each app apart, as several apps in one process need', async () => {
    const first = createMetrics(databaseOn({}));
    const second = createMetrics(databaseOn({}));

    first.observe({ method: 'POST', route: '/api/login', statusCode: 200, durationMs: 5 });

    expect(sampleValue(parseExposition(await first.exposition()), 'http_requests_total')).toBe(1);
    expect(sampleValue(parseExposition(await second.exposition()), 'http_requests_total')).toBeUndefined();
  });

  it("reports the process, from prom-client's default metrics", async () => {
    const samples = parseExposition(await createMetrics(databaseOn({})).exposition());

    // CPU is counted from the registry's first collection, so a new one may still read 0 seconds.
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  describe('the database', () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 7 });
    afterAll(() => pool.end());

    it('reports the PostgreSQL pool: open, idle and waiting clients and its size', async () => {
      const samples = parseExposition(await createMetrics(databaseOn(pool)).exposition());

      expect(sampleValue(samples, 'db_info', { kind: 'postgres' })).toBe(1);
      expect(sampleValue(samples, 'db_pool_clients')).toBe(0);
      expect(sampleValue(samples, 'db_pool_idle_clients')).toBe(0);
      expect(sampleValue(samples, 'db_pool_waiting_clients')).toBe(0);
      expect(sampleValue(samples, 'db_pool_max_clients')).toBe(7);
    });

    it('reports only its kind for the embedded database, which has no pool', async () => {
      const samples = parseExposition(await createMetrics(databaseOn({ kind: 'PGlite' })).exposition());

      expect(sampleValue(samples, 'db_info', { kind: 'pglite' })).toBe(1);
      expect(samples.some((sample) => sample.name.startsWith('db_pool_'))).toBe(false);
    });
  });
});
