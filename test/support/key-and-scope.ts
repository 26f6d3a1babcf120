import { expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../server/auth/scopes.ts';
import type { makeTestApp } from './app.ts';

export type ScopedEndpoint = readonly ['get' | 'post' | 'patch' | 'delete', string, Scope];

/**
 * The two tests every scoped endpoint gets: 401 UNAUTHORIZED without a key, and 403
 * INSUFFICIENT_SCOPE naming its scope for a key holding every scope but that one. `app` is called
 * as each test runs (files build a fresh app per test); `body()` goes with every request.
 */
export function itRequiresKeyAndScope(app: () => ReturnType<typeof makeTestApp>, endpoints: readonly ScopedEndpoint[], body: () => object) {
  it.each(endpoints)('when %s %s has no key, then it answers 401 UNAUTHORIZED', async (method, path) => {
    const res = await app().request[method](path).send(body());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it.each(endpoints)('when %s %s is called without %s, then it answers 403 INSUFFICIENT_SCOPE', async (method, path, scope) => {
    const { auth } = app().newTenant('Flota Limitada', SCOPES.filter((s) => s !== scope));
    const res = await app().request[method](path).set(auth).send(body());
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', details: { requiredScope: scope } });
  });
}
