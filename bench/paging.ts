import autocannon from 'autocannon';
import { startServerProcess } from '../apps/server/test/server-process';

/**
 * Listing pages of the directory against the cheapest JSON route of the same server, in one run.
 * Each request asks a different page and size, drawn at random, so no cache of identical answers is measured.
 */
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DISTINCT_QUERIES = 5000;

function pagingPaths(count: number): string[] {
  return Array.from({ length: count }, () => {
    const size = 1 + Math.floor(Math.random() * 50);
    const page = Math.floor(Math.random() * Math.ceil(600 / size));
    return `/api/trades/clientFilter?page=${page}&size=${size}`;
  });
}

async function measure(baseUrl: string, title: string, paths: string[]) {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    title,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }) }],
  });
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const server = await startServerProcess(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
try {
  const baseline = await measure(server.baseUrl, 'GET /healthz (static JSON)', ['/healthz']);
  const paging = await measure(server.baseUrl, 'GET /api/trades/clientFilter (distinct pages)', pagingPaths(DISTINCT_QUERIES));
  console.table([baseline, paging]);
  console.log(`paging / static throughput ratio: ${(paging.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}`);
  console.log('Results: printed above only; no file written.');
} finally {
  await server.stop();
}
