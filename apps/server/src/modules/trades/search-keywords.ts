export interface SearchKeywordSources {
  mainCategory?: { name: string; tags: string } | null;
  subCategory?: { name: string; tags: string } | null;
  suburb?: string | null;
}

/**
 * Words a trade is found by beyond its own text: its categories' names and tags and its suburb.
 * Stemming alone does not take "plumbing" to "plumber", so the category's vocabulary must be indexed.
 */
export function tradeSearchKeywords({ mainCategory, subCategory, suburb }: SearchKeywordSources): string {
  return [mainCategory?.name, mainCategory?.tags, subCategory?.name, subCategory?.tags, suburb]
    .filter((part): part is string => Boolean(part && part.trim()))
    .map((part) => part.replaceAll(',', ' ').replace(/\s+/g, ' ').trim())
    .join(' ');
}
