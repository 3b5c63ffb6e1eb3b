import type { FilterColumns, SlotFilter } from './columns';
import { correctTerms, type TextEngine } from './engine';
import { PAGE_SIZE } from './query';
import { TopSlots } from './top-slots';
import type { IndexRows } from './rows';
import { prefixRange, splitWords, TermProcessor, type QueryTerms } from './text';
import { TypoCorrector } from './typo';

/**
 * The hand-made text index: an inverted index whose postings are one Uint32Array of slots (ascending, so in the
 * day's rotation order) and, per posting, one byte in a Uint8Array. Built in two passes over the businesses' terms,
 * count then fill, so no JS array is made per term: the first pass keeps each business's distinct terms with their
 * frequency in each field packed in a byte (name 2 bits, category words 3 bits, description 3 bits); the second
 * lays the postings out term by term and turns that byte into the term's BM25F weight in the business (fields
 * weighted name 3 > category words 2 > description 1, each normalised by its length, saturated by k1), quantised
 * to 1..255, so that a query multiplies it by the term's IDF and no more. The last word is a prefix (a sorted
 * vocabulary and binary search give its range of terms), and a word in no term is corrected by trigram similarity
 * over the vocabulary of surface words (typo.ts).
 */

const FIELD_WEIGHTS = [3, 2, 1] as const;
const FIELD_B = [0.75, 0.75, 0.75] as const;
const K1 = 1.2;
/** Largest frequency each field's bits hold: name 2 bits, category words 3 bits, description 3 bits. */
const TF_MAX = [3, 7, 7] as const;
const TF_SHIFT = [0, 2, 5] as const;

