/**
 * The typo fallback of the hand-made index (and of FlexSearch, which has no edit-distance search in its frugal
 * configuration): a word that matches nothing is read as the indexed word most like it by pg_trgm's similarity
 * (the product's `trigram-similarity.ts`: padded with two spaces before and one after, shared trigrams over all
 * trigrams of either), at least `minimum` alike, ties to the first alphabetically. An inverted index of the
 * vocabulary's trigrams finds the words sharing any trigram, so the vocabulary is not compared word by word.
 */
export class TypoCorrector {
  private readonly words: string[];
  private readonly trigramCounts: Uint8Array;
  private readonly postings = new Map<string, Uint32Array>();
  private readonly shared: Uint16Array;

  constructor(vocabulary: Iterable<string>) {
    this.words = [...new Set(vocabulary)].sort();
    this.trigramCounts = new Uint8Array(this.words.length);
    this.shared = new Uint16Array(this.words.length);
    const lists = new Map<string, number[]>();
    this.words.forEach((word, index) => {
      const trigrams = trigramsOf(word);
      this.trigramCounts[index] = Math.min(255, trigrams.size);
      for (const trigram of trigrams) {
        let list = lists.get(trigram);
        if (!list) lists.set(trigram, (list = []));
        list.push(index);
      }
    });
    for (const [trigram, list] of lists) this.postings.set(trigram, Uint32Array.from(list));
  }

  get size(): number {
    return this.words.length;
  }

  correct(typed: string, minimum: number): string | undefined {
    const trigrams = trigramsOf(typed);
    const touched: number[] = [];
    for (const trigram of trigrams) {
      const list = this.postings.get(trigram);
      if (!list) continue;
      for (let at = 0; at < list.length; at += 1) {
        const index = list[at] as number;
        if (this.shared[index] === 0) touched.push(index);
        this.shared[index] = (this.shared[index] as number) + 1;
      }
    }
    let best = -1;
    let bestSimilarity = 0;
    for (const index of touched) {
      const shared = this.shared[index] as number;
      this.shared[index] = 0;
      const similarity = shared / (trigrams.size + (this.trigramCounts[index] as number) - shared);
      if (similarity < minimum) continue;
      if (best < 0 || similarity > bestSimilarity || (similarity === bestSimilarity && index < best)) {
        best = index;
        bestSimilarity = similarity;
      }
    }
    return best < 0 ? undefined : this.words[best];
  }
}

function trigramsOf(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const found = new Set<string>();
  for (let start = 0; start + 3 <= padded.length; start += 1) found.add(padded.slice(start, start + 3));
  return found;
}
