import { expect } from 'vitest';
import { AppError } from '../../server/errors.ts';
import { createTenantService } from '../../server/tenants/service.ts';
import { makeDeps } from './app.ts';

/** The tenant service on a new in-memory database, and a row counter for its tables. */
export function tenantService() {
  const deps = makeDeps();
  const service = createTenantService(deps);
  const count = (table: string) => (deps.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { deps, service, count };
}

/** `fn` throws an AppError with `code`. */
export function expectAppError(fn: () => unknown, code: string) {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe(code);
}
