import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openTenantService } from '../../cli/lib/tenant-service.ts';
import { keySalt, noteKeySalt } from '../../server/auth/key-salt.ts';
import { readConfig } from '../../server/config.ts';

/** The CLI writes keys to the data dir itself: drawn as its last serve drew them, or refused saying why. */
describe('keys made by the CLI against the token its data dir\'s last serve noted', () => {
  /** A data dir whose last serve ran with `serveToken` (null: none); the CLI's service on it with `cliToken`. */
  function cliAfterServe(serveToken: string | null, cliToken: string) {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-cli-salt-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const served = openTenantService(readConfig({ FLEET_DATA_DIR: dataDir }), false);
    noteKeySalt(served.db, keySalt(serveToken));
    served.db.close();
    const { db, tenants } = openTenantService(readConfig({ FLEET_DATA_DIR: dataDir, FLEET_CONTROL_TOKEN: cliToken }), false);
    onTestFinished(() => void db.close());
    const ids = () => db.prepare("SELECT value FROM counters WHERE name = 'ids'").pluck().get() as number;
    return { tenants, tenantId: tenants.createTenant('Flota').id, ids };
  }

  it.each([
    ['without a token, the CLI with one', null, 'un-token-de-la-cli-1234', 'se arrancó sin FLEET_CONTROL_TOKEN: quítalo aquí'],
    ['with a token, the CLI with another', 'el-token-del-serve-1234', 'un-token-de-la-cli-1234', 'se arrancó con otro FLEET_CONTROL_TOKEN: define el suyo'],
    ['with a token, the CLI with none', 'el-token-del-serve-1234', '', 'se arrancó con FLEET_CONTROL_TOKEN: defínelo también aquí'],
  ])('when serve ran %s, then the key is refused saying so, and no id is drawn', (_case, serveToken, cliToken, message) => {
    const { tenants, tenantId, ids } = cliAfterServe(serveToken, cliToken);
    const before = ids();

    expect(() => tenants.createKey(tenantId)).toThrow(message);
    expect(ids()).toBe(before);
    expect(tenants.listKeys(tenantId)).toEqual([]);
  });

  it.each([['none', null, ''], ['the same token', 'el-token-del-serve-1234', 'el-token-del-serve-1234']])('when serve and the CLI have %s, then the key is made', (_case, serveToken, cliToken) => {
    const { tenants, tenantId } = cliAfterServe(serveToken, cliToken);

    expect(tenants.createKey(tenantId).key).toMatch(/^fk_test_[0-9a-f]{12}_[A-Za-z0-9]{32}$/);
  });
});
