import type { FieldError } from '@churchtrades/shared/envelope';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

function isFieldError(item: unknown): item is FieldError {
  if (typeof item !== 'object' || item === null) return false;
  return 'field' in item && typeof item.field === 'string' && 'message' in item && typeof item.message === 'string';
}

/** The fields a failed call's answer names (`data.errors` of the envelope), each with its message. */
export function getFieldErrors(error: FetchBaseQueryError | SerializedError | undefined): FieldError[] {
  if (!error || !('status' in error) || !('data' in error)) return [];
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('data' in data)) return [];
  const body = data.data;
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(isFieldError);
}

/**
 * Shows under each of `fields` the message the server gave for it (a password too easy to guess, which only the
 * server can tell). False when the answer named none of them: the form's alert shows the message instead.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: FetchBaseQueryError | SerializedError | undefined,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  const named = getFieldErrors(error).filter((fieldError) => fields.includes(fieldError.field as Path<T>));
  for (const { field, message } of named) setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
  return named.length > 0;
}
