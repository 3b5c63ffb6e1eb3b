import { z } from 'zod';

/** Whether an id taken from a path or a query is a UUID: anything else names no row, and is not sent to SQL. */
export function isUuid(value: string): boolean {
  return z.uuid().safeParse(value).success;
}
