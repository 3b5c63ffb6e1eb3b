import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database';
import { createTradeRepo } from '../apps/server/src/modules/trades/repo';
import { createTradeService } from '../apps/server/src/modules/trades/service';
import { tradeSearchQuerySchema } from '@churchtrades/shared/trade-search';
import { mapPointsQuerySchema } from '@churchtrades/shared/map';
import { captureStatements } from './statement-capture';

const url = process.env.URL!;
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const service = createTradeService(createTradeRepo(database.db));
const explainer = new pg.Client({ connectionString: url });
await explainer.connect();
await explainer.query('set jit = off');
const explain = process.env.EXPLAIN === '1';
for (const line of (process.env.QUERIES ?? '').split('|')) {
  const [kind, qs] = line.split(' ', 2) as [string, string];
  const params = Object.fromEntries(new URLSearchParams(qs));
  for (let round = 0; round < 3; round++) {
    const { ms, statements, result } = await captureStatements(() =>
      kind === 'map' ? service.mapPointsJson(mapPointsQuerySchema.parse(params)) : service.searchListed(tradeSearchQuerySchema.parse(params)),
    );
    const size = typeof result === 'string' ? result.length : JSON.stringify(result).length;
    console.log(`${kind} ${qs}: ${ms.toFixed(1)} ms, ${statements.length} statements, ${size} bytes`);
    if (explain && round === 2) {
      for (const statement of statements) {
        const { rows } = await explainer.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
        console.log(rows.map((row) => Object.values(row)[0]).join('\n'));
      }
    }
  }
}
await explainer.end();
await database.close();
