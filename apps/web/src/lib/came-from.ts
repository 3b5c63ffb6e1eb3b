import type { Location } from 'react-router';

/** What the authenticated area's guard hands to /login: where the visitor was going (SPEC §2). */
export interface CameFromState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function cameFromState(location: CameFromState['from']): CameFromState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/**
 * The path the visitor came from, or null. Location state can hold anything a page pushed, so it is read
 * defensively, and only a path on this site is accepted: never a redirect to another origin.
 */
export function cameFromPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from !== 'object' || from === null || !('pathname' in from) || typeof from.pathname !== 'string') {
    return null;
  }
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  const path = `${from.pathname}${search}${hash}`;
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
}
