import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { createTenantStore } from '../../server/tenants/store.ts';

const NOW = '2026-05-04T12:00:00.000Z';
const dirs: string[] = [];
const opened: Database.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data dir's api.db with one tenant and one key, and the tenant store of that connection. */
function world(): { db: Db; file: string; store: ReturnType<typeof createTenantStore> } {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-key-cache-'));
  dirs.push(dir);
  const file = join(dir, 'api.db');
  const db = openDatabase(file);
  opened.push(db);
  const store = createTenantStore(db);
  store.insertTenant({ id: 't1', name: 'Flota', status: 'active', created_at: NOW });
  store.insertKey({ id: 'k1', tenant_id: 't1', prefix: 'fk_test_aaaaaaaaaaaa', secret_hash: Buffer.alloc(32), scopes: '[]', environment: 'test', created_at: NOW });
  return { db, file, store };
}

describe('the key rows kept between requests', () => {
  it('when a key read before is revoked, then the next lookup sees it revoked', () => {
    const { store } = world();
    expect(store.keyWithTenant('fk_test_aaaaaaaaaaaa')).toMatchObject({ id: 'k1', revoked_at: null });

    store.revokeKey('k1', NOW);

    expect(store.keyWithTenant('fk_test_aaaaaaaaaaaa')).toMatchObject({ id: 'k1', revoked_at: NOW });
  });

  it('when the tenant\'s clock offset or status changes on this connection, then the next lookup has it', () => {
    const { db, store } = world();
    store.keyWithTenant('fk_test_aaaaaaaaaaaa');

    db.prepare("UPDATE tenants SET clock_offset_ms = 86400000, status = 'pending' WHERE id = 't1'").run();

    expect(store.keyWithTenant('fk_test_aaaaaaaaaaaa')).toMatchObject({ tenant_offset_ms: 86_400_000, tenant_status: 'pending' });
  });

  it('when another connection (a thread, another process) deletes the key, then the next lookup finds none', () => {
    const { file, store } = world();
    store.keyWithTenant('fk_test_aaaaaaaaaaaa');
    const other = new Database(file);
    opened.push(other);

    other.prepare("DELETE FROM api_keys WHERE id = 'k1'").run();

    expect(store.keyWithTenant('fk_test_aaaaaaaaaaaa')).toBeUndefined();
  });

  it('when a prefix was looked up before its key existed, then the key is found once made', () => {
    const { store } = world();
    expect(store.keyWithTenant('fk_test_bbbbbbbbbbbb')).toBeUndefined();

    store.insertKey({ id: 'k2', tenant_id: 't1', prefix: 'fk_test_bbbbbbbbbbbb', secret_hash: Buffer.alloc(32), scopes: '[]', environment: 'test', created_at: NOW });

    expect(store.keyWithTenant('fk_test_bbbbbbbbbbbb')).toMatchObject({ id: 'k2' });
  });

  it('when nothing changed, then the same rows answer without another read', () => {
    const { store } = world();
    const first = store.keyWithTenant('fk_test_aaaaaaaaaaaa');

    expect(store.keyWithTenant('fk_test_aaaaaaaaaaaa')).toBe(first);
  });

  it('when a whole-table delete runs (as a reset or restore does), then the kept rows go', () => {
    const { db, store } = world();
    store.keyWithTenant('fk_test_aaaaaaaaaaaa');

    db.exec('DELETE FROM api_keys');

    expect(store.keyWithTenant('fk_test_aaaaaaaaaaaa')).toBeUndefined();
  });
});
