/** Memory and CPU readings of this process, for the candidates' build and query costs. */

export interface MemoryReading {
  /** V8's heap in use. */
  heapUsed: number;
  /** Memory of C++ objects bound to JS, ArrayBuffers (typed arrays) included. */
  external: number;
  /** The ArrayBuffers alone (already counted in `external`). */
  arrayBuffers: number;
  rss: number;
}

/** Collects garbage (the process must run with --expose-gc) a few times, then reads the memory. */
export function settledMemory(): MemoryReading {
  const collect = globalThis.gc;
  if (!collect) throw new Error('Run with --expose-gc (NODE_OPTIONS=--expose-gc) to measure retained memory');
  for (let round = 0; round < 3; round += 1) collect();
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, rss };
}

/** What a step retained: heap + external (which holds the typed arrays), and the resident set's growth, in MB. */
export interface Retained {
  heapMB: number;
  externalMB: number;
  arrayBuffersMB: number;
  /** heapUsed + external: `external` already includes `arrayBuffers`, so they are not added twice. */
  totalMB: number;
  rssMB: number;
}

const MB = 1024 * 1024;

export function retained(before: MemoryReading, after: MemoryReading): Retained {
  const heap = after.heapUsed - before.heapUsed;
  const external = after.external - before.external;
  return {
    heapMB: heap / MB,
    externalMB: external / MB,
    arrayBuffersMB: (after.arrayBuffers - before.arrayBuffers) / MB,
    totalMB: (heap + external) / MB,
    rssMB: (after.rss - before.rss) / MB,
  };
}

/** Wall and CPU (user + system, every thread of the process) time of a step, in seconds. */
export interface StepTime {
  seconds: number;
  cpuSeconds: number;
}

export function timed<T>(step: () => T): { value: T; time: StepTime } {
  const cpu = process.cpuUsage();
  const startedAt = performance.now();
  const value = step();
  const used = process.cpuUsage(cpu);
  return { value, time: { seconds: (performance.now() - startedAt) / 1000, cpuSeconds: (used.user + used.system) / 1e6 } };
}

export async function timedAsync<T>(step: () => Promise<T>): Promise<{ value: T; time: StepTime }> {
  const cpu = process.cpuUsage();
  const startedAt = performance.now();
  const value = await step();
  const used = process.cpuUsage(cpu);
  return { value, time: { seconds: (performance.now() - startedAt) / 1000, cpuSeconds: (used.user + used.system) / 1e6 } };
}

export function percentileOf(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
}
