import type { CorsOptions } from 'cors';
import { REQUEST_ID_HEADER } from './request-id.ts';
import { UNKNOWN_QUERY_HEADER } from './unknown-query.ts';
import { UNKNOWN_FIELDS_HEADER } from './unknown-fields.ts';
import { FAULT_HEADER } from '../faults/middleware.ts';
import { PLATFORM_FAULT_HEADER } from '../lib/platform-fault-header.ts';

/**
 * CORS for a web front end under development (FLEET_CORS_ORIGINS). Keys travel in the
 * Authorization header, never in cookies, so credentials stay off. The headers a client acts on
 * (request id, rate limits, Retry-After) are exposed to the page's script.
 */
export function corsOptions(origins: string[] | '*'): CorsOptions {
  return {
    origin: origins,
    exposedHeaders: [
      REQUEST_ID_HEADER,
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'RateLimit-Policy',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      // The testbed's own: which fault rule or platform fault answered, which query parameters were ignored.
      FAULT_HEADER,
      PLATFORM_FAULT_HEADER,
      UNKNOWN_QUERY_HEADER,
      UNKNOWN_FIELDS_HEADER,
    ],
    // A day: the browser need not ask again before every call.
    maxAge: 86_400,
  };
}

/**
 * The control API's CORS: the configured origins that `allowed` lets by. Without a token, only loopback
 * ones (a web tool under development on this machine), never another site's, `*` included
 * (localPagesOnly refuses those); with one, the configured ones, which need the token anyway.
 */
export function controlCorsOptions(origins: string[] | '*', allowed: (origin: string) => boolean): CorsOptions {
  return { ...corsOptions(origins), origin: (origin, done) => done(null, origin !== undefined && allowed(origin) && (origins === '*' || origins.includes(origin))) };
}
