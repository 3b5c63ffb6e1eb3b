/**
 * pg_trgm's `similarity()` for single words of letters and digits, computed here so that a typo can be
 * matched against the category vocabulary without asking the database: a word is padded with two spaces
 * before and one after, its trigrams are every three consecutive characters, and the similarity is the
 * number of trigrams both words share over the number either has.
 */
export function trigramSimilarity(a: string, b: string): number {
  const first = trigrams(a);
  const second = trigrams(b);
  let shared = 0;
  for (const trigram of first) if (second.has(trigram)) shared += 1;
  const either = first.size + second.size - shared;
  return either === 0 ? 0 : shared / either;
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const found = new Set<string>();
  for (let start = 0; start + 3 <= padded.length; start += 1) found.add(padded.slice(start, start + 3));
  return found;
}

/** The vocabulary word most like `typed` (ties: the first in alphabetical order), if any is at least `minimum` alike. */
export function closestWord(typed: string, vocabulary: readonly string[], minimum: number): string | undefined {
  let best: { word: string; similarity: number } | undefined;
  for (const word of vocabulary) {
    const similarity = trigramSimilarity(typed, word);
    if (similarity < minimum) continue;
    const better = !best || similarity > best.similarity || (similarity === best.similarity && word < best.word);
    if (better) best = { word, similarity };
  }
  return best?.word;
}
