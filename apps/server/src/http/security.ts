import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Where map tiles come from, as a CSP source: the only images the page may load from another origin.
 * `{s}` subdomain templates become a wildcard.
 */
export function tileImageSource(tileUrl: string): string | undefined {
  if (!URL.canParse(tileUrl.replace('{s}', 'tiles'))) return undefined;
  const { origin } = new URL(tileUrl.replace('{s}', 'tiles'));
  return tileUrl.includes('{s}') ? origin.replace('//tiles.', '//*.') : origin;
}

/**
 * Browser features no page of the app uses are refused to it and to anything it embeds; "Near me" asks for the
 * position, so geolocation stays open to the app's own pages.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Security headers with a Content-Security-Policy the web app passes, and a refusal of state-changing
 * requests from another origin (cross-site request forgery). Requests without Origin or Referer come
 * from non-browser clients (the mobile apps), which carry no ambient cookies to abuse.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { appOrigin: string; mapTileUrl: string }) => {
  const tiles = tileImageSource(options.mapTileUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The enquiry form's proof-of-work widget solves its challenge in workers the build serves from this
        // origin (altcha's external build), never from blob: URLs a script could fill with anything.
        workerSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: for the stylesheet's inline icons and the map's markers, which the build inlines.
        imgSrc: ["'self'", 'data:', ...(tiles ? [tiles] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    const origin = requestOrigin(request);
    if (origin !== undefined && origin !== options.appOrigin) {
      throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
    }
  });
});
