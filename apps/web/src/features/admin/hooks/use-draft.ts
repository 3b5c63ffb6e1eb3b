import { useState } from 'react';

/**
 * What a text box shows while it is typed in, starting from (and reset to) `value`, the applied text: Back
 * and Forward change the applied text, and the box must follow them.
 */
export function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  return [draft, setDraft] as const;
}
