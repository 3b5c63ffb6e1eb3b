import type { FilterColumns, SlotFilter } from './columns';
import { correctTerms, type TextEngine } from './engine';
import { PAGE_SIZE } from './query';
import { TopSlots } from './top-slots';
import type { IndexRows } from './rows';
import { prefixRange, splitWords, TermProcessor, type QueryTerms } from './text';
import { TypoCorrector } from './typo';

/**
 * The hand-made text index: an inverted index whose postings are one Uint32Array of slots (ascending, so in the
 * day's rotation order) with, per posting, one byte packing the term's frequency in each field (name 2 bits,
 * category words 3 bits, description 3 bits). Built in two passes over the businesses' terms, count then fill, so
 * no JS array is made per term. Scored BM25F-style (name > category words > description), the last word as a
 * prefix (a sorted vocabulary and binary search give its range of terms), and a typo fallback by trigram
 * similarity over the vocabulary of surface words.
 */

const FIELD_WEIGHTS = [3, 2, 1] as const;
const FIELD_B = [0.75, 0.75, 0.75] as const;
const K1 = 1.2;
/** Largest frequency each field's bits hold: name 2 bits, category words 3 bits, description 3 bits. */
const TF_MAX = [3, 7, 7] as const;
const TF_SHIFT = [0, 2, 5] as const;

/** A Uint32Array that grows by doubling, for the first pass whose size is not known in advance. */
class GrowingUint32 {
  values = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = new Uint32Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
}

class GrowingUint8 {
  values = new Uint8Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = new Uint8Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
}

export interface TypedIndexStats {
  terms: number;
  postings: number;
  surfaceWords: number;
}

export class TypedTextIndex implements TextEngine {
  readonly processor = new TermProcessor();
  private readonly termIds = new Map<string, number>();
  private readonly sortedTerms: string[];
  private readonly sortedTermIds: Uint32Array;
  private readonly offsets: Uint32Array;
  private readonly postings: Uint32Array;
  /**
   * Per posting, the term's BM25F weight in that business (its frequency in each field, packed as name 2 bits,
   * category words 3 bits, description 3 bits during the build, then weighted, length-normalised and saturated),
   * quantised to a byte.
   */
  private readonly impacts: Uint8Array;
  private readonly idf: Float32Array;
  private readonly corrector: TypoCorrector;
  readonly stats: TypedIndexStats;