/** A typed array that grows by doubling, for the first pass whose size is not known in advance. */
class GrowingArray<T extends Uint8Array | Uint32Array> {
  length = 0;
  constructor(
    public values: T,
    private readonly bigger: (length: number) => T,
  ) {}

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = this.bigger(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
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
  private readonly union: UnionCursor;
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
    const docTerms = new GrowingArray(new Uint32Array(1024), (length) => new Uint32Array(length));
    const docFrequencies = new GrowingArray(new Uint8Array(1024), (length) => new Uint8Array(length));
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
    this.union = new UnionCursor(n);
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
   * Document at a time: each group is a cursor over ascending slots (a word's postings, or the union of a prefix's
   * terms gathered in a bitset), the rarest group leads, and the others leap to its slot by galloping search; a
   * slot all groups reach is a match, checked against the filters, counted, and scored only then.
   */
  private run(groups: number[][], filter: SlotFilter, columns: FilterColumns, page: number) {
    const [first, second] = groups as [number[], number[] | undefined];
    if (groups.length === 1 && first.length === 1) return this.runOneTerm(first[0] as number, filter, columns, page);
    if (groups.length === 1) return this.runOneGroup(first, filter, columns, page);
    if (groups.length === 2 && first.length === 1 && second?.length === 1) {
      return this.runTwoTerms(first[0] as number, second[0] as number, filter, columns, page);
    }
    if (groups.length === 2 && second !== undefined && (first.length === 1 || second.length === 1)) {
      const [word, prefix] = first.length === 1 ? [first, second] : [second, first];
      return this.runWordAndPrefix(word[0] as number, prefix, filter, columns, page);
    }
    const union = this.union;
    const cursors: Cursor[] = groups
      .map((group) => ({ group, size: this.groupSize(group) }))
      .sort((a, b) => a.size - b.size)
      .map(({ group }) =>
        group.length === 1 ? new TermCursor(group[0] as number, this.offsets, this.postings, this.idf, this.impacts) : union.gather(group, this),
      );
    try {
      const lead = cursors[0] as Cursor;
      const top = new TopSlots((page + 1) * PAGE_SIZE);
      let total = 0;
      let target = lead.current();
      while (target !== END) {
        let aligned = true;
        for (let index = 1; index < cursors.length; index += 1) {
          const cursor = cursors[index] as Cursor;
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
          for (const cursor of cursors) score += cursor.score();
          if (score >= top.threshold) top.offer(target, score);
        }
        for (const cursor of cursors) cursor.seek(target + 1);
        target = lead.current();
      }
      return { total, slots: top.page(page) };
    } finally {
      union.release();
    }
  }

  /** For the prefix's union: each posting of `term` as (slot, share of the score). */
  forEachPosting(term: number, visit: (slot: number, score: number) => void): void {
    const idf = this.idf[term] as number;
    for (let position = this.offsets[term] as number; position < (this.offsets[term + 1] as number); position += 1) {
      visit(this.postings[position] as number, idf * (this.impacts[position] as number));
    }
  }

  /**
   * A prefix alone, of several terms ("car": car, card, care, carpet…): term by term, a bitset telling a business
   * met before (counted once, its score the best of its terms'), straight into the page's top.
   */
  private runOneGroup(terms: readonly number[], filter: SlotFilter, columns: FilterColumns, page: number) {
    const top = new TopSlots((page + 1) * PAGE_SIZE);
    const { postings, impacts } = this;
    const bits = this.union.bitset();
    let total = 0;
    let lowest = 0xffffffff;
    let highest = 0;
    for (const term of terms) {
      const idf = this.idf[term] as number;
      for (let position = this.offsets[term] as number; position < (this.offsets[term + 1] as number); position += 1) {
        const slot = postings[position] as number;
        const word = slot >>> 5;
        const bit = 1 << (slot & 31);
        const seen = ((bits[word] as number) & bit) !== 0;
        if (!seen) {
          bits[word] = (bits[word] as number) | bit;
          if (slot < lowest) lowest = slot;
          if (slot > highest) highest = slot;
        }
        if (filter.any && !columns.accepts(slot, filter)) continue;
        const score = idf * (impacts[position] as number);
        if (!seen) {
          total += 1;
          if (score >= top.threshold) top.offer(slot, score);
        } else if (score >= top.threshold) top.raise(slot, score);
      }
    }
    if (lowest <= highest) bits.fill(0, lowest >>> 5, (highest >>> 5) + 1);
    return { total, slots: top.page(page) };
  }

  /** Two words of one term each (most two-word searches): a galloping merge of their postings. */
  private runTwoTerms(a: number, b: number, filter: SlotFilter, columns: FilterColumns, page: number) {
    const top = new TopSlots((page + 1) * PAGE_SIZE);
    const { postings, impacts, offsets } = this;
    const idfA = this.idf[a] as number;
    const idfB = this.idf[b] as number;
    let i = offsets[a] as number;
    const endA = offsets[a + 1] as number;
    let j = offsets[b] as number;
    const endB = offsets[b + 1] as number;
    let total = 0;
    while (i < endA && j < endB) {
      const slotA = postings[i] as number;
      const slotB = postings[j] as number;
      if (slotA < slotB) i = gallop(postings, i, endA, slotB);
      else if (slotB < slotA) j = gallop(postings, j, endB, slotA);
      else {
        if (!filter.any || columns.accepts(slotA, filter)) {
          total += 1;
          const score = idfA * (impacts[i] as number) + idfB * (impacts[j] as number);
          if (score > top.threshold) top.offer(slotA, score);
        }
        i += 1;
        j += 1;
      }
    }
    return { total, slots: top.page(page) };
  }

  /**
   * A word and a prefix of several terms ("wedding car"): the word's postings merged with each of the prefix's terms
   * in turn, a bitset telling a business met before (counted once, the prefix's share its best term's).
   */
  private runWordAndPrefix(word: number, prefix: readonly number[], filter: SlotFilter, columns: FilterColumns, page: number) {
    const top = new TopSlots((page + 1) * PAGE_SIZE);
    const { postings, impacts, offsets } = this;
    const bits = this.union.bitset();
    const idfWord = this.idf[word] as number;
    const startWord = offsets[word] as number;
    const endWord = offsets[word + 1] as number;
    let total = 0;
    let lowest = 0xffffffff;
    let highest = 0;
    for (const term of prefix) {
      const idf = this.idf[term] as number;
      let i = startWord;
      let j = offsets[term] as number;
      const end = offsets[term + 1] as number;
      while (i < endWord && j < end) {
        const slotWord = postings[i] as number;
        const slot = postings[j] as number;
        if (slotWord < slot) i = gallop(postings, i, endWord, slot);
        else if (slot < slotWord) j = gallop(postings, j, end, slotWord);
        else {
          const bit = 1 << (slot & 31);
          const seen = ((bits[slot >>> 5] as number) & bit) !== 0;
          if (!seen) {
            bits[slot >>> 5] = (bits[slot >>> 5] as number) | bit;
            if (slot < lowest) lowest = slot;
            if (slot > highest) highest = slot;
          }
          if (!filter.any || columns.accepts(slot, filter)) {
            const score = idfWord * (impacts[i] as number) + idf * (impacts[j] as number);
            if (!seen) {
              total += 1;
              if (score >= top.threshold) top.offer(slot, score);
            } else if (score >= top.threshold) top.raise(slot, score);
          }
          i += 1;
          j += 1;
        }
      }
    }
    if (lowest <= highest) bits.fill(0, lowest >>> 5, (highest >>> 5) + 1);
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

/** The first position in [from, end) whose slot is ≥ target (postings ascend): galloping, then binary search. */
function gallop(postings: Uint32Array, from: number, end: number, target: number): number {
  let low = from;
  if (low >= end || (postings[low] as number) >= target) return low;
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
  return low;
}

/** A group of the query walked in slot order: where it is, and the score of the slot it is at. */
interface Cursor {
  /** The slot it is at, or END. */
  current(): number;
  /** Moves to the first slot ≥ target. */
  seek(target: number): void;
  /** The group's share of the score of the slot it is at. */
  score(): number;
}

/** One term's postings. */
class TermCursor implements Cursor {
  private position: number;
  private readonly end: number;
  private readonly idf: number;

  constructor(
    term: number,
    offsets: Uint32Array,
    private readonly postings: Uint32Array,
    idf: Float32Array,
    private readonly impacts: Uint8Array,
  ) {
    this.position = offsets[term] as number;
    this.end = offsets[term + 1] as number;
    this.idf = idf[term] as number;
  }

  current(): number {
    return this.position < this.end ? (this.postings[this.position] as number) : END;
  }

  seek(target: number): void {
    this.position = gallop(this.postings, this.position, this.end, target);
  }

  score(): number {
    return this.idf * (this.impacts[this.position] as number);
  }
}

/**
 * The union of a prefix's terms: their slots set in a bitset of the whole directory (n / 8 bytes), each slot's
 * score the best of its terms' (a business with "clean" and "cleaner" is not counted twice), then walked in slot
 * order. One per index, gathered for a query and released after it.
 */
class UnionCursor implements Cursor {
  private readonly bits: Uint32Array;
  private readonly scores: Float32Array;
  private firstWord = 0;
  private lastWord = -1;
  private at = END;

  constructor(count: number) {
    this.bits = new Uint32Array(Math.ceil(count / 32) + 1);
    this.scores = new Float32Array(count);
  }

  /** The bitset, for a query that walks a prefix alone (it must leave it all zero). */
  bitset(): Uint32Array {
    return this.bits;
  }

  gather(terms: readonly number[], index: TypedTextIndex): this {
    const { bits, scores } = this;
    let lowest = END;
    let highest = 0;
    for (const term of terms) {
      index.forEachPosting(term, (slot, score) => {
        const word = slot >>> 5;
        const bit = 1 << (slot & 31);
        if (((bits[word] as number) & bit) === 0) {
          bits[word] = (bits[word] as number) | bit;
          scores[slot] = score;
          if (slot < lowest) lowest = slot;
          if (slot > highest) highest = slot;
        } else if (score > (scores[slot] as number)) scores[slot] = score;
      });
    }
    this.firstWord = lowest === END ? 0 : lowest >>> 5;
    this.lastWord = lowest === END ? -1 : highest >>> 5;
    this.at = lowest;
    return this;
  }

  current(): number {
    return this.at;
  }

  seek(target: number): void {
    if (this.at === END || target <= this.at) return;
    let word = target >>> 5;
    if (word > this.lastWord) {
      this.at = END;
      return;
    }
    let mask = (this.bits[word] as number) & (-1 << (target & 31));
    while (mask === 0) {
      word += 1;
      if (word > this.lastWord) {
        this.at = END;
        return;
      }
      mask = this.bits[word] as number;
    }
    this.at = word * 32 + (31 - Math.clz32(mask & -mask));
  }

  score(): number {
    return this.scores[this.at] as number;
  }

  release(): void {
    if (this.lastWord >= this.firstWord) this.bits.fill(0, this.firstWord, this.lastWord + 1);
    this.lastWord = -1;
    this.at = END;
  }
}
