import type { Clock } from '../../clock';

export interface AnswerCacheOptions {
  /** The most answers kept: past it, the one least recently used goes. */
  maxEntries: number;
  /** How long an answer is kept from when it was asked for. */
  ttlMs: number;
  clock: Clock;
}

export interface AnswerCache<V> {
  /** The answer kept for the key, unless it has expired; `{ value }` so that a kept "nothing" is told from a miss. */
  get(key: string): { value: V } | undefined;
  set(key: string, value: V): void;
}

/** Answers of a slow or paid service, kept in this process for a while, at most `maxEntries` of them. */
export function createAnswerCache<V>({ maxEntries, ttlMs, clock }: AnswerCacheOptions): AnswerCache<V> {
  // A Map keeps insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, { value: V; expiresAt: number }>();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= clock().getTime()) return undefined;
      entries.set(key, entry);
      return { value: entry.value };
    },

    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: clock().getTime() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
