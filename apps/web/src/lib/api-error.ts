import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MESSAGES } from '@churchtrades/shared/messages';

/**
 * The text to show for a failed call: the server's envelope `message` when the answer carried one
 * (SPEC §8 "Forms show the server's data.message"), else the screen's fallback. Network failures,
 * time-outs and unparsable answers have no server message and get the fallback.
 */
export function getErrorMessage(
  error: FetchBaseQueryError | SerializedError | undefined,
  fallback: string = MESSAGES.errorOccurred,
): string {
  if (error && 'status' in error && 'data' in error) {
    const { data } = error;
    if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
      return data.message.trim() === '' ? fallback : data.message;
    }
  }
  return fallback;
}

/** A successful answer's message, else the screen's fallback (SPEC §8 "Success fallbacks"). */
export function successMessage(message: string | undefined, fallback: string): string {
  return message && message.trim() !== '' ? message : fallback;
}
