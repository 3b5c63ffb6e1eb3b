import { useEffect, useEffectEvent, useState } from 'react';
import { normaliseSearchText } from '../search-filter';

/** Typing pauses this long before the search runs: one request per word, not one per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What is typed in the search box, ahead of the searched `text` (the URL's).
 *
 * The draft is committed with `onCommit` once typing pauses for 300 ms, or at once with `flush` (Enter);
 * `take` hands it to another change (a state button) as committed. When `text` changes by other means
 * (Back, a shared link) the box shows it. When it changes because the box committed, the box is left
 * alone: the router applies a navigation as a transition, a moment later, and letters typed meanwhile
 * would otherwise be overwritten by the shorter word committed before them.
 */
export function useSearchTextDraft(text: string, onCommit: (text: string) => void) {
  const [draft, setDraft] = useState(text);
  const [seenText, setSeenText] = useState(text);
  // Texts the box committed that the URL has not shown yet, oldest first.
  const [pending, setPending] = useState<readonly string[]>([]);
  if (text !== seenText) {
    setSeenText(text);
    const own = pending.indexOf(text);
    if (own >= 0) {
      setPending(pending.slice(own + 1));
    } else {
      setPending([]);
      if (normaliseSearchText(draft) !== text) setDraft(text);
    }
  }

  /** The draft as it will be searched, noted as the box's own commit when it changes the search. */
  function take(): string {
    const value = normaliseSearchText(draft);
    if (value !== text) setPending((texts) => [...texts, value]);
    return value;
  }

  // The latest draft and onCommit, without restarting the pause each time the page re-renders.
  const commit = useEffectEvent(() => onCommit(take()));
  useEffect(() => {
    if (normaliseSearchText(draft) === text) return undefined;
    const timer = setTimeout(() => commit(), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, text]);

  return { draft, setDraft, flush: () => onCommit(take()), take };
}
