import type { RequestHandler } from 'express';
import { AppError } from '../errors.ts';
import type { KeyOwner } from '../journal/capture.ts';
import type { TenantStore } from '../tenants/store.ts';
import { isScope, type Scope } from './scopes.ts';
import { prefixOf, secretMatches } from './secrets.ts';

export interface AuthContext {
  tenantId: string;
  tenantName: string;
  keyId: string;
  keyPrefix: string;
  scopes: Scope[];
  environment: 'live' | 'test';
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth: AuthContext;
    }
  }
}

/** RFC 9110 §11.6.1: a 401 says which scheme it wants, as the control API's does (control/guard.ts). */
const unauthorized = () => new AppError('UNAUTHORIZED', undefined, null, { 'WWW-Authenticate': 'Bearer realm="v1"' });

/**
 * Bearer key → tenant: sets `req.auth` or throws. Missing, malformed, unknown and revoked keys all
 * answer the same 401.
 */
export function keyAuthenticator(store: TenantStore): RequestHandler {
  return (req, res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) throw unauthorized();
    const secret = match[1];
    const prefix = prefixOf(secret);
    const key = prefix ? store.keyWithTenant(prefix) : undefined;
    if (!secretMatches(secret, key?.secret_hash) || !key) throw unauthorized();
    // Known from here on: the world's journal keeps this request even when it is refused (contract §5).
    res.locals.keyOwner = { tenantId: key.tenant_id, keyId: key.id, keyPrefix: key.prefix, offsetMs: key.tenant_offset_ms } satisfies KeyOwner;
    if (key.revoked_at) throw unauthorized();
    if (key.tenant_status === 'pending') throw new AppError('TENANT_PENDING');
    req.auth = {
      tenantId: key.tenant_id,
      tenantName: key.tenant_name,
      keyId: key.id,
      keyPrefix: key.prefix,
      scopes: key.scopes.split(',').filter(isScope),
      environment: key.environment,
    };
    next();
  };
}

/** Throws INSUFFICIENT_SCOPE unless the request's key has `scope`. */
export function checkScope(auth: AuthContext, scope: Scope): void {
  if (!auth.scopes.includes(scope)) {
    throw new AppError('INSUFFICIENT_SCOPE', `La clave de API no tiene el permiso ${scope}.`, { requiredScope: scope });
  }
}

/** Throws INSUFFICIENT_SCOPE unless the request's key has one of `scopes` (`details.anyOfScopes`), `why` said after them. */
export function checkAnyScope(auth: AuthContext, scopes: readonly Scope[], why: string): void {
  if (!scopes.some((scope) => auth.scopes.includes(scope))) {
    throw new AppError('INSUFFICIENT_SCOPE', `La clave de API no tiene el permiso ${scopes.join(' ni ')}: ${why}.`, { anyOfScopes: scopes });
  }
}

/** Answers 403 INSUFFICIENT_SCOPE, before the route's handler, unless the request's key has `scope`. */
export function requireScope(scope: Scope): RequestHandler {
  return (req, _res, next) => {
    checkScope(req.auth, scope);
    next();
  };
}
