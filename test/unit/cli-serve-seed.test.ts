import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openTenantService } from '../../cli/lib/tenant-service.ts';
import { readConfig } from '../../server/config.ts';
import { noteSeed } from '../../server/lib/serve-seed.ts';

/** A data dir; `servedSeed`, when given, noted as its last serve's seed. */
function dataDir(servedSeed?: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-cli-seed-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  if (servedSeed !== undefined) {
    const { db } = openTenantService(readConfig({ FLEET_DATA_DIR: dir }), false);
    noteSeed(db, servedSeed);
    db.close();
  }
  return dir;
}

/** The CLI's service on a data dir, with FLEET_SEED given (or not), closed after the test. */
function cli(dir: string, seed?: number) {
  const env = { FLEET_DATA_DIR: dir, ...(seed !== undefined && { FLEET_SEED: String(seed) }) };
  const { db, tenants } = openTenantService(readConfig(env), seed !== undefined);
  onTestFinished(() => void db.close());
  return tenants;
}

/** The CLI writes tenants and keys to the data dir itself: drawn from its last serve's seed (contract §2). */
describe('tenants and keys made by the CLI against the seed its data dir\'s last serve noted', () => {
  it('when FLEET_SEED is not given, then the tenant and key are those serve\'s seed draws, not the default seed\'s', () => {
    const served = cli(dataDir(7));
    const tenant = served.createTenant('Flota');
    const key = served.createKey(tenant.id);
    const sameSeed = cli(dataDir(), 7);
    const expected = sameSeed.createTenant('Flota');

    expect(tenant.id).toBe(expected.id);
    expect(key.key).toBe(sameSeed.createKey(expected.id).key);
    expect(tenant.id).not.toBe(cli(dataDir()).createTenant('Flota').id);
  });

  it('when FLEET_SEED is given and is serve\'s own, then the tenant is made', () => {
    expect(cli(dataDir(7), 7).createTenant('Flota').id).toBe(cli(dataDir(), 7).createTenant('Flota').id);
  });

  it('when FLEET_SEED is given and differs from serve\'s, then making a tenant is refused naming both, and reading still works', () => {
    const dir = dataDir(7);
    const made = cli(dir).createTenant('Flota');
    const other = cli(dir, 42);

    expect(() => other.createTenant('Otra')).toThrow('se arrancó con FLEET_SEED=7, no 42: quita FLEET_SEED aquí o usa el suyo');
    expect(() => other.createKey(made.id)).toThrow('FLEET_SEED=7, no 42');
    expect(other.store.listTenants().map((t) => t.name)).toEqual(['Flota']);
  });

  it('when no serve has run on the data dir, then FLEET_SEED (or its default) is used', () => {
    expect(cli(dataDir(), 7).createTenant('Flota').id).not.toBe(cli(dataDir()).createTenant('Flota').id);
  });
});
