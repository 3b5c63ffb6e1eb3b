import { createHash } from 'node:crypto';

/** `data` of a map answer as JSON text, with its entity tag. */
export interface MapAnswer {
  json: string;
  /** A weak ETag of `json`, computed once per answer rather than once per request. */
  tag: string;
}

export interface MapAnswers {
  /**
   * The answer kept for `key` at `version`, or the one `compute` gives, kept for the next request: one
   * computation however many requests ask for it at once. `version` must be read before `compute` runs (see
   * db/schema.ts `directoryVersion`), so that what is kept is never older than the version it is kept under.
   */
  answer(key: string, version: number, compute: () => Promise<string>): Promise<MapAnswer>;
}

/** How many filters' answers a process keeps: each is up to ~450 kB, the whole country's and the states' the most asked. */
export const MAP_ANSWERS_KEPT = 64;

function tagOf(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** Answers kept in this process, the least recently asked dropped first; `kept` 0 keeps none. */
export function createMapAnswers(kept = MAP_ANSWERS_KEPT): MapAnswers {
  const answers = new Map<string, { version: number; answer: Promise<MapAnswer> }>();

  function keep(key: string, version: number, answer: Promise<MapAnswer>): void {
    answers.delete(key);
    answers.set(key, { version, answer });
    const oldest = answers.keys().next().value;
    if (answers.size > kept && oldest !== undefined) answers.delete(oldest);
  }

  return {
    answer(key, version, compute) {
      const found = answers.get(key);
      if (found && found.version === version) {
        keep(key, version, found.answer);
        return found.answer;
      }
      const answer = compute().then((json) => ({ json, tag: tagOf(json) }));
      if (kept === 0) return answer;
      keep(key, version, answer);
      // A failure is not kept: the next request tries again.
      answer.catch(() => {
        if (answers.get(key)?.answer === answer) answers.delete(key);
      });
      return answer;
    },
  };
}
