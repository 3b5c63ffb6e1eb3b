export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** The one error services throw; the error handler maps it to the envelope. Services never see HTTP. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The payload's field the message is about, when it is one: a form shows the message under it. */
  readonly field: string | undefined;

  constructor(code: AppErrorCode, message: string, options: { field?: string } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
  }

  get statusCode(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/** Refused for now: the caller may try again after `retryAfterSeconds` (sent as Retry-After). */
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', message);
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