  constructor(rows: IndexRows) {
    const n = rows.count;
    const surfaceTerms = new Map<string, number>();
    const termOf = (word: string): number => {
      let term = surfaceTerms.get(word);
      if (term === undefined) {
        const stem = this.processor.stem(word);
        if (stem === null) term = -1;
        else {
          term = this.termIds.get(stem);
          if (term === undefined) {
            term = this.termIds.size;
            this.termIds.set(stem, term);
          }
        }
        surfaceTerms.set(word, term);
      }
      return term;
    };

    // Pass 1: each business's distinct terms with their packed frequencies, and each term's document frequency.
    const docEnds = new Uint32Array(n + 1);
    const docTerms = new GrowingUint32();
    const docFrequencies = new GrowingUint8();
    let documentFrequency = new Uint32Array(1024);
    let seenIn = new Int32Array(1024).fill(-1);
    let positionIn = new Uint32Array(1024);
    const lengths = new Uint8Array(n * 3);
    const lengthTotals = [0, 0, 0];
    for (let slot = 0; slot < n; slot += 1) {
      const fields = [rows.names[slot] as string, rows.categoryWords[slot] as string, rows.descriptions[slot] as string];
      for (let field = 0; field < 3; field += 1) {
        let length = 0;
        for (const word of splitWords(fields[field] as string)) {
          const term = termOf(word);
          if (term < 0) continue;
          length += 1;
          if (term >= seenIn.length) {
            const size = Math.max(term + 1, seenIn.length * 2);
            const grownSeen = new Int32Array(size).fill(-1);
            grownSeen.set(seenIn);
            seenIn = grownSeen;
            const grownPosition = new Uint32Array(size);
            grownPosition.set(positionIn);
            positionIn = grownPosition;
            const grownFrequency = new Uint32Array(size);
            grownFrequency.set(documentFrequency);
            documentFrequency = grownFrequency;
          }
          if (seenIn[term] !== slot) {
            seenIn[term] = slot;
            positionIn[term] = docTerms.length;
            docTerms.push(term);
            docFrequencies.push(0);
            documentFrequency[term] = (documentFrequency[term] as number) + 1;
          }
          const at = positionIn[term] as number;
          const packed = docFrequencies.values[at] as number;
          const shift = TF_SHIFT[field as 0 | 1 | 2];
          const max = TF_MAX[field as 0 | 1 | 2];
          const current = (packed >> shift) & max;
          if (current < max) docFrequencies.values[at] = packed + (1 << shift);
        }
        lengths[slot * 3 + field] = Math.min(255, length);
        lengthTotals[field] = (lengthTotals[field] as number) + length;
      }
      docEnds[slot + 1] = docTerms.length;
    }
    const averageLengths = lengthTotals.map((total) => Math.max(1, total / Math.max(1, n)));

    // Pass 2: postings laid out term by term, filled in slot order (so each term's slots ascend).
    const termCount = this.termIds.size;
    this.offsets = new Uint32Array(termCount + 1);
    for (let term = 0; term < termCount; term += 1) {
      this.offsets[term + 1] = (this.offsets[term] as number) + (documentFrequency[term] as number);
    }
    const total = this.offsets[termCount] as number;
    this.postings = new Uint32Array(total);
    this.impacts = new Uint8Array(total);
    const inverseNorms = [0, 1, 2].map((field) => {
      const b = FIELD_B[field as 0 | 1 | 2];
      const average = averageLengths[field] as number;
      return Float64Array.from({ length: 256 }, (_, length) => 1 / (1 - b + (b * length) / average));
    }) as [Float64Array, Float64Array, Float64Array];
    const next = this.offsets.slice(0, termCount);
    for (let slot = 0; slot < n; slot += 1) {
      const nameNorm = inverseNorms[0][lengths[slot * 3] as number] as number;
      const categoryNorm = inverseNorms[1][lengths[slot * 3 + 1] as number] as number;
      const descriptionNorm = inverseNorms[2][lengths[slot * 3 + 2] as number] as number;
      for (let at = docEnds[slot] as number; at < (docEnds[slot + 1] as number); at += 1) {
        const term = docTerms.values[at] as number;
        const position = next[term] as number;
        this.postings[position] = slot;
        // BM25F: the term's frequency in each field, weighted and normalised by the field's length, summed, then
        // saturated by k1: a number in [0, 1), kept as a byte (1..255). The IDF multiplies it at query time.
        const packed = docFrequencies.values[at] as number;
        const weighted =
          FIELD_WEIGHTS[0] * (packed & TF_MAX[0]) * nameNorm +
          FIELD_WEIGHTS[1] * ((packed >> TF_SHIFT[1]) & TF_MAX[1]) * categoryNorm +
          FIELD_WEIGHTS[2] * ((packed >> TF_SHIFT[2]) & TF_MAX[2]) * descriptionNorm;
        this.impacts[position] = Math.max(1, Math.round((255 * weighted) / (K1 + weighted)));
        next[term] = position + 1;
      }
    }
    this.idf = new Float32Array(termCount);
    for (let term = 0; term < termCount; term += 1) {
      const df = documentFrequency[term] as number;
      this.idf[term] = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    }
    this.sortedTerms = [...this.termIds.keys()].sort();
    this.sortedTermIds = Uint32Array.from(this.sortedTerms, (term) => this.termIds.get(term) as number);
    this.corrector = new TypoCorrector(this.processor.surfaceWords());
    this.stats = { terms: termCount, postings: total, surfaceWords: this.corrector.size };
  }

  /** The posting's share of the score: the term's IDF times its quantised BM25F weight in the business. */
  contribution(term: number, position: number): number {
    return (this.idf[term] as number) * (this.impacts[position] as number);
  }

  /** The term ids of each group of the query (a whole word, or the prefix's range), or null when one has none. */
  private groups(terms: QueryTerms): number[][] | null {
    const groups: number[][] = [];
    for (const word of terms.words) {
      const term = this.termIds.get(word);
      if (term === undefined) return null;
      groups.push([term]);
    }
    if (terms.prefix !== undefined) {
      const [from, to] = prefixRange(this.sortedTerms, terms.prefix);
      if (from === to) return null;
      groups.push(Array.from(this.sortedTermIds.subarray(from, to)));
    }
    return groups;
  }

  private known(stem: string, asPrefix: boolean): boolean {
    if (!asPrefix) return this.termIds.has(stem);
    const [from, to] = prefixRange(this.sortedTerms, stem);
    return from < to;
  }

  search(terms: QueryTerms, filter: SlotFilter, columns: FilterColumns, page: number): { total: number; slots: number[] } {
    const exact = this.groups(terms);
    if (exact !== null) return this.run(exact, filter, columns, page);
    const corrected = correctTerms(terms, (stem, asPrefix) => this.known(stem, asPrefix), this.corrector, this.processor);
    const groups = corrected === undefined ? null : this.groups(corrected);
    return groups === null ? { total: 0, slots: [] } : this.run(groups, filter, columns, page);
  }

  private groupSize(group: readonly number[]): number {
    let size = 0;
    for (const term of group) size += (this.offsets[term + 1] as number) - (this.offsets[term] as number);
    return size;
  }

