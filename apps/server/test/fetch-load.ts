import type { Outcome, PlannedRequest } from './load-mix';

/**
 * A load driver for the fault runs: a number of connections per lane, each sending its lane's requests one
 * after the other with fetch, every request bounded in time. Unlike autocannon it knows each request's fate
 * (answer, refused connection, reset, timeout) and when it started, which is what a fault run judges.
 */
export type Failure = 'refused' | 'reset' | 'timeout' | 'other';

export interface Sample {
  kind: string;
  /** performance.now() when it was sent. */
  startedAt: number;
  ms: number;
  status: number | null;
  failure?: Failure;
  /** A 5xx answered in the envelope (JSON with its statusCode, status and message). */
  envelope: boolean;
}

export interface Lane {
  kind: string;
  /** The next request, or undefined when the lane has nothing to send right now. */
  next(): PlannedRequest | undefined;
  connections: number;
  /** At most this many requests per second over the lane's connections. */
  perSecond?: number;
}

export interface RunningLoad {
  samples: Sample[];
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<Sample[]>;
}

const IDLE_WAIT_MS = 20;
const REFUSED_WAIT_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function failureOf(error: unknown): Failure {
  const named = error as { name?: string; cause?: { code?: string } };
  if (named.name === 'TimeoutError' || named.name === 'AbortError') return 'timeout';
  const code = named.cause?.code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  return 'other';
}

export function isEnvelope(body: string, status: number): boolean {
  try {
    const parsed = JSON.parse(body) as { statusCode?: unknown; status?: unknown; message?: unknown; timeStamp?: unknown };
    return parsed.statusCode === status && typeof parsed.status === 'string' && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}

/** Sends one planned request within `boundMs` and tells the plan how it ended. */
export async function send(baseUrl: string, planned: PlannedRequest, boundMs: number): Promise<Sample> {
  const startedAt = performance.now();
  let outcome: Outcome;
  try {
    const response = await fetch(`${baseUrl}${planned.path}`, {
      method: planned.method,
      headers: planned.headers,
      body: planned.body,
      signal: AbortSignal.timeout(boundMs),
    });
    outcome = { status: response.status, body: await response.text() };
  } catch (error) {
    outcome = { error: failureOf(error) };
  }
  planned.settle(outcome);
  const sample = { kind: planned.kind, startedAt, ms: performance.now() - startedAt };
  if (!('status' in outcome)) return { ...sample, status: null, failure: outcome.error, envelope: false };
  return { ...sample, status: outcome.status, envelope: outcome.status >= 500 && isEnvelope(outcome.body, outcome.status) };
}

/** Starts the lanes against `baseUrl`; they run until stopped. */
export function startLoad(baseUrl: string, lanes: readonly Lane[], boundMs: number): RunningLoad {
  const samples: Sample[] = [];
  let stopped = false;
  const workers = lanes.flatMap((lane) => {
    let nextSlot = performance.now();
    const pace = async () => {
      if (!lane.perSecond) return;
      const now = performance.now();
      const wait = nextSlot - now;
      nextSlot = Math.max(now, nextSlot) + 1000 / lane.perSecond;
      if (wait > 0) await sleep(wait);
    };
    return Array.from({ length: lane.connections }, async () => {
      while (!stopped) {
        await pace();
        if (stopped) return;
        const planned = lane.next();
        if (!planned) {
          await sleep(IDLE_WAIT_MS);
          continue;
        }
        const sample = await send(baseUrl, planned, boundMs);
        samples.push(sample);
        // A server that is down refuses at once: no need to spin.
        if (sample.failure === 'refused') await sleep(REFUSED_WAIT_MS);
      }
    });
  });
  return {
    samples,
    async stop() {
      stopped = true;
      await Promise.all(workers);
      return samples;
    },
  };
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
}

export interface Summary {
  requests: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Requests without an answer, by why. */
  failures: Record<string, number>;
  /** 5xx answers not in the envelope. */
  bare5xx: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarise(samples: readonly Sample[]): Summary {
  const statuses: Record<string, number> = {};
  const failures: Record<string, number> = {};
  let bare5xx = 0;
  for (const sample of samples) {
    if (sample.status === null) failures[sample.failure ?? 'other'] = (failures[sample.failure ?? 'other'] ?? 0) + 1;
    else statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
    if (sample.status !== null && sample.status >= 500 && !sample.envelope) bare5xx += 1;
  }
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    statuses,
    failures,
    bare5xx,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** "200×812 503×40" */
export function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length === 0 ? '–' : entries.map(([key, count]) => `${key}×${count}`).join(' ');
}
