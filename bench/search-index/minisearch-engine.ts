import MiniSearch, { type SearchOptions } from 'minisearch';
import type { FilterColumns, SlotFilter } from './columns';
import type { TextEngine } from './engine';
import { PAGE_SIZE } from './query';
import type { IndexRows } from './rows';
import { TopSlots } from './top-slots';
import { splitWords, TermProcessor, type QueryTerms } from './text';

/**
 * Candidate (a): MiniSearch, documents the slots themselves (fields read from the rows by `extractField`, so no
 * object is made per business), fields name (boost 3), category words (2) and description (1), BM25+ scoring
 * (MiniSearch's own), AND of the words, the last word a prefix, and fuzzy search (edit distance 20 % of the word,
 * at most 2) when a word as typed is in no indexed term. Filters are a filter callback over the shared columns.
 */

type Field = 'name' | 'category' | 'description';
const BOOST: Record<Field, number> = { name: 3, category: 2, description: 1 };

/** MiniSearch keeps its terms in a radix tree (`_index`) that its API does not expose: read for the typo rule. */
interface TermTree {
  has(term: string): boolean;
  atPrefix(prefix: string): { size: number };
}

export class MiniSearchEngine implements TextEngine {
  readonly processor = new TermProcessor();
  private readonly index: MiniSearch<number>;

  constructor(rows: IndexRows) {
    // Read through a holder emptied after the build: MiniSearch keeps `extractField`, which must not keep the rows.
    const source: { texts: Record<Field, string[]> | null } = {
      texts: { name: rows.names, category: rows.categoryWords, description: rows.descriptions },
    };
    this.index = new MiniSearch<number>({
      fields: ['name', 'category', 'description'],
      idField: 'id',
      extractField: (slot, field) => {
        if (field === 'id') return slot;
        if (!source.texts) throw new Error('MiniSearch read a field after its build: updates would need the rows again');
        return source.texts[field as Field][slot] as string;
      },
      tokenize: (text) => splitWords(text),
      processTerm: (term) => this.processor.stem(term),
      // Queries arrive as stems already (see `search`): split on the spaces put between them, stemmed no further.
      searchOptions: { tokenize: (text) => text.split(' '), processTerm: (term) => term, combineWith: 'AND', boost: BOOST },
    });
    for (let slot = 0; slot < rows.count; slot += 1) this.index.add(slot);
    source.texts = null;
  }

  get termCount(): number {
    return this.index.termCount;
  }

  private known(terms: QueryTerms): boolean {
    const tree = (this.index as unknown as { _index: TermTree })._index;
    return terms.words.every((word) => tree.has(word)) && (terms.prefix === undefined || tree.atPrefix(terms.prefix).size > 0);
  }

  search(terms: QueryTerms, filter: SlotFilter, columns: FilterColumns, page: number): { total: number; slots: number[] } {
    const all = [...terms.words, ...(terms.prefix === undefined ? [] : [terms.prefix])];
    const last = all.length - 1;
    const options: SearchOptions = {
      prefix: (_term, index) => terms.prefix !== undefined && index === last,
      ...(filter.any ? { filter: (result) => columns.accepts(result.id as number, filter) } : {}),
    };
    let results = this.index.search(all.join(' '), options);
    if (results.length === 0 && !this.known(terms)) {
      results = this.index.search(all.join(' '), { ...options, fuzzy: 0.2, maxFuzzy: 2 });
    }
    const top = new TopSlots((page + 1) * PAGE_SIZE);
    for (const result of results) top.offer(result.id as number, result.score);
    return { total: results.length, slots: top.page(page) };
  }
}
