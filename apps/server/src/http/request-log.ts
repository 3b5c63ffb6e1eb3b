/**
 * Query parameters whose values open something: the one-time keys of e-mailed links (`?key=`), and anything
 * named as a secret. A log is read by more people, and kept longer, than any key may be known.
 */
const SECRET_PARAMETER = /^(key|token|code|password|secret)$/i;
export const REDACTED = '[REDACTED]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** The URL with the value of every secret-bearing query parameter replaced; everything else as it came. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return SECRET_PARAMETER.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryStart + 1)}${pairs.join('&')}`;
}

/** What Fastify passes to the `req` serializer: its request, typed by Fastify as Node's. */
interface LoggedRequest {
  method?: string | undefined;
  url?: string | undefined;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | undefined;
}

/** Fastify's own request serializer, with the URL's secrets redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Where log lines go instead of stdout; a test passes one to read them. */
export interface LogDestination {
  write(line: string): void;
}