  /**
   * Document at a time: each group is a cursor over its terms' postings (ascending slots, a prefix's terms merged),
   * the rarest group leads, and the others leap to its slot by galloping search; a slot all groups reach is a
   * match, checked against the filters, counted, and scored only then. No array as long as the directory is touched.
   */
  private run(groups: number[][], filter: SlotFilter, columns: FilterColumns, page: number) {
    if (groups.length === 1 && (groups[0] as number[]).length === 1) return this.runOneTerm((groups[0] as number[])[0] as number, filter, columns, page);
    const cursors = groups
      .map((group) => ({ group, size: this.groupSize(group) }))
      .sort((a, b) => a.size - b.size)
      .map(({ group }) => new GroupCursor(group, this.offsets, this.postings));
    const lead = cursors[0] as GroupCursor;
    const top = new TopSlots((page + 1) * PAGE_SIZE);
    let total = 0;
    let target = lead.current();
    while (target !== END) {
      let aligned = true;
      for (let index = 1; index < cursors.length; index += 1) {
        const cursor = cursors[index] as GroupCursor;
        cursor.seek(target);
        const reached = cursor.current();
        if (reached !== target) {
          aligned = false;
          target = reached;
          break;
        }
      }
      if (!aligned) {
        if (target === END) break;
        lead.seek(target);
        target = lead.current();
        continue;
      }
      if (!filter.any || columns.accepts(target, filter)) {
        total += 1;
        let score = 0;
        for (const cursor of cursors) score += cursor.scoreAt(target, this);
        top.offer(target, score);
      }
      for (const cursor of cursors) cursor.pass(target);
      target = lead.current();
    }
    return { total, slots: top.page(page) };
  }

  /** One word with one term (the commonest search): its postings in a tight loop. */
  private runOneTerm(term: number, filter: SlotFilter, columns: FilterColumns, page: number) {
    const top = new TopSlots((page + 1) * PAGE_SIZE);
    const idf = this.idf[term] as number;
    const { postings, impacts } = this;
    const from = this.offsets[term] as number;
    const to = this.offsets[term + 1] as number;
    let total = 0;
    for (let position = from; position < to; position += 1) {
      const slot = postings[position] as number;
      if (filter.any && !columns.accepts(slot, filter)) continue;
      total += 1;
      // Slots ascend: a score equal to the last kept loses to it (the rotation breaks the tie).
      const score = idf * (impacts[position] as number);
      if (score > top.threshold) top.offer(slot, score);
    }
    return { total, slots: top.page(page) };
  }
}

const END = 0xffffffff;

/** The union of a group's terms' postings (one term for a whole word, a prefix's range otherwise), walked in slot order. */
class GroupCursor {
  private readonly terms: Uint32Array;
  private readonly positions: Uint32Array;
  private readonly ends: Uint32Array;

  constructor(
    group: readonly number[],
    offsets: Uint32Array,
    private readonly postings: Uint32Array,
  ) {
    this.terms = Uint32Array.from(group);
    this.positions = Uint32Array.from(group, (term) => offsets[term] as number);
    this.ends = Uint32Array.from(group, (term) => offsets[term + 1] as number);
  }

  /** The lowest slot any of the terms is at, or END. */
  current(): number {
    let lowest = END;
    for (let index = 0; index < this.terms.length; index += 1) {
      const position = this.positions[index] as number;
      if (position < (this.ends[index] as number)) {
        const slot = this.postings[position] as number;
        if (slot < lowest) lowest = slot;
      }
    }
    return lowest;
  }

  /** Moves each term to its first slot ≥ target: galloping, then binary search. */
  seek(target: number): void {
    const postings = this.postings;
    for (let index = 0; index < this.terms.length; index += 1) {
      let low = this.positions[index] as number;
      const end = this.ends[index] as number;
      if (low >= end || (postings[low] as number) >= target) continue;
      let step = 1;
      let high = low + 1;
      while (high < end && (postings[high] as number) < target) {
        low = high;
        step *= 2;
        high = low + step;
      }
      if (high > end) high = end;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((postings[middle] as number) < target) low = middle + 1;
        else high = middle;
      }
      this.positions[index] = low;
    }
  }

  /** The sum of the contributions of the terms at `slot`. */
  scoreAt(slot: number, index: TypedTextIndex): number {
    let score = 0;
    for (let at = 0; at < this.terms.length; at += 1) {
      const position = this.positions[at] as number;
      if (position < (this.ends[at] as number) && this.postings[position] === slot) {
        score += index.contribution(this.terms[at] as number, position);
      }
    }
    return score;
  }

  /** Steps every term that is at `slot` past it. */
  pass(slot: number): void {
    for (let at = 0; at < this.terms.length; at += 1) {
      const position = this.positions[at] as number;
      if (position < (this.ends[at] as number) && this.postings[position] === slot) this.positions[at] = position + 1;
    }
  }
}
