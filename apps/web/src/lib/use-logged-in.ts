import { useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeToSession } from './session';

/** The logged-in flag, re-read whenever it changes, so a screen can follow a logout or an expired session. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, isLoggedIn);
}
