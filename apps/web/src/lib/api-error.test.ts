import { describe, expect, it } from 'vitest';
import { getErrorMessage } from './api-error';

describe('getErrorMessage', () => {
  it("shows the server's message", () => {
    expect(getErrorMessage({ status: 400, data: { message: 'Email is required' } })).toBe('Email is required');
  });

  it('falls back when the error carries no message', () => {
    expect(getErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('An error occurred');
    expect(getErrorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, 'Try later')).toBe('Try later');
    expect(
      getErrorMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }, 'Try later'),
    ).toBe('Try later');
    expect(getErrorMessage({ status: 500, data: { message: '' } }, 'Try later')).toBe('Try later');
    expect(getErrorMessage({ message: 'thrown' }, 'Try later')).toBe('Try later');
    expect(getErrorMessage(undefined)).toBe('An error occurred');
  });
});
