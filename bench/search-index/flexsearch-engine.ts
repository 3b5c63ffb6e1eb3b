import { Document, type Id } from 'flexsearch';
import type { FilterColumns, SlotFilter } from './columns';
import { correctTerms, type TextEngine } from './engine';
import { PAGE_SIZE } from './query';
import { TopSlots } from './top-slots';
import type { IndexRows } from './rows';
import { prefixRange, splitWords, TermProcessor, type QueryTerms } from './text';
import { TypoCorrector } from './typo';

/**
 * Candidate (b): a FlexSearch Document index with the same three fields, in its most memory-frugal configuration:
 * numeric ids (the slots), tokenize "strict" (whole terms only: "forward" would index every prefix of every term),
 * resolution 1 (no position slots), no context index, no store, no cache, no fastupdate register. What it cannot
 * do is done around it, and said so in the report:
 * - no BM25 (no term frequency, no IDF, no length normalisation) and no field weights: its only relevance is a
 *   term's position slot within one field. Matches are ranked here by the fields a query's terms are found in
 *   (name 3, category words 2, description 1), ties in rotation order;
 * - its AND is within one field: the words of "wedding florist" are looked up one by one in each field and
 *   intersected here, so words found in different fields match as in the product;
 * - prefix search needs tokenize "forward": here the prefix is expanded over a sorted vocabulary of the stems
 *   indexed, each looked up whole;
 * - typo tolerance needs phonetic encoders or tokenize "tolerant" (both change what matches exactly): here the
 *   same trigram fallback as the hand-made index;
 * - without `fastupdate`, removing or updating a business scans the index, which a live index needs.
 */

type Field = 'name' | 'category' | 'description';
const FIELDS: readonly Field[] = ['name', 'category', 'description'];
const FIELD_WEIGHT: Record<Field, number> = { name: 3, category: 2, description: 1 };

type Business = { id: number; name: string; category: string; description: string };

export class FlexSearchEngine implements TextEngine {
  readonly processor = new TermProcessor();
  private readonly index: Document<Business>;
  private readonly sortedTerms: string[];
  private readonly vocabulary: Set<string>;
  private readonly corrector: TypoCorrector;
  private readonly hits: Uint8Array;
  private readonly scores: Float64Array;
  private readonly candidates: Uint32Array;
  private readonly limit: number;
  /** Queries are stems already: the encoder passes them through while this is set. */
  private querying = false;

  constructor(rows: IndexRows) {
    const vocabulary = new Set<string>();
    const encode = (text: string): string[] => {
      if (this.querying) return [text];
      const terms: string[] = [];
      for (const word of splitWords(text)) {
        const stem = this.processor.stem(word);
        if (stem === null) continue;
        terms.push(stem);
        vocabulary.add(stem);
      }
      return terms;
    };
    const field = (name: Field) => ({ field: name, tokenize: 'strict' as const, resolution: 1, encode });
    this.index = new Document<Business>({
      document: { id: 'id', index: FIELDS.map(field) },
      fastupdate: false,
      cache: false,
    });
    for (let slot = 0; slot < rows.count; slot += 1) {
      this.index.add({
        id: slot,
        name: rows.names[slot] as string,
        category: rows.categoryWords[slot] as string,
        description: rows.descriptions[slot] as string,
      });
    }
    this.vocabulary = vocabulary;
    this.sortedTerms = [...vocabulary].sort();
    this.corrector = new TypoCorrector(this.processor.surfaceWords());
    this.hits = new Uint8Array(rows.count);
    this.scores = new Float64Array(rows.count);
    this.candidates = new Uint32Array(rows.count);
    this.limit = Math.max(1, rows.count);
  }

  private lookup(term: string, field: Field): Id[] {
    this.querying = true;
    try {
      return this.index.search(term, { index: field, pluck: field, limit: this.limit });
    } finally {
      this.querying = false;
    }
  }

  private groups(terms: QueryTerms): string[][] | null {
    const groups: string[][] = [];
    for (const word of terms.words) {
      if (!this.vocabulary.has(word)) return null;
      groups.push([word]);
    }
    if (terms.prefix !== undefined) {
      const [from, to] = prefixRange(this.sortedTerms, terms.prefix);
      if (from === to) return null;
      groups.push(this.sortedTerms.slice(from, to));
    }
    return groups;
  }

  private known(stem: string, asPrefix: boolean): boolean {
    if (!asPrefix) return this.vocabulary.has(stem);
    const [from, to] = prefixRange(this.sortedTerms, stem);
    return from < to;
  }

  search(terms: QueryTerms, filter: SlotFilter, columns: FilterColumns, page: number): { total: number; slots: number[] } {
    let groups = this.groups(terms);
    if (groups === null) {
      const corrected = correctTerms(terms, (stem, asPrefix) => this.known(stem, asPrefix), this.corrector, this.processor);
      groups = corrected === undefined ? null : this.groups(corrected);
    }
    if (groups === null) return { total: 0, slots: [] };
    const { hits, scores, candidates } = this;
    // Each group's matches, field by field, looked up before intersecting: the smallest group goes first.
    const found = groups
      .map((group) => {
        const lists: { ids: Id[]; weight: number }[] = [];
        let size = 0;
        for (const term of group) {
          for (const field of FIELDS) {
            const ids = this.lookup(term, field);
            if (ids.length > 0) lists.push({ ids, weight: FIELD_WEIGHT[field] });
            size += ids.length;
          }
        }
        return { lists, size };
      })
      .sort((a, b) => a.size - b.size);
    let count = 0;
    for (const { ids, weight } of (found[0] as { lists: { ids: Id[]; weight: number }[] }).lists) {
      for (const id of ids) {
        const slot = id as number;
        if (hits[slot] === 0) {
          hits[slot] = 1;
          scores[slot] = 0;
          candidates[count++] = slot;
        }
        scores[slot] = (scores[slot] as number) + weight;
      }
    }
    for (let round = 1; round < found.length; round += 1) {
      for (const { ids, weight } of (found[round] as { lists: { ids: Id[]; weight: number }[] }).lists) {
        for (const id of ids) {
          const slot = id as number;
          const mark = hits[slot] as number;
          if (mark === round || mark === round + 1) {
            hits[slot] = round + 1;
            scores[slot] = (scores[slot] as number) + weight;
          }
        }
      }
      let kept = 0;
      for (let index = 0; index < count; index += 1) {
        const slot = candidates[index] as number;
        if (hits[slot] === round + 1) candidates[kept++] = slot;
        else hits[slot] = 0;
      }
      count = kept;
    }
    const top = new TopSlots((page + 1) * PAGE_SIZE);
    let total = 0;
    for (let index = 0; index < count; index += 1) {
      const slot = candidates[index] as number;
      hits[slot] = 0;
      if (filter.any && !columns.accepts(slot, filter)) continue;
      total += 1;
      top.offer(slot, scores[slot] as number);
    }
    return { total, slots: top.page(page) };
  }
}
