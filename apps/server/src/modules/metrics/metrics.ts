import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, poolOf } from '../../db/database';
import type { JobOutcome } from '../jobs/scheduler';
import type { OutboxCounts } from '../mail/repo';
import type { DeliveryOutcome } from '../mail/worker';

/** The route label of a request no route matched, so unknown URLs cannot grow the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface AnsweredRequest {
  method: string;
  /** The route pattern (`/api/trades/:id`), never the URL with its ids. */
  route: string | undefined;
  statusCode: number;
  durationMs: number;
}

function registerPoolGauges(registry: Registry, pool: pg.Pool): void {
  const gauges: [name: string, help: string, read: () => number][] = [
    ['db_pool_clients', 'Connections the pool holds open to PostgreSQL', () => pool.totalCount],
    ['db_pool_idle_clients', 'Open connections not serving a query', () => pool.idleCount],
    ['db_pool_waiting_clients', 'Queries waiting for a free connection', () => pool.waitingCount],
    ['db_pool_max_clients', 'Most connections the pool may open (DATABASE_POOL_SIZE)', () => pool.options.max ?? 10],
  ];
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  }
}

/** The outbox's mails by state, counted in the database when scraped: the same from every process. */
function registerOutboxGauge(registry: Registry, outboxCounts: () => Promise<OutboxCounts>): void {
  new Gauge({
    name: 'outbox_mails',
    help: 'Mails in the outbox: queued (not tried yet), retrying (tried, to be tried again), failed (given up), sent (kept 30 days)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = await outboxCounts();
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });
}

/**
 * The app's metrics in a registry of its own (not prom-client's global one), so that several apps in one
 * process, as in the tests, keep separate counts: requests per route, the database, the process.
 */
export function createMetrics(db: Database, outboxCounts?: () => Promise<OutboxCounts>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer',
    labelNames,
    registers: [registry],
  });

  const pool = poolOf(db);
  const databaseInfo = new Gauge({
    name: 'db_info',
    help: 'The database the app runs on: postgres (a server, through a pool) or pglite (embedded)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  databaseInfo.set({ kind: pool ? 'postgres' : 'pglite' }, 1);
  if (pool) registerPoolGauges(registry, pool);
  if (outboxCounts) registerOutboxGauge(registry, outboxCounts);
  const deliveries = new Counter({
    name: 'mail_deliveries_total',
    help: "This process's tries to deliver a mail, by outcome: sent, retry (to be tried again), failed (given up)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'scheduled_job_runs_total',
    help: "Scheduled jobs this process ran, by job and outcome (ok, failed)",
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });

  return {
    contentType: registry.contentType,

    observe({ method, route, statusCode, durationMs }: AnsweredRequest): void {
      const labels = { method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) };
      requests.inc(labels);
      durations.observe(labels, durationMs / 1000);
    },

    observeDelivery(outcome: DeliveryOutcome): void {
      deliveries.inc({ outcome });
    },

    observeJobRun(job: string, outcome: JobOutcome): void {
      jobRuns.inc({ job, outcome });
    },

    /** Everything, in the Prometheus text format. */
    exposition: (): Promise<string> => registry.metrics(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
