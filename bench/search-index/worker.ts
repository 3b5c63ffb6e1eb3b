import fs from 'node:fs/promises';
import { FilterColumns } from './columns';
import { answer, type TextEngine } from './engine';
import { FlexSearchEngine } from './flexsearch-engine';
import { percentileOf, retained, settledMemory, timed, timedAsync } from './measure';
import { MiniSearchEngine } from './minisearch-engine';
import type { BuildResult, CandidateName, KindResult, WorkerInput, WorkerMessage } from './protocol';
import type { IndexQuery } from './query';
import { inRotationOrder, loadRows, type IndexRows } from './rows';
import { TypedTextIndex } from './typed-index';

/**
 * One candidate in a process of its own (forked by bench/search-index-candidates.ts with --expose-gc), so that
 * what it retains is measured alone and a candidate that runs out of memory or time ends only its process.
 * Loads the rows, builds the shared columns and the candidate's text index, drops the rows, runs the queries
 * back to back, and sends what it measured to its parent.
 */

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) throw new Error('worker.ts runs as a forked child of search-index-candidates.ts');
    process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

function buildEngine(candidate: CandidateName, rows: IndexRows): { engine: TextEngine; details: Record<string, number> } {
  switch (candidate) {
    case 'typed': {
      const engine = new TypedTextIndex(rows);
      return { engine, details: { ...engine.stats } };
    }
    case 'minisearch': {
      const engine = new MiniSearchEngine(rows);
      return { engine, details: { terms: engine.termCount } };
    }
    case 'flexsearch':
      return { engine: new FlexSearchEngine(rows), details: {} };
  }
}

function runKind(kind: string, queries: IndexQuery[], columns: FilterColumns, engine: TextEngine, input: WorkerInput): KindResult {
  const latencies: number[] = [];
  const cpu: number[] = [];
  const totals: number[] = [];
  const pages: string[][] = [];
  const deadline = performance.now() + input.secondsPerKind * 1000;
  for (const query of queries) {
    if (performance.now() > deadline) break;
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    const page = answer(query, columns, engine, input.now);
    const elapsed = performance.now() - startedAt;
    const used = process.cpuUsage(cpuBefore);
    latencies.push(elapsed);
    cpu.push((used.user + used.system) / 1000);
    totals.push(page.total);
    pages.push(page.ids);
  }
  const sorted = Float64Array.from(latencies).sort();
  const sortedCpu = Float64Array.from(cpu).sort();
  const sortedTotals = Float64Array.from(totals).sort();
  return {
    kind,
    queries: latencies.length,
    truncated: latencies.length < queries.length,
    p50: percentileOf(sorted, 0.5),
    p95: percentileOf(sorted, 0.95),
    p99: percentileOf(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    cpuMsPerQuery: cpu.reduce((sum, value) => sum + value, 0) / Math.max(1, cpu.length),
    cpuP95: percentileOf(sortedCpu, 0.95),
    medianTotal: percentileOf(sortedTotals, 0.5),
    emptyAnswers: totals.filter((total) => total === 0).length,
    totals,
    pages,
  };
}

async function main(): Promise<void> {
  const inputFile = process.argv[2];
  if (!inputFile) throw new Error('usage: worker.ts <input.json>');
  const input = JSON.parse(await fs.readFile(inputFile, 'utf8')) as WorkerInput;
  const atStart = settledMemory();
  const loading = await timedAsync(() => loadRows(input.url));
  const load = loading.time;
  let rows: IndexRows | null = loading.value;
  await send({ type: 'loaded', load, rows: rows.count });
  // Only `rows` holds them from here, so that dropping it frees them.
  (loading as { value: IndexRows | null }).value = null;
  const withRows = settledMemory();

  // The day's rotation order is part of building: it gives every index its slots.
  const columnsStep = timed(() => {
    rows = inRotationOrder(rows as IndexRows, input.day);
    return new FilterColumns(rows);
  });
  const columns = columnsStep.value;
  const afterColumns = settledMemory();
  const engineStep = timed(() => buildEngine(input.candidate, rows as IndexRows));
  const engine: TextEngine = engineStep.value.engine;
  const afterText = settledMemory();
  const text: BuildResult['text'] = { ...engineStep.time, retained: retained(afterColumns, afterText), details: engineStep.value.details };
  const rowCount = (rows as IndexRows).count;
  rows = null;
  const afterDrop = settledMemory();
  const build: BuildResult = {
    rows: rowCount,
    load,
    // The rows were reordered during this step: what it retained is measured against the rows' own memory.
    columns: { ...columnsStep.time, retained: retained(withRows, afterColumns) },
    text,
    indexAfterRowsDropped: retained(atStart, afterDrop),
    rowsMB: retained(atStart, withRows),
  };
  if (build.indexAfterRowsDropped.totalMB > input.maxRetainedMB) {
    await send({ type: 'skipped', reason: `retains ${build.indexAfterRowsDropped.totalMB.toFixed(0)} MB > ${input.maxRetainedMB} MB`, build });
    return;
  }
  await send({ type: 'built', build });

  // Warm-up (not reported): a mix of every kind, so the first kind measured does not pay for the JIT.
  const mixed = input.kinds.flatMap((kind) => (input.queries[kind] ?? []).slice(-Math.ceil(input.warmupQueries / input.kinds.length)));
  for (const query of mixed) answer(query, columns, engine, input.now);

  const kinds: KindResult[] = [];
  for (const kind of input.kinds) kinds.push(runKind(kind, input.queries[kind] ?? [], columns, engine, input));
  await send({ type: 'done', kinds });
}

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    await send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }).catch(() => undefined);
    process.exit(1);
  });
