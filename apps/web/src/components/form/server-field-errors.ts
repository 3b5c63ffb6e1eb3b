import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getFieldErrors } from '../../lib/api-error';

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
