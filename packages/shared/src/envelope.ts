import { z } from 'zod';
import { MESSAGES } from './messages';

/** Every API answer is this envelope; `status` is the HTTP reason in upper snake case. */
export const HTTP_STATUSES = {
  200: 'OK',
  201: 'CREATED',
  202: 'ACCEPTED',
  304: 'NOT_MODIFIED',
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
} as const;

export type HttpStatusName = (typeof HTTP_STATUSES)[keyof typeof HTTP_STATUSES];

export function statusName(statusCode: number): string {
  return (HTTP_STATUSES as Record<number, string>)[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

export const fieldErrorSchema = z
  .object({
    field: z.string().describe("The request's field at fault, its path joined with dots (`address.postcode`)"),
    message: z.string().describe('What is wrong with it, to show under the field'),
  })
  .meta({ id: 'FieldError', description: 'A field of the request and what is wrong with it' });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    timeStamp: z.string(),
    statusCode: z.number().int(),
    status: z.string(),
    message: z.string(),
    data,
  });
}

/** A refused or failed request's answer: the envelope, with the fields at fault in `data.errors` when fields are. */
export const refusalSchema = envelopeSchema(
  z.object({ errors: z.array(fieldErrorSchema).optional().describe('The fields at fault, when the refusal is about fields') }),
).meta({
  id: 'Envelope',
  description:
    'The envelope every answer comes in. On a refusal or failure, `message` says why in words to show, `status` names the HTTP status and `data.errors` lists the fields at fault when there are any.',
});

export interface Envelope<T> {
  timeStamp: string;
  statusCode: number;
  status: string;
  message: string;
  data: T;
}

export const NOT_LOGGED_IN_MESSAGE = MESSAGES.notLoggedIn;
