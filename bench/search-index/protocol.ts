import type { IndexQuery } from './query';
import type { Retained, StepTime } from './measure';

/** What the benchmark and a candidate's process (worker.ts) say to each other. */

export const CANDIDATES = ['typed', 'minisearch', 'flexsearch'] as const;
export type CandidateName = (typeof CANDIDATES)[number];

export interface WorkerInput {
  candidate: CandidateName;
  url: string;
  /** The rotation's day (UTC date) and the instant "verified only" compares with, the same for every candidate. */
  day: string;
  now: number;
  /** Kinds this candidate runs (the libraries run the kinds with text; the rest are the shared columns'). */
  kinds: string[];
  queries: Record<string, IndexQuery[]>;
  secondsPerKind: number;
  warmupQueries: number;
  maxRetainedMB: number;
}

export interface KindResult {
  kind: string;
  queries: number;
  /** Stopped by the time budget before every query ran. */
  truncated: boolean;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpuMsPerQuery: number;
  cpuP95: number;
  medianTotal: number;
  emptyAnswers: number;
  totals: number[];
  pages: string[][];
}

export interface BuildResult {
  rows: number;
  load: StepTime;
  columns: StepTime & { retained: Retained };
  text: (StepTime & { retained: Retained; details: Record<string, number> }) | null;
  /** After the rows were dropped: what the whole index (columns + text) holds over the process at its start. */
  indexAfterRowsDropped: Retained;
  rowsMB: Retained;
}

export type WorkerMessage =
  | { type: 'loaded'; load: StepTime; rows: number }
  | { type: 'built'; build: BuildResult }
  | { type: 'skipped'; reason: string; build: BuildResult }
  | { type: 'done'; kinds: KindResult[] }
  | { type: 'failed'; error: string };
