import { z } from 'zod';
import { CLIENT_ERROR_LIMITS } from './constants';
import { MESSAGES } from './messages';

/** What the transport reports when no HTTP status came back (SPEC §8). */
export const TRANSPORT_FAILURES = ['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'] as const;

/**
 * An error the web app met, as it reports it to the server's log (SPEC §8 "A shared handler logs errors").
 * Nothing personal: the route's pattern (`/business/:id/:slug`, never a query string), the HTTP status or
 * transport failure, and the error's name and message; no body, no user id.
 */
export const clientErrorReportSchema = z
  .object({
    kind: z.enum(['call', 'render']),
    route: z
      .string()
      .max(CLIENT_ERROR_LIMITS.route)
      .regex(/^\/[^?#\s]*$/, MESSAGES.clientErrorRouteInvalid),
    status: z.union([z.number().int().min(100).max(599), z.enum(TRANSPORT_FAILURES)]).optional(),
    name: z.string().max(CLIENT_ERROR_LIMITS.name),
    message: z.string().max(CLIENT_ERROR_LIMITS.message),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
